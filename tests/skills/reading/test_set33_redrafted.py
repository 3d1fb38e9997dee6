"""The general causes behind sets 33 and 34's misses, in other words than the sets' and in the other language: what a
sponsorship, a research agreement, an advertising contract, a finance lease and a processing contract are, and who
pays in them; a fee non-refundable whatever happens; a fee remitted only once an end customer pays; a default the
lessor deems on its own view of our finances."""

import pytest

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.reading.contract_type import contract_type
from paralaw.skills.reading.document import read_document
from paralaw.skills.reading.roles import sides_of


@pytest.mark.parametrize("title, expected", [
    ("# CONFERENCE SPONSORSHIP AGREEMENT", "services"),
    ("# RESEARCH COLLABORATION AGREEMENT", "services"),
    ("# 户外广告发布合同", "services"),
    ("# 仓储合同", "services"),
    ("# 设备融资租赁合同（直租）", "finance"),
    ("# 加工承揽合同", "supply"),
])
def test_new_kinds_are_typed_by_their_title(title, expected):
    assert contract_type(title + "\n\nThis agreement is made on 3 March 2026.\n") == expected


def test_a_contract_that_pays_more_than_it_discloses_is_no_nda():
    text = """# AGREEMENT

This agreement is made between Larch Events Pte Ltd (the "Organiser") and Bellway Drinks Pte Ltd (the "Partner").

1. The Partner shall pay the Fee of S$120,000 within 30 days of invoice.
2. The Partner shall pay the Activation Costs within 30 days of invoice.
3. The Partner shall pay the Hospitality Charges within 30 days of invoice.
4. Each party shall keep the other's Confidential Information confidential and shall not disclose it to any third party.
"""
    structure = parse_document_text(text, filename="c.md")
    assert contract_type(text, read_document(structure)) != "nda"


@pytest.mark.parametrize("text, payer", [
    ("# 广告发布合同\n\n甲方（广告主）：杭州云栖茶业有限公司\n乙方（发布方）：浙江城联传媒有限公司\n\n"
     "第一条 乙方应按附件一发布甲方的广告。\n第二条 甲方应于每月五日前向乙方支付当月发布费。\n", "甲方"),
    ("# 委托加工合同\n\n定作方：宁波海曙服饰有限公司\n承揽方：绍兴柯桥纺织加工厂\n\n"
     "第一条 承揽方应按定作方提供的图样加工服装。\n第二条 定作方应于验收合格后三十日内支付加工费。\n", "定作方"),
])
def test_who_pays_in_an_advertising_and_a_processing_contract(text, payer):
    sides = sides_of(read_document(parse_document_text(text, filename="c.md")))
    assert sides[payer] == "payer"


SPONSOR = """# SPONSORSHIP AGREEMENT

This agreement is made between Harbourline Summit Pty Ltd (the "Organiser") and Quillon Bank Limited (the "Sponsor").

## 6. Fees

6.1 The Sponsor shall pay the Sponsorship Fee of A$250,000 in two equal instalments.

6.4 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("All amounts paid under this Agreement are non-refundable under any circumstances, whether the Summit is held, "
     "postponed or cancelled.", True),
    ("If the Summit is cancelled by the Organiser, the Organiser shall refund the Sponsorship Fee in full within 30 days.", False),
])
def test_a_fee_kept_whatever_happens(judged, sentence, flagged):
    found = judged(SPONSOR.format(sentence=sentence), "Sponsor").get("pay_whatever_happens")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


def test_a_fee_kept_whatever_happens_in_chinese(judged):
    text = ("# 赞助合同\n\n甲方（赞助方）：上海明川饮品有限公司\n乙方（主办方）：上海浦江会展有限公司\n\n"
            "第三条 赞助费\n3.1 甲方应于本合同签订后十日内向乙方支付赞助费人民币八十万元。\n"
            "3.2 无论活动是否如期举办，乙方已收取的赞助费均不予退还。\n")
    found = judged(text, "甲方").get("pay_whatever_happens")
    assert found is not None and found.verdict == "RED", found and found.message


RESELL = """# REFERRAL AND RESALE AGREEMENT

This agreement is made between Cobalt Ledger Inc. (the "Vendor") and Pinecrest Systems LLC (the "Partner").

## 4. Payment

4.1 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("The Partner shall pay the Vendor's share of each subscription fee within thirty (30) days after the Partner "
     "receives payment from the relevant end customer.", True),
    ("The Partner shall pay each Vendor invoice within thirty (30) days of its date.", False),
])
def test_paid_only_once_the_end_customer_pays(judged, sentence, flagged):
    found = judged(RESELL.format(sentence=sentence), "Vendor").get("pay_when_paid_for_provider")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


LEASE = """# 融资租赁合同

出租人：江苏通衡融资租赁有限公司
承租人：常州恒捷精密制造有限公司

第二十条 违约
20.1 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("出租人认为承租人的财务状况可能恶化或者偿债能力可能下降的，视为承租人违约，出租人有权宣布全部未付租金立即到期。", True),
    ("承租人逾期支付任何一期租金超过三十日，经出租人书面催告后十五日内仍未支付的，构成违约事件。", False),
])
def test_a_default_the_lessor_deems_on_its_own_view(judged, sentence, flagged):
    found = judged(LEASE.format(sentence=sentence), "承租人").get("loan_called_on_lenders_opinion")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
