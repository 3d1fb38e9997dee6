"""The general causes behind set 35's misses, in other words than the set's and in the other language: a right
granted to the other side ('grants the Supplier a general authorisation to appoint'); a percentage written in words
and restated in figures ('zero point one per cent (0.1%)'); delay damages stated with no payer; a release of
retention after the defects period is no warranty length; a warranty on building work below the PRC's statutory
minimum; a 30% advance expressly without a guarantee."""

import pytest

from paralaw.skills.text.amounts import find_percentages


@pytest.mark.parametrize("text, value", [
    ("zero point one per cent (0.1%) of the Contract Price", 0.1),
    ("two point five per cent (2.5%) of the Fees", 2.5),
    ("five per cent (5%) of the Price", 5.0),
    ("ten (10) per cent of the Price", 10.0),
])
def test_a_percentage_in_words_restated_in_figures_is_the_figure(text, value):
    assert [p.value for p in find_percentages(text)] == [value]


DPA = """# DATA PROCESSING AGREEMENT

This agreement is made between Harrow Retail Limited (the "Customer") and Lattice Cloud Services Ltd (the "Supplier").

## 7. Sub-processing

7.1 {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("The Customer hereby grants the Supplier a general written authorisation to appoint sub-processors, and the "
     "Supplier need not inform the Customer of any addition or replacement.", True),
    ("The Supplier may appoint a new sub-processor only after giving the Customer thirty days' notice, during which "
     "the Customer may object to the appointment.", False),
])
def test_a_right_granted_to_the_other_side_is_theirs(judged, sentence, flagged):
    found = judged(DPA.format(sentence=sentence), "Customer").get("subprocessor_changes")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message


SUPPLY = """# CONTRACT FOR THE SUPPLY AND INSTALLATION OF A PACKING LINE

This contract is made between Ferrow Foods Limited (the "Purchaser") and Kessler Automation GmbH (the "Supplier").

## Schedule 5 - Delay

1. {sentence}
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("Liquidated damages for delay accrue at zero point one per cent (0.1%) of the Contract Price for each complete week "
     "of delay, up to one and a half per cent (1.5%) of the Contract Price in aggregate.", True),
    ("Liquidated damages for delay accrue at one half of one per cent (0.5%) of the Contract Price for each complete "
     "week of delay, up to ten per cent (10%) of the Contract Price in aggregate.", False),
])
def test_delay_damages_with_no_payer_named(judged, sentence, flagged):
    found = judged(SUPPLY.format(sentence=sentence), "Purchaser").get("delay_damages_too_low")
    assert (found is not None and found.verdict != "GREEN") == flagged, found and found.message


FITOUT = """# 装修工程施工合同

发包人：杭州云岭酒店管理有限公司
承包人：浙江嘉宏建筑装饰工程有限公司

第十六条 质量保修
16.1 {sentence}
16.2 缺陷责任期满后，承包人无未完成的保修义务的，发包人应在十四日内将质量保证金无息返还承包人。
"""


@pytest.mark.parametrize("sentence, flagged", [
    ("本工程的保修期为竣工验收合格之日起一年，防水工程亦同。", True),
    ("装饰装修工程保修期为竣工验收合格之日起二年，有防水要求的卫生间和外墙面的防渗漏保修期为五年。", False),
])
def test_a_building_warranty_below_the_statutory_minimum(judged, sentence, flagged):
    results = judged(FITOUT.format(sentence=sentence), "发包人")
    found = results.get("warranty_below_statutory")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
    # the release of retention fourteen days after the defects period is no warranty of fourteen days
    assert not any(r.clause_id.startswith("16.2") for r in results.values() if r.verdict in ("RED", "YELLOW"))


def test_a_thirty_per_cent_advance_expressly_without_a_guarantee(judged):
    text = ("# 室内装饰工程施工合同\n\n发包人：南京栖霞文旅发展有限公司\n承包人：江苏华筑装饰集团有限公司\n\n"
            "第十二条 工程款支付\n12.1 合同签订后十日内，发包人向承包人支付合同价款百分之三十的预付款，承包人无需就此提交预付款保函。\n")
    found = judged(text, "发包人").get("advance_without_security")
    assert found is not None and found.verdict == "RED", found and found.message
