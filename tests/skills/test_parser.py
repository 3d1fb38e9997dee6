"""The contract parser on real text: numbering schemes, references, definitions, offsets and the CLI."""

from __future__ import annotations

import re

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from paralaw.skills.documents.parser import parse_text
from paralaw.skills.documents.references import resolve_reference

from data_paths import DATA
GC = "review_cases/fidic_a/general_conditions.md"
PC = "review_cases/fidic_a/particular_conditions.md"
ZH = "review_cases/zh_construction/construction_contract.md"
SPA = "review_cases/spa_a/share_purchase_agreement.md"
SHA = "sha_spa/cofounders_sg_shareholders_agreement_template.md"


def cuad(prefix: str) -> str:
    (path,) = (DATA / "cuad" / "contracts").glob(prefix + "*.txt")
    return str(path.relative_to(DATA))


# --- FIDIC-style General and Particular Conditions ------------------------------------------------------

def test_fidic_gc_sub_clauses_and_bracketed_references(load):
    gc = load(GC)
    payment = gc.get_clause("Sub-Clause 14.7")
    assert (payment.clause_id, payment.title, payment.parent_id) == ("14.7", "Payment", "14")
    assert [c.clause_id for c in payment.children] == ["14.7(a)", "14.7(b)", "14.7(c)"]
    ref = next(r for r in gc.cross_references if r.text == "Sub-Clause 14.7 [Payment]")
    assert (ref.target_id, ref.target_title, ref.kind) == ("14.7", "Payment", "clause")
    assert resolve_reference(gc, ref) is payment
    titled = [r for r in gc.cross_references if r.target_title]
    agreeing = [r for r in titled if (c := resolve_reference(gc, r)) is not None and c.title == r.target_title]
    assert len(titled) > 100 and len(agreeing) == len(titled)


def test_fidic_pc_headings_out_of_order_are_trusted(load):
    pc = load(PC)
    ids = [c.clause_id for c in pc.clauses]
    assert ids[:6] == ["Part A", "Part B", "1.1", "1.3", "1.9", "4.2"]  # the Contract Data table is a part of its own
    assert pc.get_clause("Part A").title == "Contract Data" and len(pc.get_clause("Part A").children) == 30
    assert pc.get_clause("Part A(19)").text.startswith("| Percentage of retention | 14.3 |")
    assert "21.6" in ids and pc.get_clause("21.6").title == "Expert Determination of Technical Disputes"
    assert pc.get_clause("21.6").label == "New Sub-Clause 21.6"
    # "Sub-Clause 13.7 [...] is deleted." under the 13.7 heading is a sentence, not a second heading
    assert [i for i in ids if i.startswith("13.7")] == ["13.7"]
    broken = next(r for r in pc.cross_references if r.target_id == "21.8")
    assert broken.target_title == "Arbitration" and resolve_reference(pc, broken) is None


# --- Chinese construction contract ---------------------------------------------------------------------

def test_zh_articles_sub_clauses_and_items(load):
    zh = load(ZH)
    assert (zh.language, zh.structure_type) == ("zh", "chinese")
    article = zh.get_clause("第7条")
    assert (article.clause_id, article.label, article.title) == ("7", "第7条", "工期和进度")
    delay = zh.get_clause("7.7")
    assert (delay.title, delay.parent_id, delay.level) == ("逾期竣工违约责任", "7", 2)
    item = zh.get_clause("1.1（1）")
    assert (item.clause_id, item.parent_id) == ("1.1(1)", "1.1")
    assert "“合同”是指" in item.text
    overview = zh.get_clause("一")
    assert (overview.label, overview.title) == ("一、", "工程概况")
    assert [c.clause_id for c in overview.children][:2] == ["一(一)", "一(二)"]
    # "1. 安全文明施工费" under 四（一）is a list item, not a top-level clause 1
    assert zh.get_clause("四(一)(1)").text.startswith("1. 安全文明施工费")
    assert zh.get_clause("1").title == "一般约定"


def test_zh_references_with_titles(load):
    zh = load(ZH)
    claim = next(r for r in zh.cross_references if r.text == "第18.1条〔承包人的索赔〕")
    assert (claim.target_id, claim.target_title) == ("18.1", "承包人的索赔")
    assert resolve_reference(zh, claim).title == "承包人的索赔"
    planted = [r for r in zh.cross_references if resolve_reference(zh, r) is None]
    assert [(r.text, r.source_clause_id) for r in planted] == [("第22.3条", "15.2")]


