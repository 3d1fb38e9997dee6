"""The positions engine as a lawyer and a developer meet it: the schema refuses what cannot work, a playbook
overrides a pack position by id, conditions stay data, and a finding quotes its operative sentence."""

from __future__ import annotations

import pytest
import yaml

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.framework.dispatcher import SkillDispatcher
from paralaw.skills.framework.state import make_state
from paralaw.skills.packs import DOMAINS
from paralaw.skills.positions import evaluate_positions, pack_positions, resolve_positions
from paralaw.skills.positions.conditions import check_expression, evaluate
from paralaw.skills.positions.packs import PositionsError
from paralaw.skills.positions.schema import PositionSet

CONTRACT = """# Services Agreement

This Agreement is made between Calder Retail plc (the "Customer") and Brightline Systems Ltd (the "Supplier").

## 5. Payment

5.1 The Supplier shall invoice the Charges monthly in arrears.

5.2 The Customer shall pay each invoice within forty-five (45) days of receipt.

## 8. Liability

8.1 Each party's aggregate liability under this Agreement shall not exceed the Charges paid in the twelve (12) months before the claim.
"""


def _run(playbook=None, text=CONTRACT):
    structure = parse_document_text(text, filename="msa.md")
    positions, source = resolve_positions("generic", playbook)
    return {r.position_id: r for r in evaluate_positions(positions, structure, domain="generic", our_party="Customer")}, source


def test_every_pack_loads_and_each_position_is_usable():
    for domain in DOMAINS:
        positions = pack_positions(domain).positions
        assert positions, domain
        for position in positions:
            assert position.rationale.strip(), position.id
            assert position.escalate or position.standard or position.acceptable or position.if_missing, position.id


def test_conditions_compare_and_treat_unknown_values_as_not_met():
    assert evaluate("cap < 10", {"cap": 5.0})
    assert not evaluate("cap < 10", {"cap": None}), "a value nobody could read never triggers an escalation"
    assert evaluate("not days or days >= 30", {"days": None})
    assert evaluate("'budget' in missing", {"missing": ["budget", "dividends"]})
    assert check_expression("them_waive and not us_waive") == {"them_waive", "us_waive"}


@pytest.mark.parametrize("expression", ["__import__('os')", "cap.real < 1", "[x for x in y]", "cap +"])
def test_conditions_refuse_code(expression):
    with pytest.raises(ValueError):
        check_expression(expression)


def test_a_condition_on_a_name_nothing_extracts_is_refused_naming_it():
    bad = {"positions": [{"id": "x", "title": "X", "topic": "t", "find": {"cues": ["cap"]},
                          "escalate": {"when": "cap_percent < 5"}}]}
    with pytest.raises(PositionsError) as error:
        resolve_positions("generic", bad)
    assert "cap_percent" in str(error.value)


def test_standard_position_is_green_and_quotes_the_operative_sentence():
    results, source = _run()
    assert source == "domain pack: generic"
    payment = results["payment_period"]
    assert payment.verdict == "GREEN" and payment.clause_id == "5.2"
    assert payment.evidence == "The Customer shall pay each invoice within forty-five (45) days of receipt."
    assert results["lol_mutual"].verdict == "GREEN"
    # "at least 12 months' charges": twelve months meets it (months are read as 30 days, a year as 360)
    assert results["lol_cap_level"].verdict == "GREEN" and results["lol_cap_level"].clause_id == "8.1"


def test_a_playbook_overrides_a_pack_position_by_id():
    stricter = yaml.safe_load("""
extends_pack: true
positions:
  - id: payment_period
    title: At least 60 days to pay
    topic: payment_period
    find: {headings: [payment], cues: ['pay[^.;]{0,80}within']}
    extract: {days: {kind: period_days, near: within}}
    escalate: {when: 'days < 60', text: 'less than 60 days to pay'}
    standard: {when: 'days >= 60', text: '60 days'}
    severity: high
    rationale: Our treasury pays on a 60-day cycle.
""")
    results, source = _run(stricter)
    assert source.startswith("playbook over domain pack")
    assert results["payment_period"].verdict == "RED" and results["payment_period"].severity == "high"
    assert "lol_mutual" in results, "the pack's other positions stay"


