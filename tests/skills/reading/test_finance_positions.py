"""A borrower's first checks on a loan, on facilities drafted in styles other than the one they were built from: a
US credit agreement whose events of default are one list under a lead-in, an English facility whose events are
clauses of their own under an "Events of Default" heading, and a PRC 借款合同. Each states the same issues
(a call of the loan on the lender's own view of a material adverse change, a cross-default with a tiny threshold,
a prepayment fee, an automatic call on a change of control) and, beside them, the market wording, which must pass."""

import pytest

US_CREDIT = """# CREDIT AGREEMENT

This Credit Agreement is entered into by Halvard Freight Inc. (the "Borrower") and Northgate Capital Bank, N.A. (the "Lender").

## Section 2. The Loans

2.1 The Lender agrees to make term loans to the Borrower in an aggregate principal amount of the Loans not exceeding $60,000,000.

2.4 Optional Prepayment. The Borrower may prepay the Loans in whole or in part upon three Business Days' notice, provided that each prepayment shall be accompanied by a premium equal to 2.5% of the principal amount prepaid.

## Section 8. Events of Default

8.1 If any of the following events shall occur and be continuing, the Lender may, by notice to the Borrower, declare the Loans to be forthwith due and payable:

(a) the Borrower shall fail to pay any principal of any Loan when due;

(b) the Borrower or any Subsidiary shall fail to pay any Indebtedness for borrowed money owing to any other person, in any principal amount, when due;

(c) any event or development occurs which, in the judgment of the Lender, has had or could have a material adverse effect on the business or prospects of the Borrower; or

(d) a Change in Control shall occur, whereupon the Loans shall become immediately due and payable without notice.

## Section 11. Governing Law

11.1 This Agreement shall be governed by the laws of the State of New York.
"""

US_CREDIT_MARKET = (US_CREDIT
                    .replace("provided that each prepayment shall be accompanied by a premium equal to 2.5% of the principal amount prepaid",
                             "without premium or penalty other than customary breakage costs")
                    .replace("in any principal amount, when due", "in an aggregate principal amount in excess of $6,000,000, when due")
                    .replace("in the judgment of the Lender, has had or could have", "has had or would reasonably be expected to have"))

ZH_LOAN = """# 借款合同

贷款人：江州商业保理有限公司
借款人：宁川精密制造有限公司

第一条 借款金额
1.1 借款金额为人民币伍仟万元整（¥50,000,000）。

第四条 提前还款
4.1 借款人提前还款的，应提前三十日书面通知贷款人，并按提前还款金额的百分之三向贷款人支付提前还款补偿金。

第八条 违约事件
8.1 借款人发生下列情形之一的，贷款人有权宣布本合同项下借款提前到期，并要求借款人立即偿还全部借款本息：
（一）借款人未按期足额偿还借款本息的；
（二）借款人在其他金融机构的任何债务发生逾期的；
（三）贷款人认为借款人的经营状况或财务状况发生重大不利变化的。

第十条 争议解决
10.1 因本合同引起的争议，提交江州仲裁委员会仲裁。
"""


@pytest.mark.parametrize("contract, us, filename", [(US_CREDIT, "Borrower", "credit.md"), (ZH_LOAN, "借款人", "借款合同.md")])
def test_a_borrowers_first_checks_hold_in_another_drafting_style(judged, contract, us, filename):
    results = judged(contract, us, filename=filename)
    assert results["loan_called_on_lenders_opinion"].verdict == "RED"
    assert results["cross_default_threshold"].verdict == "RED"
    assert results["prepayment_fee"].verdict == "RED"


def test_a_change_of_control_that_calls_the_loan_at_once_is_flagged(judged):
    assert judged(US_CREDIT, "Borrower", filename="credit.md")["change_of_control_calls_loan"].verdict == "RED"


def test_the_market_wording_passes(judged):
    results = judged(US_CREDIT_MARKET, "Borrower", filename="credit.md")
    assert results["loan_called_on_lenders_opinion"].verdict != "RED"
    assert results["cross_default_threshold"].verdict == "GREEN"
    assert results["prepayment_fee"].verdict == "GREEN"


ENGLISH_FACILITY = """# FACILITY AGREEMENT

This agreement is made between Tollan Estates Limited (the "Borrower") and Ravensby Bank plc (the "Lender").

## 1. THE FACILITY

1.1 The Lender makes available to the Borrower a term loan facility in an aggregate amount equal to £12,000,000.

## 19. EVENTS OF DEFAULT

19.1 Cross default

(a) Any Financial Indebtedness of the Borrower is not paid when due.

(b) No Event of Default will occur under this Clause 19.1 if the aggregate amount of Financial Indebtedness falling within paragraph (a) above is less than £25,000.

19.2 Material adverse change

Any event occurs which the Lender considers has or may have a material adverse effect on the Borrower.
"""


