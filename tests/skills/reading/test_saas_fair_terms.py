"""A balanced SaaS contract stays quiet: the conditions a clause takes from the schedule it cites ('may use
Sub-processors in accordance with Schedule 3', which gives notice and a right to object), a suspension limited to an
imminent security threat and reported promptly, and tax payable on a tax invoice are all market terms. The lead-in
of a list ('may suspend access only:') is read with its items, not as a right with no conditions. The one-sided
versions are still flagged."""

import pytest

SAAS = """# SUBSCRIPTION SERVICES AGREEMENT

This Agreement is made between Tidewater Analytics Pte. Ltd. (the "Provider") and Marisol Clinics Pte. Ltd. (the "Customer").

## 4. Fees

4.2 The Customer shall pay each undisputed invoice within thirty (30) days of receipt, together with goods and services tax at the prevailing rate, which is payable on receipt of a valid tax invoice.

## 9. Suspension

9.1 The Provider may suspend the Services only: (a) if an undisputed invoice is more than 30 days overdue and remains unpaid 14 days after the Provider's written notice; or (b) {emergency}

## 12. Data

12.4 The Provider may engage sub-processors to process Customer Personal Data {subprocessors}.

## Schedule 2 Data Processing Terms

1. The Provider shall give the Customer at least 30 days' written notice of any new sub-processor, and the Customer may object on reasonable data-protection grounds, in which case the Customer may terminate the affected Services.
"""


def test_fair_saas_terms_raise_nothing(judged):
    results = judged(SAAS.format(emergency="to the extent strictly necessary to meet an imminent threat to the security of the Services, notifying the Customer promptly.",
                                 subprocessors="in accordance with Schedule 2"), "Customer", filename="saas.md")
    assert results["subprocessor_changes"].verdict == "GREEN"
    assert results["suspension"].verdict == "GREEN"
    assert "payment_period" not in results or results["payment_period"].verdict != "RED"  # tax due on its tax invoice


def test_one_sided_saas_terms_are_still_flagged(judged):
    one_sided = SAAS.replace("9.1 The Provider may suspend the Services only: (a) if an undisputed invoice is more than 30 days "
                             "overdue and remains unpaid 14 days after the Provider's written notice; or (b) {emergency}",
                             "9.1 The Provider may suspend the Services at any time at its discretion.")
    results = judged(one_sided.format(subprocessors="at its discretion"), "Customer", filename="saas.md")
    assert results["subprocessor_changes"].verdict == "RED"
    assert results["suspension"].verdict == "RED"