def test_missing_provision_names_where_it_belongs():
    results, _ = _run()
    insolvency = results["termination_insolvency"]
    assert insolvency.verdict == "MISSING" and insolvency.evidence == ""
    assert "termination" in insolvency.message


@pytest.mark.anyio
async def test_review_positions_tool_reports_verdicts_and_findings():
    structure = parse_document_text(CONTRACT.replace("forty-five (45)", "seven (7)"), filename="msa.md")
    dispatcher = SkillDispatcher()
    from paralaw.skills.generic import review_positions

    dispatcher.register(review_positions.registration)
    result = await dispatcher.prepare_and_call("review_positions", "*", structure, make_state(structure, our_party="Customer"))
    assert result.success, result.error
    data = result.data
    assert data["counts"]["RED"] >= 1
    assert data["acting_for"].startswith("Customer (payer)") and data["contract_type"] == "services"
    finding = next(f for f in data["findings"] if f["kind"] == "position_payment_period")
    assert finding["verdict"] == "RED" and finding["clause_id"] == "5.2" and "7 days" in finding["message"]
    assert "proposed_wording" not in finding or finding["proposed_wording"] is None  # the wording comes with detail
    assert all(v["verdict"] == "GREEN" for v in data["verdicts"])  # the others are the findings, not repeated
    assert "kind_topics" not in data
    detailed = await dispatcher.prepare_and_call("review_positions", "*", structure, make_state(structure, our_party="Customer"),
                                                 llm_arguments={"detail": True})
    finding = next(f for f in detailed.data["findings"] if f["kind"] == "position_payment_period")
    assert finding["proposed_wording"] and len(detailed.data["verdicts"]) == sum(detailed.data["counts"].values())
    only_red = await dispatcher.prepare_and_call("review_positions", "*", structure, make_state(structure, our_party="Customer"),
                                           llm_arguments={"verdicts": ["RED"], "detail": True})
    assert {v["verdict"] for v in only_red.data["verdicts"]} == {"RED"}


def test_positions_schema_round_trips_through_json():
    positions = pack_positions("sha_spa")
    again = PositionSet.model_validate_json(positions.model_dump_json())
    assert [p.id for p in again.positions] == [p.id for p in positions.positions]


def test_the_clause_type_model_locates_a_provision_under_an_uninformative_heading():
    from paralaw.skills.positions.engine import clause_kinds

    text = CONTRACT.split("## 8. Liability")[0] + """## 14. General

14.1 This Agreement is the entire agreement between the parties.

14.2 In no event shall either party's total liability arising out of or relating to this Agreement exceed the fees paid hereunder in the prior twelve months.
"""
    structure = parse_document_text(text, filename="msa.md")
    assert "Cap On Liability" in clause_kinds(structure)["14.2"]

    def position(categories):
        return {"extends_pack": True, "positions": [{
            "id": "cap_by_type", "title": "Cap", "topic": "cap_by_type",
            "find": {"categories": categories, "require_heading": True, "cues": ["liabilit"]},
            "standard": {"when": "present"}, "rationale": "-"}]}

    with_model, _ = _run(position(["Cap On Liability"]), text)
    assert with_model["cap_by_type"].clause_id == "14.2"
    without, _ = _run(position([]), text)
    assert "cap_by_type" not in without, "no heading names it: only the model's category finds it"


DEFINED = """# Share Purchase Agreement

This Agreement is made between Thornbury Estates Limited (the "Seller") and Calloway Group plc (the "Buyer").

## 1. Definitions

1.1 In this Agreement: "Cap" means an amount equal to {cap} of the Consideration; "Consideration" means GBP 120,000,000.

## 8. Limitations

8.1 The total liability of the Seller for all Warranty Claims shall not exceed the Cap.

8.2 The total liability of the Seller for claims under clause 9 shall not exceed {own}.
"""


