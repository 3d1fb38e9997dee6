"""A trial run is no test passed: acceptance deemed on use before the test is done (a trial or pilot run, use before
the acceptance certificate) is flagged however it is drafted, in English and in Chinese, while a fair test period,
or acceptance from live use once the test period has lapsed, is not."""

import pytest

SOFTWARE = """# Systems Integration Agreement

This Agreement is made between Harlow Mutual Ltd (the "Customer") and Quell Systems Ltd (the "Supplier").

## 6. Acceptance

6.1 The Customer shall have fifteen (15) Business Days after delivery to test each Deliverable.

6.2 {sentence}
"""

ZH = """# 设备采购合同

买方：岚城机械有限公司
卖方：泓远数控设备有限公司

第六条 验收
6.1 买方应在设备安装调试完毕后三十日内组织终验收。
6.2 {sentence}
"""


@pytest.mark.parametrize("template, party, sentence, verdict", [
    (SOFTWARE, "Customer", "Any use of a Deliverable by the Customer in a pilot or trial operation shall constitute acceptance of it.", "RED"),
    (SOFTWARE, "Customer", "If the Customer uses the System for production purposes before the Acceptance Certificate is issued, the System shall be deemed accepted.", "RED"),
    (ZH, "买方", "买方在终验收前将设备投入生产使用的，视为设备终验收合格。", "RED"),
    (ZH, "买方", "设备到货后十五日内，买方未提出书面异议或者已进行试运行的，视为设备验收合格。", "RED"),
    (ZH, "买方", "买方在卖方调试完成前对设备进行通电运行的，视为设备已经终验收合格。", "RED"),
    (ZH, "买方", "设备到货后四十日内双方未签署终验收证书的，无论设备是否已完成安装调试，均视为终验收合格。", "RED"),
    (SOFTWARE, "Customer", "The System is deemed accepted forty-five (45) days after delivery, whether or not the acceptance tests have been completed.", "RED"),
    (SOFTWARE, "Customer", "A Deliverable is deemed accepted if the Customer does not notify a failure within fifteen (15) Business Days after delivery.", "GREEN"),
])
def test_acceptance_deemed_on_a_trial_run_is_flagged(judged, template, party, sentence, verdict):
    found = judged(template.format(sentence=sentence), party)["deemed_acceptance"]
    assert found.verdict == verdict, found.message
    assert found.clause_id == "6.2"


def test_acceptance_from_live_use_after_the_test_period_lapsed_is_no_red_flag(judged):
    sentence = ("If the Customer neither tests nor objects within that period and has put the System into live production, "
                "the System is deemed accepted from the date of that use.")
    assert judged(SOFTWARE.format(sentence=sentence), "Customer")["deemed_acceptance"].verdict != "RED"
