"""cross_reference_check on the review cases, the Singapore SHA template and CUAD contracts."""

from __future__ import annotations

import anyio
import pytest

from paralaw.skills import SkillDispatcher, make_state, parse_document_text
from paralaw.skills.generic.cross_reference_check import registration


def check(primary, clause_id: str, state=None, **arguments):
    dispatcher = SkillDispatcher([registration])
    state = state if state is not None else make_state(primary)
    return anyio.run(lambda: dispatcher.prepare_and_call("cross_reference_check", clause_id, primary, state,
                                                         llm_arguments=arguments))


@pytest.fixture(scope="module")
def fidic(request):
    load = request.getfixturevalue("load")
    gc = load("review_cases/fidic_a/general_conditions.md")
    pc = load("review_cases/fidic_a/particular_conditions.md")
    er = load("review_cases/fidic_a/employers_requirements.md")
    return gc, pc, make_state(None, domain_id="fidic", others=[("gc", gc), ("pc", pc), ("er", er)])


def _evidence_is_verbatim(result, structure):
    for finding in result.data["findings"]:
        assert finding["evidence"] and finding["evidence"] in structure.text


def test_pc_new_sub_clause_points_at_missing_arbitration_clause(fidic):
    gc, pc, state = fidic
    result = check(pc, "21.6", state)
    assert result.success, result.error
    rows = {r["text"]: r for r in result.data["references"]}
    assert rows["Sub-Clause 21.8 [Arbitration]"]["status"] == "dangling"
    assert rows["Sub-Clause 1.5 [Priority of Documents]"]["status"] == "resolved"
    assert rows["Sub-Clause 1.5 [Priority of Documents]"]["resolved_in"] == "general_conditions.md"
    assert rows["Section 3"]["status"] == "other_document"
    assert rows["Section 3"]["actual_title"] == "Standards and Codes"
    [finding] = result.data["findings"]
    assert finding["kind"] == "dangling_reference" and finding["clause_id"] == "21.6"
    assert finding["evidence"] == "Sub-Clause 21.8 [Arbitration]"
    assert "21.4" in finding["message"]  # the Sub-Clause that is titled Arbitration
    _evidence_is_verbatim(result, pc)


def test_gc_references_to_a_sub_clause_the_pc_deletes(fidic):
    gc, pc, state = fidic
    result = check(gc, "*", state)
    deleted = sorted(f["clause_id"] for f in result.data["findings"] if f["kind"] == "deleted_clause_still_referenced")
    assert deleted == ["1.9(b)", "14.1(b)", "14.3(b)"]
    assert all(f["severity"] == "high" for f in result.data["findings"] if f["kind"] == "deleted_clause_still_referenced")
    # the drafting note "Clauses 5 to 7, 9 to 12, 15 and 16 are not used" is not a dangling reference
    assert not [f for f in result.data["findings"] if f["kind"] == "dangling_reference"]
    assert {r["status"] for r in result.data["references"] if r["text"].startswith("Clauses 5 to 7")} == {"omitted"}
    _evidence_is_verbatim(result, gc)


def test_pc_deletion_instruction_is_not_itself_a_finding(fidic):
    gc, pc, state = fidic
    result = check(pc, "*", state)
    assert [f["evidence"] for f in result.data["findings"]] == ["Sub-Clause 21.8 [Arbitration]"]
    assert result.data["external"] == 0 and result.data["problems"] == 1


def test_chinese_reference_to_a_missing_clause(load):
    doc = load("review_cases/zh_construction/construction_contract.md")
    result = check(doc, "第15.2条")
    assert result.success and result.data["clause_id"] == "15.2"
    [finding] = result.data["findings"]
    assert finding["evidence"] == "第22.3条" and finding["kind"] == "dangling_reference"
    whole = check(doc, "*")
    assert whole.data["total"] == 20 and whole.data["problems"] == 1
    titled = [r for r in whole.data["references"] if r["given_title"]]
    assert titled and all(r["status"] == "resolved" and r["title_similarity"] == 100.0 for r in titled)


def test_shareholders_agreement_clause_2_10(load):
    """2.10 (Nominees) says "this Clause 2.11shall": 2.11 exists but is Auditors, and the space is missing."""
    sha = load("sha_spa/cofounders_sg_shareholders_agreement_template.md")
    assert sha.get_clause("2.11").title == "Auditors"
    result = check(sha, "2.10")
    kinds = {f["kind"]: f for f in result.data["findings"]}
    assert set(kinds) == {"wrong_self_reference", "malformed_reference"}
    assert kinds["wrong_self_reference"]["evidence"] == "this Clause 2.11"
    assert "Auditors" in kinds["wrong_self_reference"]["message"]
    assert kinds["malformed_reference"]["evidence"] == "Clause 2.11shall"
    assert result.data["references"][0]["status"] == "resolved"  # the number itself resolves


def test_shareholders_agreement_whole_document(load):
    sha = load("sha_spa/cofounders_sg_shareholders_agreement_template.md")
    result = check(sha, "", whole_document=True)
    dangling = [f for f in result.data["findings"] if f["kind"] == "dangling_reference"]
    assert [(f["clause_id"], f["evidence"]) for f in dangling] == [("1.1(b)", "Clause 5.8")]  # no clause 5.8
    assert {r["status"] for r in result.data["references"] if r["kind"] == "schedule"} == {"schedule"}
    _evidence_is_verbatim(result, sha)


