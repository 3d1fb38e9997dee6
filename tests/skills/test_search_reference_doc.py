"""search_reference_doc through the dispatcher, on FIDIC, Chinese, SHA and CUAD documents."""

from __future__ import annotations

import anyio
import pytest

from paralaw.skills import DocumentStructure, create_dispatcher, make_state, parse_document_text


def search(primary, clause_id: str, state=None, **arguments):
    dispatcher = create_dispatcher("generic")
    state = state if state is not None else make_state(primary)
    return anyio.run(lambda: dispatcher.prepare_and_call("search_reference_doc", clause_id, primary, state,
                                                         llm_arguments=arguments))


@pytest.fixture(scope="module")
def fidic(request):
    load = request.getfixturevalue("load")
    gc = load("review_cases/fidic_a/general_conditions.md")
    pc = load("review_cases/fidic_a/particular_conditions.md")
    er = load("review_cases/fidic_a/employers_requirements.md")
    return gc, pc, er


def _verbatim(result, structure):
    for hit in result.data["hits"]:
        assert hit["quote"] in structure.text[hit["start"]: hit["end"]]


def test_defaults_to_the_reference_document_and_the_clause_text(fidic):
    gc, pc, er = fidic
    state = make_state(pc, domain_id="fidic", others=[("gc", gc), ("reference", er)])
    result = search(pc, "21.4", state)  # PC 21.4 adds a sentence and inserts 21.6 on technical standards
    assert result.success, result.error
    data = result.data
    assert data["filename"] == "employers_requirements.md" and data["role"] == "reference"
    assert data["query_source"] == "clause_text" and data["query"].startswith("Sub-Clause 21.4")
    assert data["total_hits"] == 5 and data["hits"][0]["score"] >= data["hits"][-1]["score"]
    _verbatim(result, er)


def test_named_document_and_query(fidic):
    gc, pc, er = fidic
    state = make_state(pc, domain_id="fidic", others=[("gc", gc), ("er", er)])
    result = search(pc, "14.7", state, document="general_conditions.md", query="interim payment certificate", top_k=3)
    hits = result.data["hits"]
    assert result.data["role"] == "gc" and len(hits) == 3
    assert hits[0]["clause_id"] == "14.6" and hits[0]["title"] == "Issue of Interim Payment Certificates"
    assert "Interim Payment Certificate" in hits[0]["quote"]
    by_stem = search(pc, "14.7", state, document="general_conditions", query="payment", top_k=1)
    assert by_stem.data["filename"] == "general_conditions.md"


def test_own_document_leaves_the_clause_itself_out(load):
    doc = load("review_cases/zh_construction/construction_contract.md")
    result = search(doc, "14.2")
    ids = [h["clause_id"] for h in result.data["hits"]]
    assert result.data["role"] == "primary" and "14.2" not in ids
    assert "14.3" in ids  # 质量保证金的退还: the other retention clause
    _verbatim(result, doc)


def test_chinese_query(load):
    doc = load("review_cases/zh_construction/construction_contract.md")
    result = search(doc, "1", query="逾期竣工违约金上限", top_k=2)
    assert result.data["hits"][0]["clause_id"] == "7.7"
    assert "逾期竣工违约金" in result.data["hits"][0]["quote"]


def test_shareholders_agreement_finds_quorum(load):
    sha = load("sha_spa/cofounders_sg_shareholders_agreement_template.md")
    hits = search(sha, "2.1", query="quorum for board meetings").data["hits"]
    assert [h["clause_id"] for h in hits[:2]] == ["2.5", "2.9"]


def test_cuad_anti_assignment(load):
    name = "ENTERTAINMENTGAMINGASIAINC_02_15_2005-EX-10.5-DISTRIBUTOR AGREEMENT.txt"
    doc = load(f"cuad/contracts/{name}")
    result = search(doc, "1", query="assignment of this agreement requires consent", top_k=5)
    assert any("assign" in h["quote"].lower() for h in result.data["hits"][:2])
    _verbatim(result, doc)


def test_clear_errors():
    doc = parse_document_text("1. Payment\nThe Customer shall pay within 30 days.\n\n2. Term\n", filename="p.md")
    missing = search(doc, "7")
    assert not missing.success and missing.error.code == "CLAUSE_NOT_FOUND"
    stop_words = search(doc, "1", query="the of and")
    assert not stop_words.success and stop_words.error.code == "INVALID_ARGUMENT"
    unknown = search(doc, "1", document="other.pdf", query="payment")
    assert not unknown.success and unknown.error.code == "DOCUMENT_NOT_FOUND" and "p.md" in unknown.error.message
    too_many = search(doc, "1", query="payment", top_k=500)
    assert not too_many.success and too_many.error.code == "INVALID_ARGUMENT"
    nothing = search(doc, "1", query="arbitration")
    assert nothing.success and nothing.data["hits"] == [] and "No passage" in nothing.data["summary"]
    heading_only = search(doc, "2")  # "2. Term": one word, found nowhere else
    assert heading_only.success and heading_only.data["hits"] == [] and heading_only.data["query"] == "2. Term"
    no_document = search(None, "1", state={"documents": []}, query="payment")
    assert not no_document.success and no_document.error.code == "NO_DOCUMENT"


def test_unnumbered_document_hits_carry_no_clause_id():
    text = "This agreement is between A and B.\n\nThe supplier shall maintain insurance of USD 1 million.\n"
    doc = DocumentStructure(document_id="u", filename="u.txt", text=text, structure_type="flat")
    hits = search(doc, "", query="insurance").data["hits"]
    assert len(hits) == 1 and hits[0]["clause_id"] == "" and "insurance" in hits[0]["quote"]