# --- English SPA / SHA ---------------------------------------------------------------------------------

def test_spa_clause_paragraph_reference(load):
    spa = load(SPA)
    ref = next(r for r in spa.cross_references if r.text == "Clause 9.2(a)")
    assert ref.target_id == "9.2(a)"
    assert resolve_reference(spa, ref).clause_id == "9.2(a)"
    assert spa.get_clause("9").title == "Limitations on Seller's Liability"
    assert [c.clause_id for c in spa.clauses][-5:] == [f"Schedule {n}" for n in range(1, 6)]
    assert spa.get_clause("Schedule 4").title == "Warranties"
    assert spa.get_clause("SCHEDULE 4") is spa.get_clause("schedule 4") is spa.get_clause("Schedule 4")


def test_sha_missing_space_reference_still_resolves(load):
    sha = load(SHA)
    ref = next(r for r in sha.cross_references if r.source_clause_id == "2.10" and r.target_id == "2.11")
    assert ref.text == "Clause 2.11"
    assert sha.text[ref.start:ref.start + 17] == "Clause 2.11shall "
    assert resolve_reference(sha, ref).title == "Auditors"
    # the parties list "1. THE PERSONS ..." before the body is not clause 1
    assert sha.get_clause("1").title == "DEFINITIONS AND INTERPRETATION"
    assert sha.get_clause("2.3").title == "Manner of appointment and removal"


# --- CUAD (SEC filings) ---------------------------------------------------------------------------------

def test_cuad_article_and_section_structure(load):
    doc = load(cuad("DigitalCinemaDestinationsCorp"))
    assert doc.structure_type == "articles"
    article = doc.get_clause("Article II")
    assert (article.clause_id, article.label, article.title) == ("2", "ARTICLE II", "EQUIPMENT")
    assert [c.clause_id for c in article.children][:3] == ["2.1", "2.2", "2.3"]
    assert article.children[0].label == "Section 2.1" and article.children[0].title == "Equipment Purchase"
    assert doc.get_clause("2.3").title == "Ownership of small d Equipment"
    assert [c.clause_id for c in doc.clauses][-5:] == ["Exhibit A", "Exhibit A-1", "Exhibit B", "Exhibit C", "Exhibit D"]


def test_cuad_clauses_run_together_on_one_line(load):
    doc = load(cuad("SigaTechnologies"))
    delivery, limitation = doc.get_clause("5.3"), doc.get_clause("5.4")
    assert (delivery.title, delivery.text) == ("Delivery", "5.3 Delivery. [***].")
    assert (limitation.title, limitation.text) == ("Supply Limitation", "5.4 Supply Limitation. [***].")
    assert delivery.end == limitation.start


def test_cuad_table_of_contents_and_page_headers(load):
    doc = load(cuad("CoherusBiosciences"))
    first = doc.get_clause("1")
    # the contents list ("1. DEFINITIONS AND INTERPRETATION1") is skipped; the body heading is clause 1
    assert doc.text[first.start:].startswith("1.DEFINITIONS AND INTERPRETATION\n")
    assert [c.clause_id for c in doc.clauses] == [str(n) for n in range(1, 17)]
    # "Confidential Execution Version 3.3.1 [***]": a running header glued to the next clause
    assert doc.get_clause("3.3.1").text.startswith("3.3.1 [***]")
    # a definitions list whose quotes the filing lost
    assert doc.definition_of("BLA").clause_id == "1.5"


def test_cuad_numbering_restarts_in_an_exhibit(load):
    doc = load(cuad("EUROPEANMICROHOLDINGS"))
    assert [c.clause_id for c in doc.clauses] == ["1", "2", "3", "4", "5", "6.0", "7.0",
                                                    "Exhibit A", "Exhibit B", "Exhibit C", "Exhibit D"]
    terms = doc.get_clause("Exhibit B")
    assert len(terms.children) >= 25 and terms.children[0].clause_id == "Exhibit B/1"
    # inside the exhibit, "Paragraphs 1, 2, 3" means the exhibit's own paragraphs
    ref = next(r for r in doc.cross_references if r.text.startswith("Paragraphs 1, 2, 3"))
    assert resolve_reference(doc, ref).clause_id == "Exhibit B/1"


