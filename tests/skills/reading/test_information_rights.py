"""An investor's information rights judged over what the company must deliver: yearly, unaudited or late accounts
are flagged, in English and Chinese; monthly accounts and audited accounts within 120 days pass."""

import pytest

SHA = """# SHAREHOLDERS' AGREEMENT

This Agreement is made between Brightwell Robotics Ltd (the "Company"), Dana Whitlock (the "Founder") and Kestrel Growth Fund LP (the "Investor").

## 9. Information

9.1 {sentence}
"""

ZH = """# 股东协议

公司：杭州澄禾机器人有限公司
创始人：张明
投资方：苏州启衡创业投资合伙企业（有限合伙）

第九条 信息权
9.1 {sentence}
"""


@pytest.mark.parametrize("template, sentence, verdict", [
    (SHA, "The Company shall provide the Investor with its annual financial statements within two hundred and forty (240) days after the end of each financial year.", "RED"),
    (ZH, "公司应于每个会计年度结束后一百五十（150）日内向投资方提供年度财务报表。", "RED"),
    (SHA, "The Company shall deliver to the Investor monthly management accounts within twenty (20) days of each month end and "
          "audited accounts within one hundred and twenty (120) days of each financial year end.", "GREEN"),
    (ZH, "公司应于每季度结束后三十日内向投资方提供季度管理报表，并于每个会计年度结束后一百二十日内提供经审计的年度财务报表。", "GREEN"),
])
def test_information_rights_are_judged_on_what_the_company_delivers(judged, template, sentence, verdict):
    party = "投资方" if template is ZH else "Investor"
    found = judged(template.format(sentence=sentence), party, domain="sha_spa")["sha_information_rights"]
    assert found.verdict == verdict, found.message
    assert found.clause_id == "9.1"
