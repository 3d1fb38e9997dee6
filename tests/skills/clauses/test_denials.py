"""A clause that names a category only to deny it does not count for it ("there are no third-party
beneficiaries" answers the Third Party Beneficiary question with no), unless it keeps an exception; both as
the rule reads single clauses and as classify_clauses reads a whole contract."""

from __future__ import annotations

import pytest

from paralaw.skills.clauses.classify_clauses import ClassifyClausesInput, classify_clauses
from paralaw.skills.clauses.denials import only_denies
from paralaw.skills.documents.loaders import parse_document_text

TPB = "Third Party Beneficiary"


@pytest.mark.parametrize("text, denies", [
    ("12.4 No Third-Party Beneficiaries. There are no third party beneficiaries to this Agreement.", True),
    ("This Agreement is for the sole benefit of the parties and nothing herein, express or implied, shall give or be "
     "construed to give any person, other than the parties, any legal or equitable rights hereunder.", True),
    ("A person who is not a party to this Agreement shall have no right under the Contracts (Rights of Third "
     "Parties) Act 1999 to enforce any of its terms.", True),
    ("Except as set forth in Sections 10.3 and 10.4, nothing in this Agreement is intended to confer benefits, "
     "rights or remedies unto any person or entity other than the Parties.", False),
    ("This Agreement does not confer any rights upon any person other than the Parties, except that the Indemnitees "
     "are intended third party beneficiaries of Section 8.", False),
    ("Each Indemnified Party is an intended third-party beneficiary of Section 9 and may enforce it directly.", False),
])
def test_a_denial_without_an_exception_does_not_count(text, denies):
    assert only_denies(TPB, text) is denies


CONTRACT = """# Services Agreement

## 1. Services
1.1 The Supplier shall provide the Services to the Customer in accordance with the Statement of Work.

## 2. Fees
2.1 The Customer shall pay the Fees within thirty (30) days of receipt of a valid invoice.

## 3. General
3.1 Governing Law. This Agreement is governed by the laws of the State of New York.
3.2 Third Party Beneficiaries. {tpb}
3.3 Entire Agreement. This Agreement is the entire agreement between the parties about its subject matter.
"""


def _found(tpb: str) -> dict[str, list[str]]:
    structure = parse_document_text(CONTRACT.format(tpb=tpb), filename="services.md")
    result = classify_clauses(ClassifyClausesInput(document_structure=structure, only=[TPB, "Governing Law"]))
    return {c.category: [x.clause_id for x in c.clauses] for c in result.categories}


def test_classify_clauses_drops_the_boilerplate_denial_and_keeps_the_carve_out():
    denied = _found("Nothing in this Agreement, express or implied, is intended to or shall confer upon any person "
                    "other than the parties any right, benefit or remedy of any nature.")
    assert TPB not in denied and denied["Governing Law"] == ["3.1"]
    kept = _found("Nothing in this Agreement confers any right on any person other than the parties, except that "
                  "each Customer Affiliate is an intended third party beneficiary of Section 1 and may enforce it.")
    assert kept.get(TPB) == ["3.2"]