@pytest.mark.parametrize("cap, own, verdict", [("five per cent (5%)", "the Cap", "RED"), ("thirty per cent (30%)", "the Cap", "GREEN"),
                                               ("five per cent (5%)", "forty per cent (40%) of the Consideration", "RED")])
def test_a_figure_held_in_a_definition_is_read_where_the_term_is_used(cap, own, verdict):
    structure = parse_document_text(DEFINED.format(cap=cap, own=own), filename="spa.md")
    positions, _ = resolve_positions("sha_spa")
    result = next(r for r in evaluate_positions(positions, structure, domain="sha_spa", our_party="Buyer") if r.topic == "liability_cap")
    # the figure that decides is the definition's: the finding quotes the words to change and names where they are
    assert (result.verdict, result.clause_id) == (verdict, "8.1")
    assert result.evidence.startswith('"Cap" means an amount equal to') and "definition in 1.1" in result.message


def test_parties_named_by_pronouns_are_read_from_the_parties_block():
    from paralaw.skills.positions.extract import sides_of

    text = ('# Order Form\n\nThis Order Form is between Lumen Metrics, Inc. ("Lumen", "we", "us" or "our") and Harborview '
            'Credit Union ("Customer", "you" or "your").\n\n## 1. Fees\n\n1.1 You pay the fees in US dollars.\n')
    sides = sides_of(parse_document_text(text, filename="order.md"), "Customer")
    assert {"you", "your"} <= set(sides.us) and {"Lumen", "we", "us", "our"} <= set(sides.them)
    them = sides.pattern("them")
    assert them.search("Our total liability") and not them.search("in US dollars")


LEAD_IN = """# Services Agreement

This Agreement is made between Calder Retail plc (the "Customer") and Brightline Systems Ltd (the "Supplier").

## 14. Termination

14.1 The Supplier may terminate this Agreement by notice to the Customer if:

(a) the Customer {ground_a};

(b) {ground_b}.
"""


@pytest.mark.parametrize("ground_a, ground_b, verdict", [
    ("fails to pay an undisputed invoice within 30 days of notice", "the Supplier decides for its own business reasons to stop providing the Services", "RED"),
    ("commits a material breach of this Agreement", "the Customer becomes insolvent", None),
])
def test_a_list_item_is_read_after_its_lead_in(ground_a, ground_b, verdict):
    structure = parse_document_text(LEAD_IN.format(ground_a=ground_a, ground_b=ground_b), filename="msa.md")
    positions, _ = resolve_positions("generic")
    found = [r for r in evaluate_positions(positions, structure, domain="generic", our_party="Customer")
             if r.topic == "termination_convenience"]
    assert [(r.verdict, r.clause_id) for r in found] == ([(verdict, "14.1(b)")] if verdict else [])


@pytest.mark.parametrize("terms, verdict", [("Net 10", "RED"), ("Net 30 from the invoice date", "GREEN"), ("Net 45", "GREEN")])
def test_a_table_row_states_its_provision_and_net_terms_are_days(terms, verdict):
    text = ('# Order Form\n\nThis Order Form is between Lumen Metrics, Inc. ("Lumen", "we", "us" or "our") and Harborview '
            f'Credit Union ("Customer", "you" or "your").\n\n## Order Details\n\n| Term | Detail |\n|---|---|\n'
            f'| Fees | USD 84,000 per year, net 5,000 units included |\n| Payment Terms | {terms} |\n')
    structure = parse_document_text(text, filename="order.md")
    positions, _ = resolve_positions("generic")
    found = [r for r in evaluate_positions(positions, structure, domain="generic", our_party="Customer") if r.topic == "payment_period"]
    assert [(r.verdict, r.clause_id, r.evidence) for r in found] == [(verdict, "Order Details(2)", f"| Payment Terms | {terms} |")]