def test_statute_sections_are_external(load):
    doc = load(cuad("ENERGOUSCORP"))
    statute = [r for r in doc.cross_references if r.kind == "external"]
    assert any(r.text.startswith("Section 101") and "Bankruptcy Code" in (r.external_instrument or "") for r in statute)
    assert any(r.target_id == "365(n)" for r in statute)


# --- definitions -------------------------------------------------------------------------------------

def test_definitions_in_english_forms(load):
    gc = load(GC)
    assert gc.definition_of("Contractor's Documents").clause_id == "1.1"
    assert gc.definition_of("DAB").definition.startswith('"Dispute Adjudication Board" or "DAB" means')
    assert gc.definition_of("day").definition == '"day" means a calendar day.'
    spa = load(SPA)
    assert spa.definition_of("Estimated Consideration").clause_id == "3.2"
    text = (
        'This Agreement is made between Acme Inc. (the "Supplier") and Beta LLC (hereinafter referred to as '
        '"the Customer").\n\n1. Definitions\n\n"Affiliate" shall mean any controlled entity.\n\n'
        '**Confidential Information** means information marked confidential.\n'
    )
    doc = parse_text(text)
    found = {d.term: d for d in doc.definitions}
    assert set(found) == {"Supplier", "Customer", "Affiliate", "Confidential Information"}
    assert found["Supplier"].definition == "Acme Inc." and found["Customer"].definition == "Beta LLC"
    assert found["Affiliate"].clause_id == "1" and found["Confidential Information"].clause_id == "1"


def test_definitions_in_chinese_forms(load):
    zh = load(ZH)
    employer = zh.definition_of("发包人")
    assert employer.clause_id == "1.1(2)" and employer.definition.startswith("“发包人”是指")
    doc = parse_text("第一条 定义\n\n本合同所称工程，是指本合同约定的建设工程。\n\n本协议所称“关联方”指控制一方的主体。\n")
    assert [(d.term, d.clause_id) for d in doc.definitions] == [("工程", "1"), ("关联方", "1")]


# --- robustness on small texts -----------------------------------------------------------------------

def test_hard_wrapped_lines_and_page_numbers_are_not_headings():
    text = (
        "1. Payment\n\n1.1 The Buyer shall pay the price within\n30 days after the invoice date, and in any\n"
        "2 instalments as agreed.\n\n7\n\n1.2 Late payment bears interest under Section\n3.1 The Rate, and"
        " Clause\n2.1 applies.\n\n2. Term\n\n2.1 This Agreement lasts 2 years.\n"
    )
    doc = parse_text(text)
    assert [c.clause_id for c in doc.iter_clauses()] == ["1", "1.1", "1.2", "2", "2.1"]


def test_sub_paragraph_lists_nest():
    text = "1. Obligations\n\n(a) first;\n\n(b) second:\n\n(i) one;\n\n(ii) two;\n\n(c) third.\n"
    doc = parse_text(text)
    assert [c.clause_id for c in doc.iter_clauses()] == ["1", "1(a)", "1(b)", "1(b)(i)", "1(b)(ii)", "1(c)"]
    assert doc.get_clause("1(b)(ii)").level == 3


# --- offsets and the CLI -----------------------------------------------------------------------------

@pytest.mark.parametrize("relative", [GC, ZH, SPA, SHA])
def test_offsets_index_the_file_text(load, relative):
    doc = load(relative)
    assert doc.text == (DATA / relative).read_text(encoding="utf-8")
    for clause in doc.iter_clauses():
        span = doc.text[clause.start:clause.end]
        assert span.startswith(clause.label), (clause.clause_id, span[:40])
        assert span.startswith(clause.text[: len(clause.label) + 10])
        for child in clause.children:
            assert clause.start < child.start and child.end <= clause.end


def test_cli_parse_json_shape():
    from paralaw.agent.cli import app

    result = CliRunner().invoke(app, ["parse", str(DATA / SPA), "--json"])
    assert result.exit_code == 0, result.output
    model = json.loads(result.stdout)
    text = (DATA / SPA).read_text(encoding="utf-8")

    def check(clause: dict) -> None:
        assert {"clause_id", "title", "text", "children", "start", "end"} <= set(clause)
        assert text[clause["start"]:clause["end"]].startswith(clause["text"][:20])
        for child in clause["children"]:
            check(child)

    for clause in model["clauses"]:
        check(clause)
    nine = next(c for c in model["clauses"] if c["clause_id"] == "9")
    assert [c["clause_id"] for c in nine["children"]][:2] == ["9.1", "9.2"]


