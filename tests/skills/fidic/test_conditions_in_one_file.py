"""General Conditions followed, in the same file, by Particular Conditions that amend them.

Many construction contracts come as one document: the agreement, the General Conditions, then a part headed
"Particular Conditions" (or "Special Conditions") whose paragraphs repeat the GC's numbers ("Sub-Clause 8.7 ...
The final paragraph of Sub-Clause 8.7 is deleted."). That part is read as the PC it is: its paragraphs are
clauses of their own (not the tail of the GC's last Sub-Clause), the FIDIC skills merge it into the GC, and
the GC words it takes away are no longer read as the contract's. Two drafting styles, neither from the test
sets: a Markdown part with bold run-in headings, and a capitals heading with "Clause 14.7:" instructions.
"""

from __future__ import annotations

from fidic_helpers import call

from paralaw.skills.documents.parser import parse_text
from paralaw.skills.fidic.context import split_conditions
from paralaw.skills.reading.document import read_document

_GENERAL = """# DESIGN AND BUILD CONTRACT – PUMP STATION 4

Between Kestrel Municipal Water Board (the "Employer") and Ardent Civils Limited (the "Contractor").

## PART 1 – GENERAL CONDITIONS

### Clause 1 – General

**Sub-Clause 1.1 Definitions.** In the Contract the words defined in the Appendix have the meanings given there.

**Sub-Clause 1.2 Interpretation.** Headings do not affect the interpretation of the Contract.

**Sub-Clause 1.3 Notices.** Every notice shall be in writing and delivered by hand or by the agreed electronic system.

### Clause 8 – Time

**Sub-Clause 8.1 Commencement.** The Contractor shall commence the Works within 14 days after the Commencement Date.

**Sub-Clause 8.2 Time for Completion.** The Contractor shall complete the Works within the Time for Completion.

**Sub-Clause 8.7 Delay Damages.** If the Contractor fails to complete the Works within the Time for Completion, the Contractor shall pay delay damages to the Employer at the rate stated in the Appendix for each day of delay.

The total amount of delay damages shall not exceed ten per cent of the Contract Price.

### Clause 14 – Payment

**Sub-Clause 14.1 Contract Price.** The Contract Price is the lump sum stated in the Appendix.

**Sub-Clause 14.6 Payment.** The Employer shall pay to the Contractor the amount of each interim certificate within 28 days after the Contractor submits its statement.

**Sub-Clause 14.8 Final Payment.** The Employer shall pay the final certificate within 56 days after it is issued.

### Clause 20 – Claims

**Sub-Clause 20.1 Contractor's Claims.** If the Contractor considers itself entitled to an extension of time or additional payment, it shall give notice of the claim to the Employer not later than 28 days after it became aware of the event.

**Sub-Clause 20.2 Arbitration.** Any dispute not settled shall be finally resolved by arbitration in Wellington.
"""

MARKDOWN_PC = _GENERAL + """
## PART 2 – PARTICULAR CONDITIONS

The General Conditions are amended as follows.

**Sub-Clause 8.7 Delay Damages.** The final paragraph of Sub-Clause 8.7 [Delay Damages] is deleted.

**Sub-Clause 14.6 Payment.** In Sub-Clause 14.6 [Payment], "within 28 days after the Contractor submits its statement" is replaced by "within 105 days after the Contractor submits its statement".

**Sub-Clause 20.1 Contractor's Claims.** In the first paragraph of Sub-Clause 20.1, "not later than 28 days" is replaced by "not later than 5 days".

**Sub-Clause 20.3 Modern Slavery** (new). Each party shall take reasonable steps to ensure that no forced labour is used in the performance of the Contract.
"""

CAPITALS_PC = _GENERAL.replace("## PART 1 – GENERAL CONDITIONS", "GENERAL CONDITIONS") + """
SPECIAL CONDITIONS OF CONTRACT

Sub-Clause 14.6: In Sub-Clause 14.6, '28 days' is replaced by '120 days'.

Sub-Clause 20.1: Delete the text of Sub-Clause 20.1 and substitute: "The Contractor shall give notice of any claim within 7 days after the event, failing which the claim is barred."
"""


CHINESE_PC = """# 建设工程施工合同

发包人：华东某水务集团有限公司
承包人：江南某建设工程有限公司

## 第二部分 通用合同条款

### 1. 一般约定

1.1 合同文件应能相互解释，互为说明。

1.2 合同使用中文书写、解释和说明。

1.3 本合同适用中华人民共和国法律。

### 14. 合同价格与支付

14.1 合同价格为总价，除合同另有约定外不予调整。

14.3 发包人应在进度款支付证书签发后14天内完成支付，逾期支付的，应按照中国人民银行发布的同期同类贷款利率支付违约金。

14.4 竣工结算审核完成后28天内，发包人应完成竣工付款。

### 19. 索赔

19.1 承包人应在知道或应当知道索赔事件发生后28天内，向监理人递交索赔意向通知书，并说明发生索赔事件的事由。

19.2 承包人未在前述28天内发出索赔意向通知书的，丧失要求追加付款和延长工期的权利。

## 第三部分 专用合同条款

14.3 将第14.3条中的“14天”修改为“90天”。

19.1 将第19.1条中的“28天”修改为“7天”。
"""


