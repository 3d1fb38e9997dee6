"""spa_extract_reps_warranties on the spa_a review case (from both sides) and edge cases."""

from __future__ import annotations

import anyio

from paralaw.skills import DocumentStructure, create_dispatcher, make_state, parse_document_text

SPA = "review_cases/spa_a/share_purchase_agreement.md"
SHA = "sha_spa/cofounders_sg_shareholders_agreement_template.md"

ZH = """# 投资协议

### 第6条 陈述与保证

6.1 创始人向投资方作出如下陈述与保证，且全部保证均以创始人所知为限。

### 第7条 创始人的保证

7.1 公司股权：公司的股权权属清晰，不存在任何质押或其他权利负担。

7.2 财务报表：公司的财务报表真实、准确地反映了公司的财务状况。

7.3 诉讼：据创始人所知，公司不存在任何未决的诉讼或仲裁。
"""


def call(structure, clause_id="*", our_party="Buyer", **arguments):
    dispatcher = create_dispatcher("sha_spa")
    state = make_state(structure, domain_id="sha_spa", our_party=our_party)
    return anyio.run(lambda: dispatcher.prepare_and_call("spa_extract_reps_warranties", clause_id, structure, state, llm_arguments=arguments))


def test_spa_a_schedule_of_warranties_with_subjects_and_qualifiers(load):
    data = call(load(SPA)).data
    items = {w["clause_id"]: w for w in data["warranties"]}
    assert len(items) == 15 and all(w["given_by"] == "Seller" for w in items.values())
    assert items["Schedule 4/1"]["subject"] == "capacity"
    assert items["Schedule 4/2"]["subject"] == "title_to_shares"
    assert items["Schedule 4/14"]["subject"] == "tax"
    assert items["Schedule 4/13"]["subject"] == "intellectual_property"
    assert {"kind": "knowledge", "quote": "So far as the Seller is aware"} in items["Schedule 4/13"]["qualifiers"]
    assert {"kind": "disclosure", "quote": "Save for the Harrow Litigation"} in items["Schedule 4/8"]["qualifiers"]
    assert data["core_subjects_missing"] == []
    assert data["repeated_at_completion"] and "repeated immediately before Completion" in data["repetition_evidence"]
    assert {g["kind"] for g in data["general_qualifiers"]} == {"blanket_knowledge", "general_disclosure", "supplementary_disclosure"}


def test_spa_a_blanket_awareness_qualifier_is_high_for_the_buyer(load):
    structure = load(SPA)
    findings = call(structure).data["findings"]
    blanket = [f for f in findings if f["kind"] == "blanket_knowledge_qualifier"]
    assert blanket and blanket[0]["severity"] == "high" and blanket[0]["clause_id"] == "8.3"
    assert "Each of the Warranties is given so far as the Seller is aware" in blanket[0]["evidence"]
    assert any(f["kind"] == "knowledge_without_enquiry" and f["clause_id"] == "1.4" for f in findings)
    # Distractors: the targeted awareness qualifier in warranty 13, repetition and harmless supplementary disclosure in 8.2.
    assert not [f for f in findings if f["clause_id"] in ("Schedule 4/13", "8.2")]
    for finding in findings:
        assert finding["evidence"] in structure.text


def test_seller_side_sees_repetition_not_the_awareness_qualifier(load):
    findings = call(load(SPA), our_party="Seller").data["findings"]
    assert [(f["kind"], f["clause_id"]) for f in findings] == [("warranties_repeated_at_completion", "8.2")]


def test_focus_on_the_schedule(load):
    data = call(load(SPA), clause_id="Schedule 4").data
    assert data["findings"] == [] and "8.3: blanket_knowledge_qualifier (high)" in data["findings_elsewhere"]
    assert len(data["warranties"]) == 15


def test_chinese_warranties_blanket_knowledge_for_the_investor():
    structure = parse_document_text(ZH, filename="zh_investment.md")
    data = call(structure, our_party="投资方").data
    subjects = {w["clause_id"]: w["subject"] for w in data["warranties"]}
    assert subjects == {"7.1": "title_to_shares", "7.2": "accounts", "7.3": "litigation"}
    assert any(q["kind"] == "knowledge" for q in data["warranties"][2]["qualifiers"])
    blanket = [f for f in data["findings"] if f["kind"] == "blanket_knowledge_qualifier"]
    assert blanket and blanket[0]["clause_id"] == "6.1" and blanket[0]["evidence"] in structure.text
    assert "missing_core_warranty" in {f["kind"] for f in data["findings"]}  # no capacity or tax warranty


def test_no_warranties_and_bad_input(load):
    data = call(load(SHA), our_party="Investors").data
    assert data["warranties"] == [] and data["summary"].startswith("0 warranties")
    assert call(load(SPA), clause_id="Schedule 9").error.code == "CLAUSE_NOT_FOUND"
    assert call(DocumentStructure(document_id="empty")).error.code == "EMPTY_DOCUMENT"
