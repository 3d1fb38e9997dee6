"""Acting for an investor or minority shareholder: an exception from our pre-emption for whatever issue the board
approves, or for any issue to the founder at a price the board sets, is raised at the sentence that makes it
(medium), however the exception is written (a list item under 'shall not apply to', a run-on Chinese list under
'不适用第X条'). A closed list of the usual exceptions (an option pool within a limit, a listing) is not, and is no
denial of pre-emption either."""

import pytest

EN = """# SHAREHOLDERS' AGREEMENT

This Agreement is made between Halden Capital LP (the "Investor"), Marta Kovac (the "Founder") and Brightfold
Robotics Limited (the "Company").

## 9. New Issues

9.1 Before the Company allots any new Shares, it shall first offer them to each Shareholder in proportion to its
holding, on the same terms, for acceptance within twenty (20) Business Days.

9.2 Clause 9.1 shall not apply to:

(a) Shares issued under the Share Option Plan, up to ten per cent (10%) of the Shares in issue; or

(b) {item}
"""

ZH = """# 增资协议

投资方：深圳前湾创业投资合伙企业（有限合伙）
创始人：周明
公司：杭州云栈科技有限公司

第六条 优先认购权

6.1 本次增资完成后，公司新增注册资本的，投资方有权按其届时持股比例，以同等条件优先认购。

6.2 下列情形不适用本协议第6.1条：（1）为实施股东会批准的员工持股计划而新增的注册资本，累计不超过公司注册资本的百分之十；（2）{item}
"""


@pytest.mark.parametrize("contract, us, item, flagged", [
    (EN, "Investor", "any other issue of Shares which has been approved by the Board.", True),
    (EN, "Investor", "any issue of Shares to the Founder at such price and on such terms as the Board may determine.", True),
    (EN, "Investor", "Shares issued on a Qualified IPO.", False),
    (ZH, "投资方", "经公司董事会决定的其他任何增资。", True),
    (ZH, "投资方", "公司首次公开发行股票并上市。", False),
])
def test_board_approved_exception(judged, contract, us, item, flagged):
    results = judged(contract.format(item=item), us, domain="sha_spa")
    found = results.get("sha_pre_emption_carve_out")
    assert (found is not None and found.verdict == "RED") == flagged, found and found.message
    if flagged:
        assert found.severity == "medium" and found.clause_id.startswith(("9.2", "6.2"))
    pre_emption = results.get("sha_pre_emption")  # the right itself stands: the exceptions deny it nowhere else
    assert pre_emption is None or pre_emption.verdict != "RED", pre_emption.message


def test_a_founder_is_not_protected_from_its_own_board(judged):
    contract = EN.format(item="any other issue of Shares which has been approved by the Board.")
    assert "sha_pre_emption_carve_out" not in judged(contract, "Founder", domain="sha_spa")
