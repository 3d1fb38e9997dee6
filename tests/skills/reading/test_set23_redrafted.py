"""What unseen set 23 taught the reading, checked on the same lessons drafted in other words: pay-when-paid and
duties stated through their condition, deemings denied, source code withheld, audit costs whatever the result,
liquidation preferences and full ratchets, issues at par, tooling, frozen prices, acceptance at discretion, ground
risk and calls on security; and, as whole contracts, the parties blocks and sides the set taught. None of these
sentences is in set 23."""

import pytest

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.positions import evaluate_positions, resolve_positions
from paralaw.skills.reading.document import read_document
from paralaw.skills.reading.reader import Party, SentenceReader
from paralaw.skills.reading.roles import sides_of

EN = SentenceReader((Party("Supplier"), Party("Customer")))
ZH = SentenceReader((Party("甲方"), Party("乙方")))

CASES = [
    (EN, "The Customer's payment of each invoice is contingent upon its prior receipt of payment from the end user.", "pay", None, "when_paid"),
    (EN, "No Deliverable shall be deemed accepted by reason of its use in production.", "accept", "shall_not", None),
    (ZH, "乙方没有义务向甲方交付本软件的源代码。", "deliver", "shall_not", "source_code"),
    (EN, "The Supplier is under no obligation to release the source code of the Software to the Customer.", "deliver", "shall_not", "source_code"),
    (ZH, "审计费用无论审计结果如何，一律由甲方承担。", "audit", None, "costs_regardless"),
    (EN, "On a Liquidation Event each Preferred Share carries a liquidation preference of three times its Issue Price.", "prefer", None, "multiple_preference"),
    (ZH, "公司清算时，投资方有权优先分配相当于其投资款两倍的金额。", "prefer", None, "multiple_preference"),
    (EN, "Following any Dilutive Issue, the Conversion Price will be adjusted to equal the lower issue price.", "change_price", None, "full_ratchet"),
    (ZH, "本合同期限内，乙方不得以任何理由上调服务费。", "fix_price", None, "whole_term"),
    (EN, "The Supplier shall not, at any time during the Term, raise the Charges for any reason.", "fix_price", None, "whole_term"),
    (EN, "The Customer may approve or reject each Milestone at its absolute discretion.", "accept", "may", "discretion"),
    (EN, "No extension of time or additional cost shall be allowed for adverse ground conditions, whether foreseeable or not.", "claim", "shall_not", "site_conditions"),
    (ZH, "模具的所有权归乙方所有，甲方支付的模具费不视为购买模具的价款。", "own_ip", None, "tooling"),
    (EN, "Service Credits are in addition to, and not in lieu of, any other rights or remedies of the Customer.", "preserve_remedies", None, "service_credits"),
]


@pytest.mark.parametrize("reader, text, action, modality, condition", CASES, ids=[c[1][:40] for c in CASES])
def test_the_same_lesson_in_other_words_is_read_the_same_way(reader, text, action, modality, condition, assert_read_as):
    assert_read_as(reader, text, action, modality, condition)


def _read(contract: str):
    return read_document(parse_document_text(contract, filename="contract.md"))


def test_a_bold_role_label_opening_a_line_names_a_party_and_defined_goods_do_not():
    reading = _read("# 委托生产合同\n\n**加工方**：宁波海澄日用品有限公司\n地址：浙江省宁波市\n\n**委托方**：杭州青禾家居有限公司\n地址：浙江省杭州市\n\n"
                    "## 一、产品\n\n（一）加工方按委托方的图纸生产杯具（以下简称“产品”）。\n\n（二）委托方应在收到产品后三十日内付款。\n")
    assert {p.name for p in reading.parties} == {"加工方", "委托方"}


def test_in_a_one_way_nda_the_party_bound_receives_and_the_other_discloses():
    reading = _read("# Confidentiality Agreement\n\nBetween ORCHARD GENOMICS LIMITED (\"Orchard\") and TALLIS CAPITAL LLP (\"Tallis\").\n\n"
                    "## 1. Obligations\n\n1.1 Tallis shall not disclose any Confidential Information to any person.\n\n"
                    "1.2 Tallis shall return all Confidential Information within ten days of Orchard's request.\n\n"
                    "1.3 Orchard may disclose such information as it chooses.\n")
    assert sides_of(reading) == {"Tallis": "recipient", "Orchard": "discloser"}


def test_a_principal_facing_its_sales_agent_stands_where_a_supplier_does():
    reading = _read("# Sales Agency Agreement\n\nThis Agreement is between Brindle Valves Ltd (the \"Principal\") and Oakhurst Sales Ltd (the \"Agent\").\n\n"
                    "## 2. Commission\n\n2.1 The Principal shall pay the Agent commission of 5% on each Order.\n")
    assert sides_of(reading) == {"Principal": "provider", "Agent": "payer"}


SUB_CLAUSES = """# Marketing Agency Agreement

This Agreement is between Brindle Valves Ltd (the "Principal") and Oakhurst Sales Ltd (the "Agent").

## 4. Exclusivity

4(1) The Principal appoints the Agent as its exclusive agent in the Territory.

4(2) During the term the Principal shall not itself sell the Products directly to any customer in the Territory.
"""


def test_an_article_with_sub_clauses_numbered_after_it_is_reviewed_at_the_sub_clause():
    positions, _ = resolve_positions("generic", None)
    results = evaluate_positions(positions, parse_document_text(SUB_CLAUSES, filename="c.md"), domain="generic", our_party="Principal")
    found = [r for r in results if r.position_id == "own_sales_barred_for_supplier"]
    assert found and found[0].clause_id == "4(2)" and found[0].verdict == "RED"