# --- invariants on arbitrary text --------------------------------------------------------------------

FRAGMENTS = [
    "1. ", "1.1 ", "2. ", "2.1 ", "2.2 ", "10.3 ", "3.4A ", "Section 2.3 ", "SECTION 5 ", "ARTICLE IV ", "Article 7 ",
    "Sub-Clause 14.7 [Payment] ", "Clause 9.2(a) ", "(a) ", "(b) ", "(i) ", "(ii) ", "(A) ", "第1条 ", "第十二条 ",
    "第18.1条〔索赔〕", "一、", "（一）", "（1）", "1. 甲方", "EXHIBIT A ", "Schedule 1 ", "Table of Contents\n",
    "Definitions", "Payment Terms. ", "The Buyer shall pay ", "within 30 days. ", "\"Affiliate\" means ", "(the \"Seller\")",
    "\n", "\n\n", "   ", "## ", "### ", "**", "7\n", "Page 3 of 9\n", "[***]. ", "本合同所称工程，是指", "$1.5 Million ",
    "B.1 ", "B.2 ", "B.1.1 ", "CD.7 ", "U.S. ", "SCHEDULE B\n",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=0, max_size=80))
def test_any_text_gives_a_well_formed_tree(fragments):
    text = "".join(fragments)
    doc = parse_text(text)
    assert doc.total_clauses == sum(1 for _ in doc.iter_clauses())

    def check(siblings, lo, hi):
        previous_end = lo
        for clause in siblings:
            assert previous_end <= clause.start < clause.end <= hi
            assert text[clause.start:].startswith(clause.label)
            own = text[clause.start:(clause.children[0].start if clause.children else clause.end)]
            # a child's heading marks on its own line ('## 1.1', '**1.1 Title**') are the child's, not this text's
            assert clause.text in (own.strip(), re.sub(r"[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*|__)?[ \t]*$", "", own).strip())
            previous_end = clause.end
            check(clause.children, clause.start, clause.end)

    check(doc.clauses, 0, len(text))
    for ref in doc.cross_references:
        assert text[ref.start:ref.end] and ref.start < ref.end
        resolve_reference(doc, ref)  # never raises
    for definition in doc.definitions:
        assert definition.term and 0 <= definition.start < definition.end <= len(text)


def test_dotted_leader_contents_and_restarted_schedule_numbering():
    text = (
        "SUPPLY AGREEMENT\n\nTABLE OF CONTENTS\n\n1. Definitions .......... 1\n2. Supply .......... 2\n"
        "3. Price .......... 4\nSchedule 1 Products .......... 6\n\n"
        "This Agreement is made between Acme Inc. and Beta Ltd. on the date written below.\n\n"
        "1. Definitions\n\n1.1 Words have the meanings given in Schedule 1.\n\n2. Supply\n\n2.1 Acme shall supply.\n\n"
        "3. Price\n\n3.1 Beta shall pay the price in clause 2.1.\n\nSCHEDULE 1\nPRODUCTS\n\n1. Widgets\n\n2. Gadgets\n"
    )
    doc = parse_text(text)
    assert [c.clause_id for c in doc.clauses] == ["1", "2", "3", "Schedule 1"]
    assert doc.text[doc.get_clause("1").start:].startswith("1. Definitions\n\n1.1")
    assert [c.clause_id for c in doc.get_clause("Schedule 1").children] == ["Schedule 1/1", "Schedule 1/2"]
    assert doc.get_clause("Schedule 1/2").title == "Gadgets"


