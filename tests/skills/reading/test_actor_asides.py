"""The actor of a duty is its subject, not a party named in an aside before the verb: "The Supplier shall, at the
Buyer's option, repair, replace or refund" binds the Supplier to refund; a paying Buyer read there had made a
supplier's remedy into a ten-day payment term for the buyer."""

import pytest

from paralaw.skills.reading.reader import Party, SentenceReader

READER = SentenceReader((Party("Supplier"), Party("Buyer")))


@pytest.mark.parametrize("sentence", [
    "The Supplier shall, at the Buyer's option, repair or replace the defective Goods within ten (10) Business Days, or refund the Price of them, and shall bear the reasonable cost of their return.",
    "The Supplier shall, at the Buyer's sole election, refund the price paid within ten (10) days.",
    "The Supplier shall, at the Buyer's request and expense, deliver replacement Goods within ten days.",
])
def test_a_party_named_in_an_aside_is_not_the_actor(sentence):
    acts = {p.action: p.actor for p in READER.read(sentence)}
    assert set(acts.values()) == {"Supplier"}, acts


def test_a_possessive_that_names_whose_duty_is_still_the_actor():
    read = READER.read("The Buyer's obligation to pay the Price shall arise on delivery.")
    assert [p.actor for p in read if p.action == "pay"] == ["Buyer"]
