"""The client's own needs as the test of acceptance ('根据其经营发展需要调整验收标准') are its discretion, and an
acceptance standard (验收标准) is no price: a provider's acceptance check holds on the clause redrafted."""

from paralaw.skills.reading.reader import Party, SentenceReader

DEV = """# 软件开发合同

甲方（委托方）：临川物流有限公司
乙方（开发方）：泰思系统有限公司

第六条 验收
6.1 乙方应按照需求说明书完成开发并提交验收。
6.2 甲方有权根据其经营发展需要调整验收标准，开发成果是否合格以甲方的书面验收意见为准。
"""


def test_acceptance_standard_changed_for_the_clients_own_needs_is_its_discretion(judged):
    found = judged(DEV, "乙方")["acceptance_at_their_discretion"]
    assert found.verdict == "RED" and found.clause_id == "6.2"


def test_an_acceptance_standard_is_no_price():
    reader = SentenceReader((Party("甲方"), Party("乙方")))
    read = reader.read("甲方有权根据其经营发展需要调整验收标准。")
    assert "change_price" not in {p.action for p in read}
    assert any(p.action == "change_scope" and "discretion" in p.conditions for p in read)