@pytest.mark.parametrize(
    ("text", "outline"),
    [
        ("ARTICLE 1\nDEFINITIONS\n\n1.1 Terms have meanings.\n\nARTICLE 2\nTERM\n\n2.1 The term is one year.\n",
         [("1", "DEFINITIONS"), ("1.1", ""), ("2", "TERM"), ("2.1", "")]),
        ("ARTICLE I\nDEFINITIONS\nSection 1.01 Definitions. Words have meanings.\nSection 1.02 Interpretation. Headings.\n"
         "ARTICLE II\nTERM\nSection 2.01 Term. One year.\n",
         [("1", "DEFINITIONS"), ("1.01", "Definitions"), ("1.02", "Interpretation"), ("2", "TERM"), ("2.01", "Term")]),
        ("1.\tDEFINITIONS\n1.1\tTerms.\n2.\tPAYMENT\n2.1\tPay.\n", [("1", "DEFINITIONS"), ("1.1", "Terms"), ("2", "PAYMENT"), ("2.1", "Pay")]),
        ("I. DEFINITIONS\nWords mean things.\nII. TERM\nOne year.\n", [("1", "DEFINITIONS"), ("2", "TERM")]),
        ("CLAUSE 1 - DEFINITIONS\nWords.\nArticle 2 – Term\nOne year.\n", [("1", "DEFINITIONS"), ("2", "Term")]),
        ("第一章 总则\n\n第一条 为了明确双方权利义务，订立本合同。\n\n第二条 价款\n（一）预付款；\n（二）进度款。\n",
         [("第一章", "总则"), ("1", ""), ("2", "价款"), ("2(一)", ""), ("2(二)", "")]),
    ],
)
def test_heading_styles(text, outline):
    doc = parse_text(text)
    assert [(c.clause_id, c.title) for c in doc.iter_clauses()] == outline


def test_line_endings_and_page_breaks_do_not_change_the_outline(load):
    spa = load(SPA)
    text = spa.text
    outline = [(c.clause_id, c.title) for c in spa.iter_clauses()]
    for variant in (text.replace("\n", "\r\n"), text.replace("\n## ", "\n\f## ").replace("\n9.", "\n\f9.")):
        doc = parse_text(variant)
        assert [(c.clause_id, c.title) for c in doc.iter_clauses()] == outline
        assert doc.text[doc.get_clause("9.2").start:].startswith("9.2 ")


def test_references_to_other_instruments_are_external():
    text = (
        "1. Compliance\n\n1.1 Each officer shall file reports under Section 16 of the Exchange Act and Section 5.2 of "
        "the Securities Purchase Agreement, as required by 15 U.S.C. Section 78m, subject to Section 1.2 of this "
        "Agreement and Section 1.2(b).\n\n1.2 Reports.\n\n(a) Annual.\n\n(b) Quarterly.\n"
    )
    doc = parse_text(text)
    kinds = [(r.text, r.kind, r.external_instrument) for r in doc.cross_references]
    assert kinds == [
        ("Section 16", "external", "Exchange Act"),
        ("Section 5.2", "external", "Securities Purchase Agreement"),
        ("Section 78", "external", "U.S.C."),
        ("Section 1.2", "clause", None),
        ("Section 1.2(b)", "clause", None),
    ]
    assert [resolve_reference(doc, r).clause_id for r in doc.cross_references if r.kind == "clause"] == ["1.2", "1.2(b)"]


def test_references_in_lower_case_english_style():
    """English drafting writes 'clause 7.1' and 'clauses 7.1 to 7.3'; a clause of another contract named in lower case
    ('clause 19.2 of the framework supply agreement') is that contract's, while 'of the agreement' is this one."""
    text = (
        "7. Pre-emption\n\n7.1 New shares are first offered to the members.\n\n7.2 Offers stay open 20 days.\n\n"
        "7.3 Shares not taken up may be offered to others.\n\n7.4 The provisions of clauses 7.1 to 7.3 shall not apply "
        "to shares under clause 7.2 of the agreement, nor to consents under clause 19.2 of the framework supply "
        "agreement.\n"
    )
    doc = parse_text(text)
    kinds = [(r.text, r.target_id, r.kind, r.external_instrument) for r in doc.cross_references]
    assert kinds == [
        ("clauses 7.1 to 7.3", "7.1", "clause", None),
        ("clauses 7.1 to 7.3", "7.3", "clause", None),
        ("clause 7.2", "7.2", "clause", None),
        ("clause 19.2", "19.2", "external", "framework supply agreement"),
    ]


def test_a_clause_that_opens_by_citing_another_has_no_title():
    from paralaw.skills import parse_document_text

    doc = parse_document_text(
        "## 7. Confidentiality\n\n7.1 Each party shall keep the other's information confidential.\n\n"
        "7.2 Clause 7.1 does not apply to information that is public.\n",
        filename="c.md",
    )
    assert doc.get_clause("7.2").title == ""
    assert doc.cross_references[0].source_clause_id == "7.2" and doc.cross_references[0].target_id == "7.1"


