"""compare_with_baseline on services_a against its template, on the generic pack baseline, and on the
Common Paper mutual NDA against a copy modified here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import anyio
import pytest

from paralaw.skills import create_dispatcher, make_state, parse_document_text
from paralaw.skills.generic.compare_with_baseline import compare_with_baseline, prepare_input

MSA = "review_cases/services_a/master_services_agreement.md"
TEMPLATE = "review_cases/services_a/baseline.md"
NDA = "baselines/commonpaper_mutual_nda_v1_standard_terms.md"
ZH = "review_cases/zh_construction/construction_contract.md"


def compare(structure, clause_id, state):
    return compare_with_baseline(prepare_input(clause_id, structure, state))


def call(structure, clause_id, state, **arguments):
    dispatcher = create_dispatcher(state.get("domain_id", "generic"))

    async def go():
        with anyio.fail_after(20):
            return await dispatcher.prepare_and_call("compare_with_baseline", clause_id, structure, state, llm_arguments=arguments)

    return anyio.run(go)


@pytest.fixture(scope="module")
def msa_state(load):
    return make_state(load(MSA), our_party="Customer", others=[("baseline", load(TEMPLATE))])


def details(out, kind):
    return [c.detail for c in out.legal_changes if c.kind == kind]


def swaps(out):
    """(baseline wording, document wording) of each party change."""
    return [(c.before, c.after) for c in out.legal_changes if c.kind == "party_changed"]


def test_liability_cap_made_one_sided(load, msa_state):
    out = compare(load(MSA), "15.2", msa_state)
    assert (out.modification_type, out.matched_by, out.baseline_clause_id) == ("modified", "id", "15.2")
    assert out.baseline_source == "review baseline: baseline.md"
    assert 0.6 < out.similarity < 0.9
    assert details(out, "number_removed") == ["percent 125% removed"]
    assert details(out, "number_added") == ["period 3 months added"]
    assert swaps(out) == [("each party's", "the Supplier's")]
    assert out.additions == ["The Customer's liability under or in connection with this Agreement shall not be limited."]
    high = {f.kind: f for f in out.findings if f.severity == "high"}
    assert set(high) == {"baseline_party_changed", "baseline_qualifier_added"}
    assert high["baseline_qualifier_added"].evidence == "The Customer's liability under or in connection with this Agreement shall not be limited."
    assert "adverse to the Customer" in high["baseline_party_changed"].message


def test_renewal_periods_changed(load, msa_state):
    out = compare(load(MSA), "2.2", msa_state)
    assert details(out, "number_changed") == ["period 12 months -> 24 months", "period 90 days -> 180 days"]
    changed = {c.detail: c for c in out.legal_changes}
    assert changed["period 90 days -> 180 days"].before == "ninety (90) days"
    assert changed["period 90 days -> 180 days"].after == "one hundred and eighty (180) days"
    assert details(out, "qualifier_added") == ["automatic added ('automatically')"]
    assert not [f for f in out.findings if f.severity == "high"]


def test_price_increase_at_any_time(load, msa_state):
    out = compare(load(MSA), "9.7", msa_state)
    assert details(out, "number_changed") == ["period 90 days -> 30 days"]
    assert "at any time added ('at any time')" in details(out, "qualifier_added")
    assert out.deletions[0].startswith("The Charges shall remain fixed for the Initial Term.")
    finding = next(f for f in out.findings if f.kind == "baseline_qualifier_added")
    assert finding.evidence.startswith("The Supplier may increase the Charges at any time")


def test_ip_and_termination_move_to_the_supplier(load, msa_state):
    ip = compare(load(MSA), "10.2", msa_state)
    party = next(c for c in ip.legal_changes if c.kind == "party_changed")
    assert "Customer" in party.before and "Supplier" in party.after
    assert any(f.severity == "high" and f.evidence.startswith("All Intellectual Property Rights in the Deliverables shall vest in and remain with the Supplier")
               for f in ip.findings)
    termination = compare(load(MSA), "17.2", msa_state)
    assert swaps(termination) == [("Either party", "The Supplier")]
    assert details(termination, "number_changed") == ["period 90 days -> 30 days"]
    assert [f.severity for f in termination.findings if f.kind == "baseline_party_changed"] == ["high"]


@pytest.mark.parametrize("clause_id", ["9.3", "5.2", "12.2", "15.3", "15.4", "16.1", "4.4", "Schedule 1"])
def test_distractors_are_not_high(load, msa_state, clause_id):
    out = compare(load(MSA), clause_id, msa_state)
    assert not [f for f in out.findings if f.severity == "high"], out.findings


def test_unchanged_and_reworded_clauses(load, msa_state):
    same = compare(load(MSA), "9.3", msa_state)
    assert (same.modification_type, same.similarity, same.legal_changes) == ("unmodified", 1.0, [])
    reworded = compare(load(MSA), "16.1", msa_state)  # "six years" -> "six (6) years": same number
    assert reworded.modification_type == "modified" and reworded.similarity > 0.99
    assert reworded.legal_changes == []


def test_generic_pack_baseline_matches_by_title_and_content(load):
    state = make_state(load(MSA), our_party="Customer")  # no baseline document in the review
    out = compare(load(MSA), "17.2", state)
    assert out.baseline_source == "domain pack: generic"
    assert (out.baseline_clause_id, out.matched_by) == ("11.3", "content")
    assert swaps(out) == [("Either party", "The Supplier")]
    cap = compare(load(MSA), "15.2", state)
    assert cap.baseline_clause_id == "9.2"  # not the pack's 15.2 (entire agreement)
    # the pack names its parties Client/Provider: 9.3 against 4.3 is not a change of party
    payment = compare(load(MSA), "9.3", state)
    assert payment.baseline_clause_id == "4.3" and swaps(payment) == []


def test_a_clause_without_counterpart_is_added(load):
    out = compare(load(MSA), "22.1", make_state(load(MSA), our_party="Customer"))
    assert (out.modification_type, out.baseline_clause_id, out.matched_by) == ("added", None, "none")
    assert out.additions and out.additions[0].startswith("Any notice given under this Agreement")


def test_baseline_text_argument_through_the_dispatcher(load, msa_state):
    result = call(load(MSA), "9.3", msa_state,
                  baseline_text="The Customer shall pay each valid and undisputed invoice within sixty (60) days after the date of receipt.")
    assert result.success, result.error
    assert result.data["matched_by"] == "argument" and result.data["baseline_source"] == "argument"
    assert [c["detail"] for c in result.data["legal_changes"]] == ["period 60 days -> 30 days"]


def test_errors_are_clear(load, msa_state):
    missing = call(load(MSA), "99.9", msa_state)
    assert (missing.success, missing.error.code) == (False, "CLAUSE_NOT_FOUND")
    empty = call(load(MSA), "9.3", msa_state, baseline_text="   ")
    assert empty.error.code == "INVALID_ARGUMENT" and "baseline_text is empty" in empty.error.message
    other_language = call(load(ZH), "7.7", make_state(load(ZH), our_party="承包人"))
    assert other_language.error.code == "NO_BASELINE" and "another language" in other_language.error.message


def test_tool_definition_hides_internal_fields():
    definition = create_dispatcher("generic").get_registration("compare_with_baseline").to_tool_definition()
    properties = definition["function"]["parameters"]["properties"]
    assert set(properties) == {"clause_id", "baseline_text", "baseline_clause_id"}
    assert all(p.get("description") for p in properties.values())
    json.dumps(definition)


# --- the Common Paper NDA as a baseline, against a copy modified here ----------------------------------


@pytest.fixture(scope="module")
def nda(load):
    base = load(NDA)
    text = base.text
    edits = [
        ("The Receiving Party shall: (a) use Confidential Information", "The Receiving Party may: (a) use Confidential Information"),
        ("Either party may terminate this MNDA for any or no reason upon written notice",
         "The Disclosing Party may terminate this MNDA for any or no reason upon thirty (30) days’ written notice"),
        ("it provides the Disclosing Party reasonable advance notice", "it provides the Disclosing Party advance notice"),
        ("the Disclosing Party is entitled to seek", "the Disclosing Party is entitled, in its sole discretion, to seek"),
    ]
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    start = text.index("7. **Proprietary Rights**")
    text = text[:start] + text[text.index("8. **Disclaimer**"):]
    modified = parse_document_text(text, filename="nda_modified.md")
    return modified, make_state(modified, our_party="Receiving Party", others=[("baseline", base)])


def test_nda_termination_right_given_to_one_party(nda):
    modified, state = nda
    out = compare(modified, "5", state)
    assert out.matched_by == "id" and out.modification_type == "modified"
    assert details(out, "number_added") == ["period 30 days added"]
    assert swaps(out) == [("Either party", "The Disclosing Party")]
    finding = next(f for f in out.findings if f.kind == "baseline_party_changed")
    assert finding.severity == "high" and "adverse to the Receiving Party" in finding.message
    assert finding.evidence in modified.text


def test_nda_shall_became_may_and_qualifier_removed(nda):
    modified, state = nda
    use = compare(modified, "2", state)
    modal = [c for c in use.legal_changes if c.kind == "modal_changed"]
    assert [(c.before, c.after) for c in modal] == [("shall", "may")]
    assert modal[0].subject == "Receiving Party"
    law = compare(modified, "4", state)
    assert "reasonableness removed ('reasonable')" in details(law, "qualifier_removed")


def test_nda_sole_discretion_for_the_other_side(nda):
    modified, state = nda
    out = compare(modified, "10", state)
    (finding,) = [f for f in out.findings if f.kind == "baseline_qualifier_added"]
    assert finding.severity == "medium"
    assert finding.message == ("Compared with the baseline: sole discretion added ('sole discretion') - adverse to the Receiving Party.")
    assert "the Disclosing Party is entitled, in its sole discretion, to seek" in finding.evidence


def test_nda_deleted_clause(nda):
    modified, state = nda
    assert modified.get_clause("7") is None
    out = compare(modified, "7", state)
    assert (out.modification_type, out.baseline_clause_id, out.similarity) == ("deleted", "7", 0.0)
    assert any("The Disclosing Party retains all of its intellectual property" in s for s in out.deletions)
    assert [f.kind for f in out.findings] == ["baseline_clause_deleted"]


def test_emptied_clause_is_deleted(load):
    base = load(TEMPLATE)
    text = base.text.replace(base.get_clause("17.2").text.strip(), "17.2 [Deleted]")
    modified = parse_document_text(text, filename="msa_emptied.md")
    out = compare(modified, "17.2", make_state(modified, our_party="Customer", others=[("baseline", base)]))
    assert out.modification_type == "deleted"
    assert out.deletions[0].startswith("Either party may terminate this Agreement for convenience")
    assert [f.kind for f in out.findings] == ["baseline_clause_deleted"]


def test_spa_against_the_sha_spa_pack_baseline(load):
    spa = load("review_cases/spa_a/share_purchase_agreement.md")
    state = make_state(spa, our_party="Buyer", domain_id="sha_spa")
    cap = compare(spa, "9.1", state)
    assert (cap.baseline_source, cap.baseline_clause_id) == ("domain pack: sha_spa", "8.1")
    assert details(cap, "number_changed") == ["percent 30% -> 5%"]
    period = compare(spa, "9.3", state)
    assert period.baseline_clause_id == "8.3"
    assert details(period, "number_changed") == ["period 24 months -> 6 months"]
    awareness = compare(spa, "8.3", state)
    assert details(awareness, "qualifier_added") == ["knowledge qualifier added ('so far as the Seller is aware')"]
    assert [(f.severity, f.message.endswith("adverse to the Buyer.")) for f in awareness.findings] == [("medium", True)]


def test_chinese_clause_against_chinese_baseline_text(load):
    structure = load(ZH)
    state = make_state(structure, our_party="承包人", domain_id="fidic")
    baseline = ("因承包人原因造成工期延误的，承包人应支付逾期竣工违约金。逾期竣工违约金按每延误一天为签约合同价的万分之三计算，"
                "逾期竣工违约金的累计金额不超过签约合同价的5%。承包人支付逾期竣工违约金后，不免除承包人继续完成工程及修补缺陷的义务。")
    result = call(structure, "7.7", state, baseline_text=baseline)
    assert result.success, result.error
    data = result.data
    assert data["modification_type"] == "modified" and data["similarity"] > 0.9
    assert [c["detail"] for c in data["legal_changes"]] == ["percent 5% removed", "unlimited added ('不设上限')"]
    high = [f for f in data["findings"] if f["severity"] == "high"]
    assert [f["evidence"] for f in high] == ["逾期竣工违约金按每延误一天为签约合同价的万分之三计算，逾期竣工违约金的累计金额不设上限。"]
    assert high[0]["message"].endswith("adverse to the 承包人.")


def test_chinese_party_and_modal_changes():
    from paralaw.skills.generic.clause_diff import word_changes

    changes = word_changes("发包人应在收到申请后14天内支付。", "承包人可以在收到申请后14天内支付。", ("承包人", "发包人"))
    assert {c.kind for c in changes} == {"modal_changed", "party_changed"}


# --- the README's example contract against the generic pack's baseline (Client/Provider there,
# Customer/Supplier here) ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def example():
    from paralaw.skills import load_document

    structure = load_document(Path(__file__).resolve().parents[2] / "examples" / "services_agreement.md")
    return structure, make_state(structure, domain_id="generic", our_party="Customer")


def all_findings(structure, state, clause_ids):
    return {cid: compare(structure, cid, state).findings for cid in clause_ids}


def test_example_evidence_is_verbatim_and_quotes_carry_no_clause_numbers(example):
    structure, state = example
    ids = [c.clause_id for c in structure.iter_clauses()]
    for clause_id, findings in all_findings(structure, state, ids).items():
        for finding in findings:
            assert finding.evidence in structure.text, (clause_id, finding.evidence)
            assert not re.search(r"'\d+(?:\.\d+)* ", finding.message), finding.message  # no "'3 Either party'"


def test_example_payment_clauses_are_not_a_change_of_party(example):
    structure, state = example
    for clause_id in ("5", "5.1", "5.4"):
        out = compare(structure, clause_id, state)
        assert swaps(out) == [], (clause_id, out.legal_changes)
    # "The Customer shall pay the Charges monthly in advance" does what the baseline's Client does
    whole = compare(structure, "5", state)
    pairs = {p.document: p.baseline for p in whole.changed_sentences}
    assert pairs["The Customer shall pay the Charges monthly in advance."].startswith("In consideration of the Services, the Client shall pay")
    # the Supplier's price increase pairs with the baseline's price increase, not the Customer's right to withhold
    assert pairs["The Supplier may increase the Charges at any time by giving the Customer not less than fourteen (14) days' written notice."].startswith(
        "After that, the Provider may increase the Charges")
    lost = [f for f in whole.findings if f.kind == "baseline_sentence_deleted"]
    assert any("right or protection of the Customer is gone" in f.message and "may withhold payment" in f.message for f in lost)
    assert not [f for f in whole.findings if f.kind == "baseline_qualifier_removed"]  # the withholding proviso went with its sentence


def test_example_role_changes_said_in_plain_words(example):
    structure, state = example
    termination = compare(structure, "9.1", state)
    assert swaps(termination) == [("Either party", "The Supplier")]
    finding = next(f for f in termination.findings if f.kind == "baseline_party_changed")
    assert finding.severity == "high" and finding.evidence.startswith("The Supplier may terminate this Agreement for convenience")
    assert "'Either party' became 'The Supplier': now only the Supplier may terminate this Agreement for convenience" in finding.message
    exclusion = compare(structure, "8.4", state)
    assert swaps(exclusion) == [("neither party", "The Supplier")]  # not "'3 Subject to clause 9.1, neither party' -> '4 The Supplier'"
    cap = compare(structure, "8.2", state)
    assert swaps(cap) == [("each party's", "The Supplier's")]
    assert details(cap, "number_added") == ["period 1 month added"]
    ip = compare(structure, "6.1", state)
    change = next(c for c in ip.legal_changes if c.kind == "party_changed")
    assert (change.before, change.after, change.roles_before, change.roles_after) == ("the Client", "the Supplier", ["Customer"], ["Supplier"])
    assert "the Supplier now stands where the baseline had the Customer" in change.detail


def test_example_whole_clause_figures_stay_with_their_sentences(example):
    structure, state = example
    termination = compare(structure, "9", state)
    assert details(termination, "number_changed") == ["period 90 days -> 30 days"]
    assert swaps(termination) == [("Either party", "The Supplier")]
    survival = compare(structure, "7", state)
    removed = next(f for f in survival.findings if f.kind == "baseline_number_removed")
    assert "period 3 years removed" in removed.message and "shall survive termination" in removed.message


def test_split_sentences_leaves_clause_numbers_out():
    from paralaw.skills.generic.clause_diff import split_sentences

    text = "9.2 Subject to clause 9.1, the cap applies.\n\n9.3 Subject to clause 9.1, neither party shall be liable.\n9.4 The Charges count."
    sentences = split_sentences(text)
    assert [s.text for s in sentences] == ["Subject to clause 9.1, the cap applies.", "Subject to clause 9.1, neither party shall be liable.", "The Charges count."]
    assert all(text[s.start:s.end] == s.text for s in sentences)


def test_a_different_act_is_not_a_change_of_party():
    from paralaw.skills.generic.clause_diff import word_changes

    parties = ("Customer", "Supplier")
    assert word_changes("The Provider shall invoice the Charges monthly in arrears.", "The Customer shall pay the Charges monthly in advance.", parties) == []
    assert word_changes("The Client shall pay the Charges.", "The Customer shall pay the Charges.", parties) == []
    swapped = word_changes("The Client may terminate this Agreement.", "The Supplier may terminate this Agreement.", parties)
    assert [(c.kind, c.roles_before, c.roles_after) for c in swapped] == [("party_changed", ["Customer"], ["Supplier"])]


def test_baseline_parties_read_from_its_own_parties_block():
    """A baseline between a 'Client' and an 'Agency' (a name no pairing knows) lines up with a contract
    between a 'Customer' and a 'Supplier': the Agency is the party left over."""
    from paralaw.skills.generic.parties import baseline_aliases, contract_parties

    block = 'This Agreement is made between:\n\n(1) {a} Ltd, a company registered in England (the "{ra}"); and\n\n(2) {b} Ltd, whose registered office is in Leeds (the "{rb}").\n\n'
    base = parse_document_text(block.format(a="Acme", ra="Client", b="Bolt", rb="Agency") + (
        "## 1 Termination\n\n1.1 The Agency shall give the Client monthly reports on the work.\n\n"
        "1.2 The Client may terminate this Agreement for convenience by giving the Agency ninety (90) days' written notice.\n"), filename="base.md")
    doc = parse_document_text(block.format(a="Northwind", ra="Supplier", b="Harbour", rb="Customer") + (
        "## 1 Termination\n\n1.1 The Supplier shall give the Customer monthly reports on the work.\n\n"
        "1.2 The Supplier may terminate this Agreement for convenience by giving the Customer ninety (90) days' written notice.\n"), filename="doc.md")
    assert contract_parties(base) == ["Client", "Agency"]
    assert baseline_aliases(base, "Customer", "Supplier") == {"Client": "Customer", "Agency": "Supplier"}
    state = make_state(doc, our_party="Customer", others=[("baseline", base)])
    assert compare(doc, "1.1", state).legal_changes == []
    out = compare(doc, "1.2", state)
    change = next(c for c in out.legal_changes if c.kind == "party_changed")
    assert (change.before, change.after, change.roles_before, change.roles_after) == ("The Client", "The Supplier", ["Customer"], ["Supplier"])
    assert next(f for f in out.findings if f.kind == "baseline_party_changed").severity == "high"


# --- the bounds that let match_baseline skip edit distances ----------------------------------------------------

def _assert_within_bounds(a: str, b: str) -> None:
    from paralaw.skills.generic.baseline_match import _text_score, _text_score_bounds, _Words

    low, high = _text_score_bounds(_Words.of(a), _Words.of(b))
    assert low <= _text_score(a, b) <= high, (a[:80], b[:80], low, _text_score(a, b), high)


WORDS = ["the", "supplier", "shall", "not", "be", "liable", "for", "any", "loss", "fees", "12", "months", "供应商", "责任"]


def test_score_bounds_hold_for_any_two_texts():
    from hypothesis import given, settings, strategies as st

    text = st.lists(st.sampled_from(WORDS) | st.text(min_size=1, max_size=6).filter(lambda w: not w.isspace()),
                    max_size=25).map(" ".join)

    @settings(max_examples=400, deadline=None, database=None, derandomize=True)
    @given(text, text)
    def check(a, b):
        _assert_within_bounds(a, b)

    check()


def test_score_bounds_hold_on_real_clauses_against_the_baseline(load):
    from paralaw.skills.generic import baseline_match as cwb
    from paralaw.skills.packs import baseline_structure

    baseline = [body for body, _, _ in cwb._prepared(baseline_structure("generic")).values()]
    contract = load("cuad/contracts/BIOPURECORP_06_30_1999-EX-10.13-AGENCY AGREEMENT.txt")
    clauses = [cwb.clause_body(contract, c)[0].lower() for c in list(contract.iter_clauses())[:40]]
    for text in clauses:
        for other in baseline:
            _assert_within_bounds(text, other)


def test_a_shareholders_agreement_is_not_compared_with_the_spa_baseline():
    from paralaw.skills.documents.loaders import parse_document_text

    sha = parse_document_text("# Shareholders' Agreement\n\nThis Agreement is made between A Limited (the \"Investor\") and "
                              "B Limited (the \"Founder\").\n\n## 1. Board\n\n1.1 The Board shall consist of four Directors.\n",
                              filename="sha.md")
    result = call(sha, "1.1", make_state(sha, domain_id="sha_spa", our_party="Investor"))
    assert result.error.code == "NO_BASELINE" and "shareholders agreement" in result.error.message


def test_a_rate_keeps_its_period():
    from paralaw.skills.generic.clause_diff import number_changes

    changes = number_changes("Interest accrues at 3% a year above the base rate.", "Interest accrues at 4% per month.", lambda offset: "")
    assert [c.detail for c in changes] == ["percent 3% a year -> 4% a month (48% a year)"]
