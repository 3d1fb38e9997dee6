"""extract_financial_terms on the review cases, a CUAD contract and the SG shareholders' agreement."""

from __future__ import annotations

import anyio

from paralaw.skills import create_dispatcher, make_state, parse_document_text
from paralaw.skills.generic.extract_financial_terms import FinancialTermsInput, extract_financial_terms

SPA = "review_cases/spa_a/share_purchase_agreement.md"
ZH = "review_cases/zh_construction/construction_contract.md"
PC = "review_cases/fidic_a/particular_conditions.md"


def run(structure, clause_id, **kwargs):
    return extract_financial_terms(FinancialTermsInput(clause_id=clause_id, document_structure=structure, **kwargs))


def call(structure, clause_id, **arguments):
    dispatcher = create_dispatcher("generic")

    async def go():
        with anyio.fail_after(20):
            return await dispatcher.prepare_and_call("extract_financial_terms", clause_id, structure, make_state(structure), llm_arguments=arguments)

    return anyio.run(go)


def test_spa_cap_is_five_percent_of_consideration(load):
    out = run(load(SPA), "9.1")
    (term,) = out.terms
    assert (term.kind, term.term_type, term.value, term.basis) == ("percentage", "cap", 5, "of the Consideration")
    assert term.quote == "five per cent (5%)"


def test_spa_de_minimis_and_basket_are_thresholds_in_gbp(load):
    out = run(load(SPA), "9.2")
    assert [(t.term_type, t.value, t.currency, t.clause_id) for t in out.terms[:2]] == [
        ("threshold", 150_000, "GBP", "9.2(a)"),
        ("threshold", 2_500_000, "GBP", "9.2(b)"),
    ]
    assert out.terms[0].normalised == "GBP 150,000.00"


def test_zh_delay_damages_rate_and_uncapped_finding(load):
    doc = load(ZH)
    out = run(doc, "7.7")
    (rate,) = [t for t in out.terms if t.kind == "percentage"]
    assert (rate.term_type, rate.value, rate.rate_basis, rate.basis) == ("damages", 0.03, "per_day", "签约合同价")
    assert not [t for t in out.terms if t.kind == "period"]  # '每延误一天' is the rate's unit, not a period
    (finding,) = out.findings
    assert finding.kind == "delay_damages_uncapped" and "不设上限" in finding.evidence
    assert finding.evidence in doc.text


def test_zh_retention_and_payment_period(load):
    doc = load(ZH)
    retention = run(doc, "14.2")
    assert [(t.term_type, t.value) for t in retention.terms] == [("retention", 8)]
    assert [f.kind for f in retention.findings] == ["retention_above_statutory_cap"]
    payment = run(doc, "11.5")
    assert [(t.term_type, t.value, t.days) for t in payment.terms if t.kind == "period"] == [("payment_term", 90, 90)]


def test_fidic_contract_data_rows_belong_to_their_sub_clause(load):
    pc = load(PC)
    out = run(pc, "14.3")  # no Part B text for 14.3: the Contract Data rows answer
    assert [(t.term_type, t.value, t.clause_id) for t in out.terms] == [("retention", 10, "14.3"), ("retention", 10, "14.3")]
    assert out.terms[1].basis == "of the Accepted Contract Amount"
    delay = run(pc, "8.7")
    assert any(t.term_type == "damages" and t.value == 0.05 and t.rate_basis == "per_day" for t in delay.terms)
    assert {f.kind for f in delay.findings} == {"delay_damages_uncapped"}
    assert any("no maximum amount shall apply to Delay Damages" in f.evidence for f in delay.findings)


def test_whole_document_and_type_filter(load):
    pc = load(PC)
    out = run(pc, "*", term_types=["price"])
    assert [(t.value, t.currency) for t in out.terms] == [(48_650_000, "USD")]
    assert out.scope == "document" and set(out.counts_by_type) == {"price"}


def test_cuad_words_and_figures_amount(load):
    doc = load("cuad/contracts/BIOPURECORP_06_30_1999-EX-10.13-AGENCY AGREEMENT.txt")
    out = run(doc, "*", term_types=["insurance"])  # "... umbrella liability insurance (... not less than ...)"
    assert any(t.value == 5_000_000 and t.currency == "USD" and t.quote == "Five Million Dollars ($5,000,000)" for t in out.terms)
    for term in out.terms:
        assert doc.text[term.start:term.end] == term.quote


def test_sha_template_periods(load):
    doc = load("sha_spa/cofounders_sg_shareholders_agreement_template.md")
    out = run(doc, "*")
    assert any(t.unit == "business_days" and t.value == 14 and t.days is None for t in out.terms)
    assert not out.findings


def test_words_figures_mismatch_is_reported():
    doc = parse_document_text("1. Price\n\nThe Buyer shall pay ten million dollars ($1,000,000) on Completion.\n", filename="x.md")
    out = run(doc, "1")
    assert [f.kind for f in out.findings] == ["amount_words_figures_mismatch"]
    assert out.findings[0].evidence == "ten million dollars ($1,000,000)"


def test_cuad_words_figures_mismatch(load):
    doc = load("cuad/contracts/ENTERTAINMENTGAMINGASIAINC_02_15_2005-EX-10.5-DISTRIBUTOR AGREEMENT.txt")
    out = run(doc, "*")
    (finding,) = [f for f in out.findings if f.kind == "amount_words_figures_mismatch"]
    assert finding.evidence == "Four Thousand Nine Hundred Dollars ($4,950.00 U.S.)"
    assert "4,900.00" in finding.message and "4,950.00" in finding.message