def test_events_of_default_under_their_heading_are_read_as_defaults_and_the_threshold_sizes_the_list(judged):
    results = judged(ENGLISH_FACILITY, "Borrower")
    assert results["loan_called_on_lenders_opinion"].verdict == "RED"
    cross = results["cross_default_threshold"]
    assert cross.verdict == "RED" and cross.clause_id.startswith("19.1")  # £25,000 is 0.2% of the facility
    bigger = judged(ENGLISH_FACILITY.replace("£25,000", "£600,000"), "Borrower")
    assert bigger["cross_default_threshold"].verdict == "GREEN"  # 5% of £12m


def test_loan_positions_do_not_run_on_other_contracts(judged):
    supply = """# SUPPLY AGREEMENT

This agreement is made between Corvel Ltd (the "Supplier") and Aston Mills Ltd (the "Buyer").

1. The Buyer may terminate this Agreement if any event occurs which the Buyer considers has a material adverse effect on the Supplier.
"""
    results = judged(supply, "Supplier")
    assert "loan_called_on_lenders_opinion" not in results or results["loan_called_on_lenders_opinion"].verdict == "NOT_APPLICABLE"


@pytest.mark.parametrize("sentence, verdict", [
    ("2.4 The Borrower may not prepay the Loans without the prior written consent of the Lender.", "RED"),
    ("2.4 The Borrower may voluntarily prepay the Loans, in whole or in part, on five Business Days' notice to the Lender.", "GREEN"),
])
def test_a_right_to_repay_early_without_consent(judged, sentence, verdict):
    contract = US_CREDIT.replace(US_CREDIT[US_CREDIT.index("2.4 "):US_CREDIT.index("## Section 8")], sentence + "\n\n")
    assert judged(contract, "Borrower", filename="credit.md")["prepayment_barred"].verdict == verdict


# Interest taken out of the advance, a make-whole on prepayment, and a call on an adverse (not material) change:
# drafted here as an English bridging facility and a PRC 借款合同 in 一、 numbering, each beside the market wording.
BRIDGING = """# BRIDGING LOAN AGREEMENT

This agreement is made between Pellow Homes Limited (the "Borrower") and Marchmont Lending Limited (the "Lender").

1. The Lender shall advance to the Borrower a principal amount of the loan of £4,000,000 on the Drawdown Date.

2. Interest for the first twelve months shall be deducted by the Lender from the amount of the loan on the Drawdown Date, and the Borrower shall repay the full principal amount.

3. If the Borrower prepays the loan, it shall pay, together with the amount prepaid, all interest which would have accrued on that amount from the date of prepayment until the Final Repayment Date.

4. The Lender may declare the loan immediately due and payable if, in its opinion, there is an adverse change in the financial condition of the Borrower.
"""

BRIDGING_MARKET = (BRIDGING
                   .replace("Interest for the first twelve months shall be deducted by the Lender from the amount of the loan on the Drawdown Date, and the Borrower shall repay the full principal amount.",
                            "Interest shall accrue from the Drawdown Date and be payable monthly in arrears.")
                   .replace("all interest which would have accrued on that amount from the date of prepayment until the Final Repayment Date",
                            "any break costs incurred by the Lender")
                   .replace("if, in its opinion, there is an adverse change in the financial condition of the Borrower",
                            "if the Borrower fails to pay any amount when due and does not remedy that failure within five Business Days"))

ZH_PRIVATE_LOAN = """# 借款合同

出借人：沧浦投资有限公司
借款人：岭东建材有限公司

一、借款金额
借款金额为人民币叁仟万元整。

二、利息
借款利息在放款时由出借人从借款本金中一次性扣除，借款人仍按借款金额还本付息。

三、提前还款
借款人提前还款的，应一次性支付自本合同签订之日起至借款期限届满之日止的全部利息。

四、提前收回
出借人认为借款人财务状况可能发生不利变化的，有权宣布借款提前到期。
"""


@pytest.mark.parametrize("contract, us, filename", [(BRIDGING, "Borrower", "bridge.md"), (ZH_PRIVATE_LOAN, "借款人", "借款合同.md")])
def test_interest_withheld_a_make_whole_and_a_call_on_any_adverse_change(judged, contract, us, filename):
    results = judged(contract, us, filename=filename)
    assert results["interest_deducted_upfront"].verdict == "RED"
    assert results["prepayment_fee"].verdict == "RED"
    assert results["loan_called_on_lenders_opinion"].verdict == "RED"


def test_interest_in_arrears_break_costs_and_a_payment_default_pass(judged):
    results = judged(BRIDGING_MARKET, "Borrower", filename="bridge.md")
    assert results.get("interest_deducted_upfront") is None or results["interest_deducted_upfront"].verdict != "RED"
    assert results["prepayment_fee"].verdict != "RED"
    assert results.get("loan_called_on_lenders_opinion") is None or results["loan_called_on_lenders_opinion"].verdict != "RED"
