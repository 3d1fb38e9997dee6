"""Items run on inside one sentence ('may terminate (a) on 90 days' notice for breach; or (b) at any time') are
read one by one with the sentence's lead-in: a one-sided limb does not borrow the fair limb's notice or cause."""

import pytest

EN = """# SERVICES AGREEMENT

This agreement is made between Kestrel Analytics Limited (the "Supplier") and Dunmore Logistics Limited (the "Customer").

## 9. Termination

9.1 {sentence}
"""


@pytest.mark.parametrize("sentence", [
    "The Supplier may terminate this Agreement (a) by giving the Customer not less than ninety (90) days' written notice if "
    "the Customer commits a material breach; or (b) at any time for convenience with immediate effect.",
    "The Supplier may terminate this Agreement: (a) on ninety (90) days' written notice if the Customer commits a material "
    "breach; or (b) at any time for its convenience.",
])
def test_a_convenience_limb_is_read_on_its_own(judged, sentence):
    found = judged(EN.format(sentence=sentence), "Customer")["termination_convenience"]
    assert found.verdict == "RED", found.message
    assert "(b)" in found.evidence and "breach" not in found.evidence


def test_limbs_that_are_all_for_cause_stay_fair(judged):
    sentence = ("The Supplier may terminate this Agreement (a) on thirty (30) days' written notice if the Customer commits a "
                "material breach and fails to remedy it within that period; or (b) immediately if the Customer becomes insolvent.")
    results = judged(EN.format(sentence=sentence), "Customer")
    assert "termination_convenience" not in results or results["termination_convenience"].verdict != "RED"