def test_no_amounts_and_errors(load):
    doc = parse_document_text("1. Notices\n\nNotices shall be in writing.\n\n2. Empty\n", filename="n.md")
    out = run(doc, "1")
    assert out.terms == [] and out.summary.startswith("No amounts")
    assert run(doc, "2").terms == []
    result = call(load(SPA), "99.9")
    assert not result.success and result.error.code == "CLAUSE_NOT_FOUND"
    bad = call(load(SPA), "9.1", term_types=["bogus"])
    assert not bad.success and bad.error.code == "INVALID_ARGUMENT"


def test_dispatcher_whole_document_flag(load):
    result = call(load(SPA), "9.1", whole_document=True, term_types=["cap"])
    assert result.success and result.data["scope"] == "document"
    assert any(t["value"] == 5 and t["clause_id"] == "9.1" for t in result.data["terms"])


def test_interest_rate_above_a_reference_rate(load):
    msa = load("review_cases/services_a/master_services_agreement.md")
    (rate,) = run(msa, "9.5").terms
    assert (rate.term_type, rate.value, rate.rate_basis) == ("interest", 2, "per_annum")
    assert rate.basis == "above the Bank of England base rate"
    gc = load("review_cases/fidic_a/general_conditions.md")
    (margin,) = run(gc, "14.8").terms
    assert (margin.term_type, margin.quote, margin.basis) == ("interest", "three percentage points", "above the discount rate of the central bank")


def test_liability_cap_insurance_and_charges(load):
    msa = load("review_cases/services_a/master_services_agreement.md")
    cap = run(msa, "15.4").terms
    assert [(t.term_type, t.value, t.unit) for t in cap] == [("cap", 2_000_000, "GBP"), ("cap", 200, "percent")]
    insurance = run(msa, "16.1", term_types=["insurance"]).terms
    assert {t.value for t in insurance} == {5_000_000, 10_000_000}
    charges = run(msa, "*", term_types=["fee"]).terms
    assert any(t.value == 86_500 and t.rate_basis == "per_month" for t in charges)


def test_zh_security_and_advance_payment(load):
    zh = load(ZH)
    out = run(zh, "*", term_types=["security", "advance_payment"])
    assert [(t.term_type, t.value, t.clause_id) for t in out.terms] == [
        ("security", 5, "2.4"), ("security", 10, "3.4"), ("advance_payment", 10, "11.2"), ("advance_payment", 80, "11.2"),
    ]  # 80%: the advance is fully recovered once payments reach 80% of the contract price
    assert all(t.basis.startswith("签约合同价") for t in out.terms)


def test_tool_definition_hides_internal_fields():
    definition = create_dispatcher("generic").get_registration("extract_financial_terms").to_tool_definition()
    properties = definition["function"]["parameters"]["properties"]
    assert set(properties) == {"clause_id", "whole_document", "term_types", "max_terms"}
    assert all(p.get("description") for p in properties.values())


def test_model_types_insurance_minimum_purchases_and_royalties():
    """The nearest word misleads ("liability", "not less than", "minimum", "fee"); the sentence does not."""
    doc = parse_document_text(
        "1. Insurance\n\nDistributor shall maintain product liability insurance with limits of not less than $2,000,000 per "
        "occurrence and shall name Supplier as an additional insured.\n\n"
        "2. Minimum Purchases\n\nDistributor shall purchase a minimum of $500,000 of Products in each Contract Year; if it "
        "purchases less, Supplier may terminate the exclusivity granted in Section 5.\n\n"
        "3. Royalties\n\nLicensee shall pay Licensor a running royalty fee of five percent (5%) of Net Sales of all "
        "Licensed Products sold by Licensee or its sublicensees, payable quarterly.\n", filename="terms.md")
    types = {t.clause_id: t.term_type for t in run(doc, "*").terms if t.kind != "period"}
    assert types == {"1": "insurance", "2": "minimum_commitment", "3": "revenue_share"}


def test_malformed_figure_is_flagged():
    doc = parse_document_text("1. Fee\n\nCustomer shall pay a one-time fee of $1,600,00.00 on signature, and $2,500.00 "
                              "per month thereafter.\n", filename="fee.md")
    findings = run(doc, "1").findings
    assert [(f.kind, f.evidence) for f in findings] == [("malformed_figure", "$1,600,00.00")]


def test_insurance_unlimited_in_number_of_occurrences_is_no_uncapped_liability():
    # cover "per occurrence, unlimited in number" limits nobody's liability; an uncapped indemnity still does
    for text in ("18.1 The Contractor shall insure its third-party liability for R50,000,000 per occurrence, unlimited in number of occurrences.",
                 "18.3 Third party liability insurance: USD 10,000,000 per occurrence, with the number of occurrences unlimited."):
        out = extract_financial_terms(FinancialTermsInput(clause_id="*", document_structure=parse_document_text(text)))
        assert not [f for f in out.findings if f.kind.endswith("uncapped")], out.findings
    text = "17.1 The Contractor's liability under this indemnity shall be unlimited."
    out = extract_financial_terms(FinancialTermsInput(clause_id="*", document_structure=parse_document_text(text)))
    assert [f.kind for f in out.findings] == ["liability_uncapped"]