def _ids(structure) -> list[str]:
    return [c.clause_id for c in structure.iter_clauses()]


def test_the_particular_conditions_are_a_part_of_their_own_not_the_tail_of_the_last_sub_clause():
    structure = parse_text(MARKDOWN_PC)
    ids = _ids(structure)
    assert {"Part 2/8.7", "Part 2/14.6", "Part 2/20.1", "Part 2/20.3"} <= set(ids)
    assert "is deleted" not in structure.get_clause("20.2").text
    assert structure.get_clause("Part 2/14.6").title == "Payment"
    gc, pc = split_conditions(structure)
    assert "PARTICULAR CONDITIONS" not in gc.text and pc.text.lstrip().startswith("PART 2")


def test_a_file_without_particular_conditions_is_not_split():
    assert split_conditions(parse_text(_GENERAL)) is None


def _state(structure):
    document = {"document_id": structure.document_id, "role": "primary", "filename": "contract.md", "structure": structure}
    return {"review_id": "t", "domain_id": "fidic", "our_party": "Contractor", "language": "en", "documents": [document]}


def test_the_fidic_skills_merge_the_part_into_the_general_conditions():
    structure = parse_text(MARKDOWN_PC)
    data = call("fidic_merge_gc_pc", "*", _state(structure), structure).data
    assert data["has_gc"] and data["has_pc"]
    assert all(c["applied"] for c in data["changes"]), data["changes"]
    merged = {c["clause_id"]: c for c in data["clauses"]}
    assert "shall not exceed" not in merged["8.7"]["text"] and "delay damages" in merged["8.7"]["text"]
    assert "105 days" in merged["14.6"]["text"] and merged["20.3"]["status"] == "new"
    # each finding names the PC paragraph as the file numbers it, and quotes it
    kinds = {(f["kind"], f["clause_id"]) for f in data["findings"]}
    assert {("time_bar_shortened", "Part 2/20.1"), ("payment_period_extended", "Part 2/14.6"),
            ("delay_damages_uncapped", "Part 2/8.7")} <= kinds
    assert all(f["evidence"] in MARKDOWN_PC for f in data["findings"])


def test_capital_heading_and_colon_instructions_read_the_same_way():
    structure = parse_text(CAPITALS_PC)
    assert "Special Conditions" not in structure.get_clause("20.2").text.title()
    data = call("fidic_merge_gc_pc", "*", _state(structure), structure).data
    merged = {c["clause_id"]: c for c in data["clauses"]}
    assert merged["20.1"]["status"] == "substituted" and "within 7 days" in merged["20.1"]["text"]
    assert "120 days" in merged["14.6"]["text"]


def test_words_the_particular_conditions_take_away_are_not_read_as_the_contract():
    reading = read_document(parse_text(MARKDOWN_PC))
    said = {p.sentence for p in reading.provisions}
    assert not any("shall not exceed ten per cent" in s for s in said)  # the deleted cap
    assert not any(p.clause_id == "14.6" for p in reading.provisions)  # the GC's 28 days are replaced
    assert any("shall pay delay damages" in s for s in said)  # the rest of 8.7 stands
    assert any(p.clause_id == "14.8" for p in reading.provisions)  # untouched Sub-Clauses stand


def test_an_instruction_that_replaces_words_is_read_as_the_sentence_it_makes_and_stands_at_the_instruction():
    structure = parse_text(MARKDOWN_PC)
    reading = read_document(structure)
    paid = [p for p in reading.provisions if p.clause_id == "Part 2/14.6" and p.action == "pay"]
    assert paid and paid[0].modality == "shall" and paid[0].actor == "Employer"
    period = next(q for q in paid[0].quantities if q.kind == "period")
    assert period.value == 105 and paid[0].sentence[period.start:period.end] == period.text  # the PC's own words
    assert paid[0].sentence in structure.get_clause("Part 2/14.6").text
    claims = [p for p in reading.provisions if p.clause_id == "Part 2/20.1" and p.action == "claim"]
    assert any(q.value == 5 for p in claims for q in p.quantities)
    capped = [p for p in reading.provisions if p.clause_id == "Part 2/8.7" and p.action == "liquidated_damages"]
    assert capped and all("uncapped" in p.conditions and "capped" not in p.conditions for p in capped)


def test_a_chinese_contract_with_its_special_conditions_in_the_same_file():
    structure = parse_text(CHINESE_PC)
    assert {"专用合同条款/14.3", "专用合同条款/19.1"} <= set(_ids(structure))
    data = call("fidic_merge_gc_pc", "*", _state(structure), structure).data
    kinds = {(f["kind"], f["clause_id"]) for f in data["findings"]}
    assert {("payment_period_extended", "专用合同条款/14.3"), ("time_bar_shortened", "专用合同条款/19.1")} <= kinds
    reading = read_document(structure)
    paid = [p for p in reading.provisions if p.clause_id == "专用合同条款/14.3" and p.action == "pay"]
    assert paid and [q.value for q in paid[0].quantities if q.kind == "period"] == [90]
    # "发包人应在进度款支付证书签发后…完成支付" is the employer paying on a certificate, not pay-when-paid
    assert not any("when_paid" in p.conditions for p in paid)