def test_chinese_annexes_are_parts_of_their_own_not_text_of_the_last_clause():
    from paralaw.skills.documents.loaders import parse_document_text

    text = ("# 股权转让协议\n\n## 第一条 转让\n\n1.1 转让方同意转让标的股权。\n\n## 第二条 其他\n\n2.1 本协议附件如下：\n\n"
            "附件一：交割文件清单\n\n附件二：共管账户安排\n\n## 附件一 交割文件清单\n\n（1）股东会决议原件；（2）营业执照。\n\n"
            "## 附件二 共管账户安排\n\n共管账户以转让方名义开立，开户银行经转让方认可。\n")
    structure = parse_document_text(text, filename="spa.md")
    top = [c.clause_id for c in structure.clauses]
    assert top[-2:] == ["附件一", "附件二"], top
    assert "开户银行" not in structure.get_clause("2.1").text and "开户银行" in structure.get_clause("附件二").text


def test_particular_conditions_list_only_the_sub_clauses_they_amend():
    """A paragraph that opens with its own number inside its clause is a sub-clause however many numbers it skips
    ("8.8" straight under "8.", "4.12" after "4.2"), but a repeated or lower number stays running text."""
    text = ("# Particular Conditions\n\n## 4. The Contractor\n\n4.2 The Performance Security shall be 10% of the Accepted "
            "Contract Amount.\n\n4.12 Unforeseeable physical conditions remain at the Employer's risk.\n\n## 8. Delays\n\n"
            "8.8 Delay Damages are payable at the rate stated in the Contract Data.\n\n## 9. Tests\n\n9.1 Tests on "
            "Completion shall be carried out.\n\n9.2 Retesting is at the Contractor's cost.\n\n9.1 Ownership of the test "
            "records stays with the Employer.\n")
    ids = [c.clause_id for c in parse_text(text).iter_clauses()]
    assert ids == ["4", "4.2", "4.12", "8", "8.8", "9", "9.1", "9.2"], ids


# --- schedules numbered with their letter ("B.1", "CD.7") ------------------------------------------------

LETTERED_BODY = (
    "SUPPLY AGREEMENT\n\nThis Agreement is made between Harrow Components Limited (the \"Manufacturer\") and Leyland "
    "Fleet Services plc (the \"Customer\").\n\n1. DEFINITIONS\n\n1.1 \"Prices\" means the prices set out in Schedule B.\n\n"
    "1.2 \"Liability Rate\" has the meaning given in paragraph C.2 of Schedule C.\n\n2. SUPPLY\n\n2.1 The Manufacturer "
    "shall manufacture the Products in accordance with the Specification.\n\n2.2 The Customer shall pay the Prices "
    "within thirty (30) days of a valid invoice.\n\n3. LIABILITY\n\n3.1 Each party's liability is limited as set out in "
    "Schedule C.\n\n4. GENERAL\n\n4.1 This Agreement is governed by the laws of England and Wales.\n\n"
)


def _outline(text):
    return [(c.clause_id, c.parent_id) for c in parse_text(text, filename="supply.md").iter_clauses()]


def _own(clause):
    return clause.text.rstrip("#").rstrip()  # the '##' of a Markdown heading that follows stays in the text before it


def test_lettered_paragraphs_of_markdown_schedules_are_sub_clauses():
    text = LETTERED_BODY + (
        "## Schedule B – Pricing\n\n"
        "B.1 On each anniversary of the Commencement Date the Prices shall reduce by five per cent (5%) (the "
        "\"Annual Productivity Reduction\").\n\n"
        "B.2 Save for the Annual Productivity Reduction and any adjustment agreed under clause 2.2, the Prices are "
        "fixed for the Initial Term.\n\n"
        "B.2.1 Raw material surcharges shall not apply.\n\n"
        "## Schedule C – Liability and Claims Information\n\n"
        "C.1 Goods Profile. The Goods comprise automotive spare parts with an average landed cost of €40 per unit.\n\n"
        "C.2 Liability Rate. The Liability Rate is €2.50 per kilogramme of gross weight of the Goods lost or damaged.\n"
    )
    doc = parse_text(text, filename="supply.md")
    assert [c.clause_id for c in doc.clauses] == ["1", "2", "3", "4", "Schedule B", "Schedule C"]
    assert [c.clause_id for c in doc.get_clause("Schedule B").children] == ["B.1", "B.2"]
    assert [c.clause_id for c in doc.get_clause("Schedule C").children] == ["C.1", "C.2"]
    first, deeper = doc.get_clause("B.1"), doc.get_clause("B.2.1")
    assert first.parent_id == "Schedule B" and first.level == 2 and first.title == ""
    assert first.text.startswith("B.1 On each anniversary") and first.text.endswith("(the \"Annual Productivity Reduction\").")
    assert (deeper.parent_id, deeper.level, _own(deeper)) == ("B.2", 3, "B.2.1 Raw material surcharges shall not apply.")
    rate = doc.get_clause("C.2")
    assert (rate.label, rate.title, rate.parent_id) == ("C.2", "Liability Rate", "Schedule C")
    assert rate.text == "C.2 Liability Rate. The Liability Rate is €2.50 per kilogramme of gross weight of the Goods lost or damaged."
    assert doc.clause_at(text.index("€2.50")) is rate
    # "paragraph C.2 of Schedule C" in the body is a mention, not a heading
    assert doc.get_clause("1.2").text.endswith("paragraph C.2 of Schedule C.")


