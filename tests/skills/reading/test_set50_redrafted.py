"""Set 50's general causes (read after its first run), each redrafted in other words; the fair version stays quiet."""

import pytest

HK = """# 顧問服務合約

**訂約方：**

(1) **恒達物業管理有限公司**，一間於香港註冊成立的有限公司（「**委託人**」）；及

(2) **信衡管理顧問有限公司**，一間於香港註冊成立的有限公司（「**顧問公司**」）。

## 第13條 責任限制

13.2 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("顧問公司的全部責任總額，不得超過委託人於索償事件發生前兩(2)個月內已向顧問公司支付的費用總額。", True),
    ("顧問公司的全部責任總額，不得超過委託人於索償事件發生前十二(12)個月內已向顧問公司支付的費用總額。", False),
])
def test_a_hong_kong_parties_block_and_a_cap_in_months_of_fees_paid(judged, clause, flagged):
    """'（「委託人」）' names a party; fees '已向顧問公司支付' measure the cap in months."""
    found = judged(HK.format(clause=clause), "委託人").get("lol_cap_level")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("clause, flagged", [
    ("委託人如提前終止本合約，須向顧問公司支付相等於年期尚餘期間內本應支付的全部服務費的款項。", True),
    ("委託人如提前終止本合約，須支付截至終止日已提供服務的費用。", False),
])
def test_the_rest_of_the_term_payable_whatever_the_payer_is_called(judged, clause, flagged):
    text = HK.replace("## 第13條 責任限制\n\n13.2 {clause}", "## 第16條 終止\n\n16.4 {clause}").format(clause=clause)
    found = judged(text, "委託人").get("termination_payout")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("clause, flagged", [
    ("Payment of any invoice for Temporary Workers placed on a Client Account is contingent on Client's receipt of "
     "payment from the relevant client for that account.", True),
    ("Client shall pay each invoice within thirty (30) days whether or not Client has been paid by its own clients.", False),
])
def test_payment_only_once_the_applicable_customer_pays(judged, clause, flagged):
    text = ("# STAFFING SERVICES AGREEMENT\n\nThis Agreement is made between Harbor Freight Logistics LLC (\"Client\") and "
            "Summit Workforce Inc. (\"Staffing Firm\").\n\n## 3. Payment\n\n3.4 " + clause + "\n")
    found = judged(text, "Staffing Firm").get("pay_when_paid_for_provider")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


@pytest.mark.parametrize("definition, flagged", [
    ("\"Required Standard\" means the skill and care of a competent architect experienced in similar projects; and, in "
     "addition, the Architect warrants that the Building, once built to its design, will be fit for its intended purpose.", True),
    ("\"Required Standard\" means the skill and care of a competent architect experienced in similar projects.", False),
])
def test_a_definition_that_goes_on_to_promise_fitness_for_purpose(judged, definition, flagged):
    """A definition's paragraph that goes on past its semicolon is all of it; a duty to perform to that standard is a
    duty of fitness for purpose."""
    text = ("# APPOINTMENT OF ARCHITECT\n\nThis Agreement is made between Calder Estates Ltd (the \"Client\") and Ferne "
            "Wright Architects LLP (the \"Architect\").\n\n## 1. Definitions\n\n1.1 In this Agreement:\n\n(a) " + definition +
            "\n\n## 3. Services\n\n3.1 The Architect shall perform the Services in accordance with the Required Standard.\n")
    found = judged(text, "Architect").get("fitness_for_purpose_by_us")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


SUBSCRIPTION = """# SUBSCRIPTION AND SHAREHOLDERS' AGREEMENT

This Agreement is made between Alder Ventures II LP (the "Investor"), Nina Rao and Tom Hale (the "Founders") and
Brightleaf Analytics Limited (the "Company").

## 4. Warranties

4.1 Each Founder warrants to the Investor that each Warranty is true and accurate, {qualifier}.

## 5. Limitations

5.1 The aggregate liability of the Founders for all Warranty Claims shall not exceed {cap}.

5.2 No Founder shall be liable for a Warranty Claim unless notice is given within 18 months of Completion.
"""


@pytest.mark.parametrize("cap, capped", [
    ("the Subscription Amount", True),
    ("an amount equal to the Investment Amount", True),
    ("the losses the Investor suffers", False),
])
def test_a_founders_cap_measured_by_the_subscription_is_a_cap(cap, capped):
    """A founder's warranty cap stated as the money subscribed is a cap, not 'no cap found'."""
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.sha_spa.indemnity_analysis import IndemnityInput, indemnity_analysis

    text = SUBSCRIPTION.format(qualifier="save as fairly disclosed in the Disclosure Letter", cap=cap)
    out = indemnity_analysis(IndemnityInput(document_structure=parse_document_text(text, filename="s.md"), our_party="Founders"))
    assert bool(out.caps) == capped, out.caps


@pytest.mark.parametrize("qualifier, qualified", [
    ("save as fairly disclosed in the Disclosure Letter", True),
    ("except as disclosed in the Disclosure Letter", True),
    ("at the date of this Agreement", False),
])
def test_save_as_fairly_disclosed_is_a_general_disclosure_qualifier(qualifier, qualified):
    import anyio

    from paralaw.skills import create_dispatcher, make_state
    from paralaw.skills.documents.loaders import parse_document_text

    structure = parse_document_text(SUBSCRIPTION.format(qualifier=qualifier, cap="the Subscription Amount"), filename="s.md")
    dispatcher = create_dispatcher("sha_spa")
    state = make_state(structure, domain_id="sha_spa", our_party="Founders")
    out = anyio.run(lambda: dispatcher.prepare_and_call("spa_extract_reps_warranties", "*", structure, state, llm_arguments={}))
    kinds = {g["kind"] for g in out.data["general_qualifiers"]}
    assert ("general_disclosure" in kinds) == qualified, kinds


def test_founders_waiving_pre_emption_over_this_rounds_shares_is_no_free_transfer(judged):
    text = SUBSCRIPTION.replace("## 4. Warranties", "## 2. Subscription\n\n2.2 Each of the Founders waives any rights of "
                                "pre-emption in respect of the issue of the Subscription Shares.\n\n## 4. Warranties").format(
        qualifier="save as fairly disclosed in the Disclosure Letter", cap="the Subscription Amount")
    found = judged(text, "Founders", domain="sha_spa").get("sha_rofr")
    assert found is None or found.verdict != "RED", found.message


FOUNDERS_ZH = """# 股东协议

本协议由以下各方签署：

**创始人一**：王立新，身份证号码：3301XXXXXXXXXXXXXX
**创始人二**：赵敏，身份证号码：3302XXXXXXXXXXXXXX
（创始人一与创始人二合称“创始人”）

**B轮投资方**：上海景行创业投资合伙企业（有限合伙）（“投资人”）

**公司**：杭州澄明科技有限公司

## 第七条 回购

7.4 {clause}
"""


@pytest.mark.parametrize("clause, flagged", [
    ("创始人就回购价款的支付向投资人承担无限连带责任，该责任不以其所持公司股权的价值为限。", True),
    ("创始人就回购价款的支付承担补充责任，该责任以其届时所持公司股权的市场价值为限。", False),
])
def test_founders_answering_for_the_buy_back_without_limit(judged, clause, flagged):
    """'合称“创始人”' names the founders as one party; '不以...为限' is no cap."""
    found = judged(FOUNDERS_ZH.format(clause=clause), "创始人", domain="sha_spa").get("sha_redemption_founders_unlimited")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
