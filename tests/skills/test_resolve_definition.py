"""resolve_definition on the FIDIC case (GC + PC), the SPA, the SG shareholders' agreement, CUAD and Chinese text."""

from __future__ import annotations

import anyio

from paralaw.skills import create_dispatcher, make_state, parse_document_text
from paralaw.skills.generic.resolve_definition import prepare_input, resolve_definition

GC = "review_cases/fidic_a/general_conditions.md"
PC = "review_cases/fidic_a/particular_conditions.md"
SPA = "review_cases/spa_a/share_purchase_agreement.md"
SHA = "sha_spa/cofounders_sg_shareholders_agreement_template.md"
ZH = "review_cases/zh_construction/construction_contract.md"


def run(structure, clause_id, state=None, **arguments):
    data = prepare_input(clause_id, structure, state or make_state(structure))
    return resolve_definition(data.model_copy(update=arguments))


def call(structure, clause_id, state, **arguments):
    dispatcher = create_dispatcher("fidic" if state.get("domain_id") == "fidic" else "generic")

    async def go():
        with anyio.fail_after(20):
            return await dispatcher.prepare_and_call("resolve_definition", clause_id, structure, state, llm_arguments=arguments)

    return anyio.run(go)


def fidic_state(load, primary="pc"):
    gc, pc = load(GC), load(PC)
    if primary == "pc":
        return pc, make_state(pc, domain_id="fidic", our_party="Contractor", others=[("gc", gc)])
    return gc, make_state(gc, domain_id="fidic", our_party="Contractor", others=[("pc", pc)])


def test_fidic_pc_undefined_final_acceptance_date(load):
    pc, state = fidic_state(load)
    result = call(pc, "4.2", state)
    assert result.success
    findings = result.data["findings"]
    assert [f["kind"] for f in findings] == ["undefined_term"]
    assert "Final Acceptance Date" in findings[0]["message"] and findings[0]["clause_id"] == "4.2"
    assert "until the Final Acceptance Date" in findings[0]["evidence"] and findings[0]["evidence"] in pc.text
    assert result.data["undefined_terms"] == ["Final Acceptance Date"]
    # Performance Security is defined in the GC, not the PC: the review's definitions come from both
    (security,) = [t for t in result.data["terms"] if t["term"] == "Performance Security"]
    assert security["document"] == "general_conditions.md" and security["defined_in"] == "1.1"


def test_fidic_whole_pc_flags_only_the_planted_term(load):
    pc, state = fidic_state(load)
    out = run(pc, "*", state)
    assert out.undefined_terms == ["Final Acceptance Date"]


def test_fidic_gc_as_primary_finds_pc_definitions(load):
    gc, state = fidic_state(load, primary="gc")
    out = run(gc, "14.7", state, term="AquaDocs")
    assert out.lookup.found and out.lookup.document == "particular_conditions.md"
    assert not [f for f in out.findings if f.kind == "undefined_term"]


def test_lookup_tolerates_case_quotes_and_plurals(load):
    gc, state = fidic_state(load, primary="gc")
    for written in ("interim payment certificates", '"Interim Payment Certificate"', "the Interim Payment Certificate"):
        out = run(gc, "14.7", state, term=written)
        assert out.lookup.found and out.lookup.defined_in == "1.1", written
        assert out.lookup.definition.startswith('"Interim Payment Certificate" means a payment certificate')
    missing = run(gc, "14.7", state, term="Interim Payment Certficate").lookup
    assert missing.found is False or missing.term  # a typo still resolves or suggests
    unknown = run(gc, "14.7", state, term="Completion Bonus").lookup
    assert not unknown.found and "not defined" in run(gc, "14.7", state, term="Completion Bonus").summary


def test_spa_terms_used_by_the_cap(load):
    spa = load(SPA)
    out = run(spa, "9.1")
    names = {t.term: t for t in out.terms}
    assert {"Seller", "Claims", "Consideration"} <= set(names)
    assert names["Claims"].defined_in == "1.1" and names["Claims"].definition.startswith('"Claim" means')
    assert not out.findings


def test_sha_definition_points_at_missing_clause(load):
    sha = load(SHA)
    out = run(sha, "*")
    (finding,) = [f for f in out.findings if f.kind == "definition_refers_to_missing_clause"]
    assert finding.evidence == "Clause 5.8" and "'Shareholders'" in finding.message
    assert not out.undefined_terms


def test_chinese_definitions(load):
    zh = load(ZH)
    out = run(zh, "14.2", term="签约合同价")
    assert out.lookup.found and out.lookup.defined_in == "1.1(15)"
    assert "质量保证金" in {t.term for t in out.terms}
    assert not out.findings


def test_terms_the_parser_misses_still_resolve(load):
    gc = load(GC)  # '(the "Contractor's Representative")': an apostrophe inside the quotes
    out = run(gc, "4.3", term="Contractor's Representative")
    assert out.lookup.found and out.lookup.defined_in == "4.3"
    cuad = load("cuad/contracts/KitovPharmaLtd_20190326_20-F_EX-4.15_11584449_EX-4.15_Manufacturing Agreement.txt")
    renewal = run(cuad, "*", term="Renewal Term").lookup  # '(each, a "Renewal Term," and, ...)'
    assert renewal.found and renewal.term == "Renewal Term"