def test_lettered_paragraphs_under_plain_schedule_lines_and_contract_data():
    text = LETTERED_BODY + (
        "SCHEDULE 1\nCONTRACT DATA\n\n"
        "CD.7 Rate of Delay Damages. AUD 1,200 per day.\n\n"
        "CD.8 Maximum amount of Delay Damages. One per cent (1%) of the Contract Price.\n\n"
        "CD.12 Defects Notification Period. Twenty-four (24) months after Taking-Over.\n\n"
        "EXHIBIT A\nORDER FORM\n\n"
        "A.7 Fees. Annual subscription fee of USD 186,000, invoiced annually in advance.\n\n"
        "A.8 Payment Terms. As set out in Section 2.2 of the Agreement.\n"
    )
    doc = parse_text(text, filename="contract.txt")
    assert _outline(text)[-7:] == [("Schedule 1", None), ("CD.7", "Schedule 1"), ("CD.8", "Schedule 1"),
                                   ("CD.12", "Schedule 1"), ("Exhibit A", None), ("A.7", "Exhibit A"), ("A.8", "Exhibit A")]
    delay = doc.get_clause("CD.7")
    assert (delay.title, delay.text) == ("Rate of Delay Damages", "CD.7 Rate of Delay Damages. AUD 1,200 per day.")
    assert doc.get_clause("cd.8").title == "Maximum amount of Delay Damages"  # found in any case
    assert doc.get_clause("A.7").text == "A.7 Fees. Annual subscription fee of USD 186,000, invoiced annually in advance."


def test_bold_lettered_numbers_nest_and_keep_their_sub_paragraphs():
    text = LETTERED_BODY + (
        "## Annex B – Service Levels\n\n"
        "**B.1** Availability. The Services shall be available 99.9% of each calendar month.\n\n"
        "**B.1.1** Scheduled maintenance notified five (5) Business Days ahead is excluded.\n\n"
        "**B.1.2** Emergency maintenance is not excluded.\n\n"
        "**B.2** Service Credits. If availability falls below the commitment, the Customer is entitled to:\n\n"
        "(a) a credit of 5% of the monthly Charges; and\n\n(b) a further 5% for each further 0.5% shortfall.\n"
    )
    doc = parse_text(text, filename="sla.md")
    assert _outline(text)[-7:] == [("Annex B", None), ("B.1", "Annex B"), ("B.1.1", "B.1"), ("B.1.2", "B.1"),
                                   ("B.2", "Annex B"), ("B.2(a)", "B.2"), ("B.2(b)", "B.2")]
    availability = doc.get_clause("B.1")
    assert (availability.label, availability.title) == ("B.1", "Availability")
    assert availability.text == "**B.1** Availability. The Services shall be available 99.9% of each calendar month."
    assert doc.get_clause("B.1.2").text == "**B.1.2** Emergency maintenance is not excluded."


def test_lettered_parts_of_one_schedule_and_a_number_used_again_in_a_later_schedule():
    text = LETTERED_BODY + (
        "## SCHEDULE 2 – CONDITIONS PRECEDENT\n\n**Part A – Manufacturer's Conditions**\n\n"
        "A.1 The board of directors of the Manufacturer shall have approved this Agreement.\n\n"
        "A.2 The Manufacturer shall have obtained ISO 9001 certification for the Site.\n\n"
        "**Part B – Customer's Conditions**\n\n"
        "B.1 The Customer shall have delivered the tooling listed in the Specification.\n\n"
        "## SCHEDULE 4 – COMPLETION DELIVERABLES\n\n"
        "A.1 Certified copies of the board resolutions of the Manufacturer.\n\n"
        "A.2 Evidence of the certification referred to in paragraph A.2 of Schedule 2.\n"
    )
    doc = parse_text(text, filename="supply.md")
    assert [c.clause_id for c in doc.get_clause("Schedule 2").children] == ["A.1", "A.2", "B.1"]
    assert [c.clause_id for c in doc.get_clause("Schedule 4").children] == ["Schedule 4/A.1", "Schedule 4/A.2"]
    assert doc.get_clause("A.1").text.startswith("A.1 The board of directors")
    assert doc.get_clause("Schedule 4/A.1").text == "A.1 Certified copies of the board resolutions of the Manufacturer."


