"""What unseen set 25 taught, checked on the same lessons drafted in other words: a loan is a kind of its own, bold
around quoted terms still defines them, one finding for a contract's undefined terms, a governing law named by its
adjective, and a seller's exposure to the buyer's own knowledge. None of these sentences is in set 25."""

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.generic.resolve_definition import prepare_input, resolve_definition
from paralaw.skills import make_state
from paralaw.skills.positions import evaluate_positions, resolve_positions
from paralaw.skills.reading.contract_type import contract_type
from paralaw.skills.reading.reader import Party, SentenceReader


def test_a_loan_is_read_as_finance_in_either_language():
    assert contract_type("# REVOLVING CREDIT FACILITY AGREEMENT\n\ndated 3 March 2026\n") == "finance"
    assert contract_type("# 流动资金借款合同\n\n借款人：华岭机械有限公司\n") == "finance"


LOAN = """# Term Loan Agreement

This Agreement is made between Arden Foods Limited (the "Borrower") and Corbel Bank plc (the "Lender").

## 1. Definitions

**"Margin"** means 2.75 per cent. per annum.

**"Loan"** means the loan made under this Agreement.

## 4. Interest

4.1 Interest accrues on the Loan at the Margin plus the Reference Rate for each Interest Period, payable on each Interest Payment Date.

## 5. Law

5.1 This Agreement is governed by Scots law.
"""


def test_bold_around_quoted_terms_defines_them_and_undefined_terms_are_one_finding():
    structure = parse_document_text(LOAN, filename="loan.md")
    assert {"Margin", "Loan"} <= {d.term for d in structure.definitions}
    out = resolve_definition(prepare_input("*", structure, make_state(structure)))
    undefined = [f for f in out.findings if f.kind == "undefined_term"]
    assert len(undefined) == 1 and undefined[0].clause_id == "4.1"
    assert all(term in undefined[0].message for term in ("Reference Rate", "Interest Period", "Interest Payment Date"))
    assert "Margin" not in undefined[0].message


def test_a_law_named_by_its_adjective_is_the_governing_law():
    reader = SentenceReader((Party("Borrower"), Party("Lender")))
    read = [p for p in reader.read("This Agreement is governed by Scots law.") if p.action == "governing_law"]
    assert [(p.modality, p.place) for p in read] == [("shall", "Scots")]


SALE = """# Share Purchase Agreement

This Agreement is made between Tolland Holdings Limited (the "Seller") and Brenna Capital LLP (the "Buyer").

## 7. Warranties

7.6 No claim under the Warranties is limited or reduced by reason of any due diligence carried out by the Buyer or anything of which the Buyer or its advisers knew or ought to have known.
"""


def test_a_buyer_free_to_claim_for_what_it_knew_is_flagged_for_the_seller(judged):
    results = judged(SALE, "Seller", "sha_spa", filename="spa.md")
    assert (results["spa_sandbagging_for_seller"].verdict, results["spa_sandbagging_for_seller"].clause_id) == ("RED", "7.6")


def test_a_long_claims_period_is_found_for_the_seller_however_it_is_stated():
    positions, _ = resolve_positions("sha_spa", None)
    for clause in ("7.7 The Warranties shall survive Completion for a period of five (5) years.",
                   "7.7 The Seller shall not be liable for any Warranty Claim unless the Buyer gives notice of it within five (5) years after Completion."):
        results = {r.position_id: r for r in evaluate_positions(positions, parse_document_text(SALE + "\n" + clause + "\n", filename="spa.md"),
                                                                domain="sha_spa", our_party="Seller")}
        assert (results["spa_seller_claims_period"].verdict, results["spa_seller_claims_period"].clause_id) == ("RED", "7.7"), clause


def test_a_position_names_only_actions_the_reading_knows():
    import pytest
    from pydantic import ValidationError

    from paralaw.skills.positions.schema import ProvisionMatch

    assert ProvisionMatch(action=["warrant", "exclude_liability"]).actions == ("warrant", "exclude_liability")
    with pytest.raises(ValidationError, match="unknown action 'survive'"):
        ProvisionMatch(action=["warrant", "survive"])


def test_a_carve_out_list_names_whose_liability_is_left_unlimited():
    reader = SentenceReader((Party("Supplier"), Party("Customer")))
    read = reader.read("The cap in clause 9 does not extend to: (i) the Supplier's liability under its warranties; or (ii) fraud.")
    assert [p.actor for p in read if p.action == "unlimited_liability"] == ["Supplier"]
