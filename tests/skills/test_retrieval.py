"""Tokenising and BM25 clause search on tiny documents and on the real contracts in tests/data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from paralaw.skills import DocumentStructure, parse_document_text
from paralaw.skills.text import retrieval
from paralaw.skills.text.retrieval import ClauseIndex, Hit, tokenize
from paralaw.skills.text.tokens import stem

from data_paths import DATA


@pytest.mark.parametrize("family", [
    ["terminate", "termination", "terminated", "terminating", "terminates"],
    ["indemnify", "indemnification", "indemnity", "indemnified", "indemnities"],
    ["license", "licensed", "licensor", "licensee", "licensing"],
    ["liable", "liability", "liabilities"],
    ["audit", "audited", "auditor", "audits"],
    ["renew", "renewal", "renewals", "renewed"],
    ["compete", "competition", "competitor", "competitive"],
])
def test_word_forms_share_a_stem(family):
    assert len({stem(word) for word in family}) == 1, [stem(w) for w in family]


def test_tokenize_drops_stop_words_and_keeps_clause_numbers():
    assert tokenize("The Contractor shall give notice under Sub-Clause 14.7 [Payment].") == [
        "contractor", "giv", "notic", "sub", "claus", "14.7", "pay"]
    assert stem("contractors") != stem("contract")  # a Contractor is a party, not the contract
    assert tokenize("") == [] and tokenize("the of and shall") == []


def test_tokenize_segments_chinese_with_sub_words():
    words = tokenize("承包人应在知道索赔事件发生后7天内递交索赔意向通知书")
    assert {"承包人", "索赔", "通知书", "通知", "7"} <= set(words)
    assert "应" not in words and "的" not in tokenize("工程的质量")


def test_one_clause_document():
    doc = parse_document_text("1. Termination\nEither party may terminate this Agreement on 30 days notice.", filename="one.md")
    hits = ClauseIndex.for_document(doc).search("termination notice")
    assert [h.clause_id for h in hits] == ["1"]
    assert hits[0].score > 0 and "terminate this Agreement" in hits[0].quote


def test_three_clause_document_ranks_the_right_clause_first():
    doc = parse_document_text(
        "1. Payment\nThe Customer shall pay each invoice within 30 days.\n\n"
        "2. Termination\nEither party may terminate for material breach.\n\n"
        "3. Governing Law\nThis Agreement is governed by the laws of England.\n", filename="three.md")
    index = ClauseIndex.for_document(doc)
    assert index.search("terminated for breach")[0].clause_id == "2"
    assert index.search("which law governs")[0].clause_id == "3"
    assert index.search("invoices", top_k=1) == [index.search("invoice")[0]]


def test_empty_and_unmatched_queries_return_no_hits():
    doc = parse_document_text("1. Payment\nThe Customer shall pay within 30 days.", filename="p.md")
    index = ClauseIndex.for_document(doc)
    assert index.search("") == [] and index.search("   ") == [] and index.search("the and of") == []
    assert index.search("arbitration") == []
    assert index.search("payment", top_k=0) == []


def test_document_without_text_has_an_empty_index():
    index = ClauseIndex(DocumentStructure(document_id="blank"))
    assert len(index) == 0 and index.search("anything") == []


def test_cache_is_keyed_by_document_and_length_and_bounded(monkeypatch):
    monkeypatch.setattr(retrieval, "CACHE_SIZE", 2)
    monkeypatch.setattr(ClauseIndex, "_cache", type(ClauseIndex._cache)())
    docs = [parse_document_text(f"1. Clause\nText number {i}.", filename=f"{i}.md") for i in range(3)]
    first = ClauseIndex.for_document(docs[0])
    assert ClauseIndex.for_document(docs[0]) is first
    ClauseIndex.for_document(docs[1])
    ClauseIndex.for_document(docs[2])
    assert len(ClauseIndex._cache) == 2 and ClauseIndex.for_document(docs[0]) is not first


def _check_hits(structure, hits: list[Hit]):
    for hit in hits:
        assert hit.quote and hit.quote in structure.text[hit.start: hit.end]
    assert len({h.clause_id for h in hits if h.clause_id}) == len([h for h in hits if h.clause_id])


def test_fidic_general_conditions(load):
    gc = load("review_cases/fidic_a/general_conditions.md")
    hits = ClauseIndex.for_document(gc).search("interim payment certificates", top_k=5)
    assert hits[0].clause_id == "14.6" and hits[0].title == "Issue of Interim Payment Certificates"
    assert "21.4" in [h.clause_id for h in ClauseIndex.for_document(gc).search("arbitration of disputes", 3)]
    _check_hits(gc, hits)


def test_particular_conditions_contract_data_is_searchable(load):
    pc = load("review_cases/fidic_a/particular_conditions.md")
    hit = ClauseIndex.for_document(pc).search("limit of retention money")[0]
    assert hit.clause_id == "Part A(20)" and "Limit of Retention Money" in hit.quote  # the Contract Data table's row


def test_chinese_contract(load):
    doc = load("review_cases/zh_construction/construction_contract.md")
    index = ClauseIndex.for_document(doc)
    assert index.search("质量保证金")[0].clause_id == "14.2"
    assert index.search("逾期竣工违约金")[0].clause_id == "7.7"
    hits = index.search("承包人索赔意向通知", top_k=3)
    assert "18.1(1)" in [h.clause_id for h in hits]
    _check_hits(doc, hits)


def test_shareholders_agreement(load):
    sha = load("sha_spa/cofounders_sg_shareholders_agreement_template.md")
    index = ClauseIndex.for_document(sha)
    assert index.search("quorum of board meetings")[0].clause_id == "2.5"
    assert index.search("co-sale")[0].clause_id == "7"


def test_cuad_governing_law_and_unnumbered_contract(load):
    annotations = json.loads((DATA / "cuad" / "annotations.json").read_text())["contracts"]
    name = "BIOPURECORP_06_30_1999-EX-10.13-AGENCY AGREEMENT.txt"
    span = annotations[name]["Governing Law"]["spans"][0]
    doc = load(f"cuad/contracts/{name}")
    hits = ClauseIndex.for_document(doc).search("governing law", top_k=1)
    assert hits[0].start <= span["start"] < hits[0].end
    staar = load(f"cuad/contracts/{next(p.name for p in sorted((DATA / 'cuad' / 'contracts').glob('StaarSurgical*.txt')))}")
    flat = DocumentStructure(document_id="staar-unnumbered", text=staar.text, structure_type="flat")
    flat_hits = ClauseIndex.for_document(flat).search("governing law", top_k=3)
    assert flat_hits and all(h.clause_id == "" for h in flat_hits)
    assert flat_hits[0].title in (retrieval.OUTSIDE_TITLE, retrieval.PREAMBLE_TITLE)
    assert any("laws of the State" in h.quote or "governed by" in h.quote for h in flat_hits)
    _check_hits(flat, flat_hits)


def test_preamble_is_labelled_in_english_and_chinese():
    en = parse_document_text("SUPPLY AGREEMENT\n\nThis Agreement is made on 1 May 2020 between Acme Ltd and Beta Inc.\n\n"
                             "1. Supply\nAcme shall supply the Products.\n", filename="en.md")
    hit = ClauseIndex.for_document(en).search("Parties. The parties who signed the contract")[0]
    assert hit.clause_id == "" and hit.title == retrieval.PREAMBLE_TITLE and "Acme Ltd and Beta Inc" in hit.quote
    zh = parse_document_text("# 学校新建工程施工合同\n\n发包人：某某教育局\n承包人：某某建设集团有限公司\n\n"
                             "### 第1条 一般约定\n\n本合同适用中华人民共和国法律。\n", filename="zh.md")
    hit = ClauseIndex.for_document(zh).search("合同当事人")[0]
    assert hit.title == retrieval.PREAMBLE_TITLE_ZH and "发包人：某某教育局" in hit.quote