def test_lettered_paragraphs_under_numbered_paragraphs_of_a_schedule():
    text = LETTERED_BODY + (
        "SCHEDULE 3\nCHARGES\n\n1. One-off Charges\n\nA.1 Set-up Fee. EUR 12,000 payable on signature.\n\n"
        "A.2 Migration Fee. EUR 8,000 payable on go-live.\n\n2. Recurring Charges\n\n"
        "The monthly Charges are EUR 4,500 for the first 10,000 pallets stored.\n"
    )
    assert _outline(text)[-5:] == [("Schedule 3", None), ("Schedule 3/1", "Schedule 3"), ("A.1", "Schedule 3/1"),
                                   ("A.2", "Schedule 3/1"), ("Schedule 3/2", "Schedule 3")]


def test_lettered_look_alikes_stay_text():
    """Abbreviations, references inside a sentence or wrapped onto a new line, a lettered line in the numbered body,
    a repeated number and a number followed by a figure or a lower-case word are not paragraphs."""
    body = LETTERED_BODY.replace(
        "4.1 This Agreement is governed by the laws of England and Wales.\n\n",
        "4.1 This Agreement is governed by the laws of England and Wales and not by U.S. law or any\nU.S. "
        "State law.\n\n4.2 Deliveries are made between 9 A.M. and 5 P.M.\nA.M. Deliveries Need notice.\n\n"
        "4.3 Notices are sent to the Customer's PO Box\nNo. 5 Harbour Road, Leeds.\nE.g. Orders placed by fax.\n\n"
        "4.4 Section A.1 of the Framework Agreement applies to orders under this Agreement.\n\n"
        "A.1 The Manufacturer shall keep the Framework records for six years.\n\n",
    )
    text = body + (
        "## Schedule B – Pricing\n\nB.1 The Prices are set out in the price list.\n\n"
        "B.2 Volume rebates are calculated as set out in paragraph\nB.1 Of the price list.\n\n"
        "B.3 Invoices are issued monthly in arrears.\n\nB.1 Prices Exclude VAT (quoted again from the price list).\n\n"
        "B.4 2,000 Units are the minimum order.\n\nB.5 each order is confirmed in writing.\n"
    )
    doc = parse_text(text, filename="supply.md")
    assert [c.clause_id for c in doc.get_clause("4").children] == ["4.1", "4.2", "4.3", "4.4"]
    assert _own(doc.get_clause("4.4")).endswith("keep the Framework records for six years.")
    assert [c.clause_id for c in doc.get_clause("Schedule B").children] == ["B.1", "B.2", "B.3"]
    assert doc.get_clause("B.3").text.endswith("each order is confirmed in writing.")
    assert not any(c.clause_id.startswith(("U.", "A.", "NO", "E.")) for c in doc.iter_clauses())


def test_lettered_clauses_of_an_agreement_in_parts():
    text = ("# Services Agreement\n\n## Part A – General Terms\n\nA.1 Definitions. Capitalised words have the meanings "
            "given in Part C.\n\nA.2 Term. This Agreement lasts two (2) years from the Effective Date.\n\n"
            "## Part B – Services\n\nB.1 Scope. The Supplier shall provide the Services described in the Order.\n\n"
            "B.2 Service Levels. The Services shall meet the Service Levels.\n")
    assert _outline(text) == [("Part A", None), ("A.1", "Part A"), ("A.2", "Part A"), ("Part B", None),
                              ("B.1", "Part B"), ("B.2", "Part B")]


def test_an_opening_heading_in_bold_starts_at_its_words():
    """'## **1. ' before any clause: the part's text begins with its label, not with the emphasis markers."""
    text = "## **1. "
    clauses = list(parse_text(text).iter_clauses())
    assert clauses and all(text[c.start:].startswith(c.label) for c in clauses)