def test_title_mismatch_and_missing_schedule():
    doc = parse_document_text(
        "1. Payment\nThe Customer shall pay within 30 days, subject to Clause 2 [Payment] and Schedule 4.\n\n"
        "2. Termination\nEither party may terminate under Section 16 of the Companies Act.\n", filename="t.md")
    result = check(doc, "1")
    rows = {r["target_id"]: r for r in result.data["references"]}
    assert rows["2"]["status"] == "title_mismatch" and rows["2"]["actual_title"] == "Termination"
    assert rows["Schedule 4"]["status"] == "missing_schedule"
    assert {f["kind"] for f in result.data["findings"]} == {"reference_title_mismatch", "missing_schedule"}
    external = check(doc, "2").data["references"]
    assert external[0]["status"] == "external" and external[0]["external_instrument"] == "Companies Act"
    assert check(doc, "2").data["findings"] == []
    problems_only = check(doc, "*", include_resolved=False).data
    assert {r["status"] for r in problems_only["references"]} == {"title_mismatch", "missing_schedule", "external"}
    assert problems_only["total"] == 3


def test_cuad_truncated_and_redacted_titles_are_not_mismatches(load):
    doc = load("cuad/contracts/PaperexchangeComInc_20000322_S-1A_EX-10.4_5202103_EX-10.4_Co-Branding Agreement.txt")
    result = check(doc, "*")
    assert not [f for f in result.data["findings"] if f["kind"] == "reference_title_mismatch"]
    assert result.data["total"] > 50


def test_missing_empty_and_reference_free_clauses():
    doc = parse_document_text("1. Parties\nThis agreement is between A and B.\n\n2. Term\n\n3. Law\nEnglish law applies.",
                              filename="plain.md")
    missing = check(doc, "9.9")
    assert not missing.success and missing.error.code == "CLAUSE_NOT_FOUND"
    for clause_id in ("1", "2"):
        result = check(doc, clause_id)
        assert result.success and result.data["total"] == 0 and result.data["findings"] == []
        assert result.data["summary"] == f"No cross-references in clause {clause_id}."
    assert check(doc, "*").data["summary"] == "No cross-references in the document."


def test_chinese_title_mismatch_and_external_regulation():
    text = ("### 第1条 付款\n\n发包人应按照第2条〔付款〕的约定支付工程款，并遵守《建设工程质量保证金管理办法》第7条的规定。\n\n"
            "### 第2条 违约责任\n\n承包人违约的，应按第9条承担责任。\n")
    doc = parse_document_text(text, filename="zh.md")
    rows = {r["text"]: r for r in check(doc, "*").data["references"]}
    assert rows["第2条〔付款〕"]["status"] == "title_mismatch" and rows["第2条〔付款〕"]["actual_title"] == "违约责任"
    assert rows["第7条"]["status"] == "external" and rows["第7条"]["external_instrument"] == "建设工程质量保证金管理办法"
    assert rows["第9条"]["status"] == "dangling"
    findings = check(doc, "第1条").data["findings"]
    assert [f["kind"] for f in findings] == ["reference_title_mismatch"]
    assert "'付款' exists: 1" in findings[0]["message"]


def test_this_clause_names_its_own_clause_or_a_paragraph_of_it():
    doc = parse_document_text("2. Board\n\n2.1 Composition: nothing in this Clause 2.11 limits it.\n\n2.2 Quorum: two.\n\n"
                              "2.3 Auditors: appoint auditors; see this Clause 2.3(a) and Clause 2.1.\n", filename="x.md")
    findings = check(doc, "*").data["findings"]
    assert [(f["kind"], f["evidence"]) for f in findings] == [("dangling_reference", "Clause 2.11"),
                                                              ("wrong_self_reference", "this Clause 2.11")]


def test_employers_requirements_sub_clauses_mean_the_general_conditions(fidic, load):
    gc, pc, state = fidic
    er = load("review_cases/fidic_a/employers_requirements.md")
    result = check(er, "*", state)
    assert result.data["problems"] == 0 and result.data["findings"] == []
    rows = {r["text"]: r for r in result.data["references"]}
    # the ER has its own section 4.1 (Tests during Construction); the bracketed title picks the GC's 4.1
    assert rows["Sub-Clause 4.1 [Contractor's General Obligations]"]["resolved_in"] == "general_conditions.md"
    assert rows["Section 3.2"]["resolved_in"] == "employers_requirements.md"
    alone = check(pc, "*")  # the PC without its GC: say why references into the GC cannot resolve
    dangling = [f for f in alone.data["findings"] if f["kind"] == "dangling_reference"]
    assert "Sub-Clause 21.8 [Arbitration]" in [f["evidence"] for f in dangling]
    assert all("No General Conditions are loaded" in f["message"] for f in dangling if f["evidence"].startswith("Sub-Clause"))


def test_statute_sections_and_tax_forms_are_not_this_contracts_clauses():
    doc = parse_document_text(
        "1. Capital\nA capital account is kept for each Member under Treasury Regulations Section 1.704-1(b)(2)(iv).\n\n"
        "2. Duties\nTo the extent permitted by Section 18-1101(c) of the Act, the Manager owes no fiduciary duty.\n\n"
        "3. Tax\nPayments are intended to comply with Section 409A, and any parachute payment under Section 280G is cut back. "
        "The Company shall deliver a Schedule K-1 to each Member, and the budget in Schedule 2.\n", filename="llc.md")
    result = check(doc, "*")
    rows = {r["target_id"]: r["status"] for r in result.data["references"]}
    assert rows["409A"] == rows["280G"] == rows["18"] == "external"
    assert "Schedule K-1" not in rows and rows["Schedule 2"] == "missing_schedule"
    assert {f["kind"] for f in result.data["findings"]} == {"missing_schedule"}