def test_conflicting_definitions_are_reported():
    text = (
        '1. Definitions\n\n"Fees" means the charges in Schedule 1.\n\n'
        '2. Payment\n\nThe Customer shall pay the Fees.\n\n'
        '3. More definitions\n\n"Fees" means the charges in the Order Form, excluding VAT.\n'
    )
    doc = parse_document_text(text, filename="c.md")
    out = run(doc, "2")
    assert [f.kind for f in out.findings] == ["conflicting_definitions"]
    assert out.findings[0].evidence in text


def test_errors_and_empty_results(load):
    spa = load(SPA)
    result = call(spa, "77.7", make_state(spa))
    assert not result.success and result.error.code == "CLAUSE_NOT_FOUND"
    plain = parse_document_text("1. Notices\n\nNotices shall be in writing.\n", filename="p.md")
    out = run(plain, "1", term="Notice")
    assert out.terms == [] and not out.lookup.found and out.definitions_available == 0
    assert "define no terms" in out.summary


def test_tool_definition_hides_internal_fields():
    definition = create_dispatcher("generic").get_registration("resolve_definition").to_tool_definition()
    properties = definition["function"]["parameters"]["properties"]
    assert set(properties) == {"clause_id", "term", "whole_document"}
    assert all(p.get("description") for p in properties.values())


def test_full_definition_preferred_to_a_pointer(load):
    gc, state = fidic_state(load, primary="gc")
    out = run(gc, "19.2", state, term="Force Majeure")
    assert out.lookup.defined_in == "19.1" and out.lookup.definition.startswith('"Force Majeure" means an exceptional event')
    assert out.lookup.also_defined_in == ["general_conditions.md: 1.1"]


def test_a_term_defined_in_another_instrument_is_not_undefined():
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.generic import _glossary

    text = ("# Shareholders' Agreement\n\n## 1. Board\n\n1.1 Each Investor Director shall attend the Annual General Meeting "
            "as defined in the Articles, and any Qualifying Exit within the meaning of the Articles requires consent.\n\n"
            "1.2 The Board shall approve the Business Plan before each year.\n")
    structure = parse_document_text(text, filename="sha.md")
    index = _glossary.build_index([structure])
    phrases = [p for p, _, _ in _glossary.undefined_candidates(structure, 0, len(text), index, [structure])]
    assert "Annual General Meeting" not in phrases and "Qualifying Exit" not in phrases
    assert "Business Plan" in phrases, "a term used as defined but defined nowhere is still reported"


def test_a_labelled_field_heading_the_contract_defines_its_term():
    """'**Effective Date:** September 2, 2025' above the parties defines the Effective Date: no undefined-term finding."""
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.generic import _glossary as glossary

    text = ("# Subscription Agreement\n\n**Effective Date:** September 2, 2025\n\n"
            "## 1. Term\n\n1.1 This Agreement begins on the Effective Date and continues until the Renewal Period ends.\n")
    structure = parse_document_text(text, filename="c.md")
    index = glossary.build_index([structure])
    phrases = [p for p, _, _ in glossary.undefined_candidates(structure, 0, len(text), index, [structure])]
    assert "Effective Date" not in phrases and "Renewal Period" in phrases


def test_a_term_named_at_the_end_of_a_sentence_is_defined():
    doc = parse_document_text(
        "# Employment Agreement\n\n6. Termination\n\n6.1 The date on which the Executive's employment terminates for "
        "any reason is the \"Separation Date.\"\n\n6.2 The Company shall pay accrued salary through the Separation Date.\n",
        filename="e.md")
    defined = {d.term: d.clause_id for d in doc.definitions}
    assert defined.get("Separation Date") == "6.1"


def test_a_details_table_defines_its_rows_names():
    # a cover table before the clauses ('| 6 | Effective Date | 3 November 2025 |') defines the names in it: they are
    # no undefined terms; a row name the table lacks still is
    text = ("# MUTUAL NON-DISCLOSURE AGREEMENT\n\n## Part A – Details\n\n| Item | Name | Details |\n|---|---|---|\n"
            "| 1 | Effective Date | 3 November 2025 |\n| 2 | Confidentiality Period | Five (5) years after the Effective Date |\n\n"
            "## Part B – Terms\n\n1. Each party shall keep the other's information confidential from the Effective Date until the end of "
            "the Confidentiality Period and during the Review Period.\n\n2. This agreement is governed by the laws of Victoria.\n")
    doc = parse_document_text(text, filename="nda.md")
    terms = {d.term for d in doc.definitions}
    assert {"Effective Date", "Confidentiality Period"} <= terms and "Review Period" not in terms


def test_a_term_a_clause_defines_is_not_defined_again_by_the_details_table():
    text = ("# NDA\n\n## Part A – Details\n\n| Item | Name | Details |\n|---|---|---|\n| 1 | Purpose | Evaluating a joint bid |\n\n"
            "## Part B – Terms\n\n1. \"Purpose\" means the purpose set out in Item 1 of Part A.\n\n2. Each party shall use the "
            "other's information only for the Purpose.\n")
    doc = parse_document_text(text, filename="nda.md")
    assert [d.clause_id for d in doc.definitions if d.term == "Purpose"] == ["1"]  # one definition, no conflict
