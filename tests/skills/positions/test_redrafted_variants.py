"""Every planted issue of the review cases, redrafted in other traditions, must still be found - and the same
provision drafted at the market standard must not be escalated.

Each variant is a small contract written for this test in a style the review cases do not use: US "Section"
or HK lower-case "clause" numbering, "Vendor"/"Purchaser" or "Investor"/"Founder" for the parties, passive
voice, figures in words, Chinese with 第X条 and 百分之 figures. A variant names the position's topic, the verdict
expected, and the clause the finding must sit on (the sub-clause holding the operative words).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.positions import evaluate_positions, resolve_positions

SPA_EN_UK = """# Share Sale Agreement

This Agreement is made between Harbour Holdings Limited (the "Vendor") and Northgate Capital LLP (the "Purchaser").

## 1. Sale and Purchase

1.1 The Vendor shall sell and the Purchaser shall buy the Shares for GBP 40,000,000 (the "Consideration").

{body}
"""

SPA_EN_US = """# STOCK PURCHASE AGREEMENT

This Stock Purchase Agreement is entered into by Redwood Parent Inc. (the "Purchaser") and the stockholders listed on Annex A (each a "Seller" and together the "Sellers").

## ARTICLE II PURCHASE PRICE

Section 2.1 Purchase Price. The aggregate purchase price for the Shares is $90,000,000 (the "Purchase Price").

{body}
"""

SPA_ZH = """# 股权转让协议

转让方：江南精工集团有限公司（以下简称"转让方"）
受让方：北辰投资有限公司（以下简称"受让方"）

## 第二条 转让价款

2.1 标的股权的转让价款为人民币2亿元（"转让价款"）。

{body}
"""

SHA_EN = """# Shareholders' Agreement relating to Orchard Robotics Limited

This Agreement is made between Meridian Growth Fund LP (the "Investor"), Alder Founders Holdings Limited (the "Founder") and Orchard Robotics Limited (the "Company").

{body}
"""

SERVICES_EN = """# Master Services Agreement

This Agreement is made between Calder Retail plc (the "Client") and Brightline Systems Ltd (the "Vendor").

{body}
"""


@dataclass
class Variant:
    name: str
    template: str
    body: str
    domain: str
    party: str
    topic: str
    verdict: str  # RED, MISSING, or "not RED"
    clause: str = ""


RED_VARIANTS = [
    # --- SPA cap (us_spa P1, zh_spa P1, spa_a P2)
    Variant("cap US section money", SPA_EN_US, "## ARTICLE IX INDEMNIFICATION\n\nSection 9.4 Limitations.\n\n(a) The maximum aggregate amount of indemnifiable Losses that may be recovered by the Purchaser Indemnitees under Section 9.2(a) shall not exceed $2,500,000.\n",
            "sha_spa", "Purchaser", "liability_cap", "RED", "9.4(a)"),
    Variant("cap UK passive percent in words", SPA_EN_UK, "## 7. Limitations on Claims\n\n7.2 The Vendor shall not be liable for Warranty Claims in excess of an aggregate amount equal to four per cent (4%) of the Consideration.\n",
            "sha_spa", "Purchaser", "liability_cap", "RED", "7.2"),
    Variant("cap zh 百分之", SPA_ZH, "## 第十条 责任限制\n\n10.3 转让方就本协议项下全部索赔承担的累计赔偿金额不超过转让价款的百分之六。\n",
            "sha_spa", "受让方", "liability_cap", "RED", "10.3"),
    # --- claims period (us_spa P2, zh_spa P2, spa_a P4)
    Variant("claims period anniversary-free words UK", SPA_EN_UK, "## 7. Limitations on Claims\n\n7.4 No Warranty Claim may be brought unless written notice of it is served on the Vendor no later than nine months after Completion.\n",
            "sha_spa", "Purchaser", "claims_period", "RED", "7.4"),
    Variant("claims period US survival", SPA_EN_US, "## ARTICLE IX INDEMNIFICATION\n\nSection 9.1 Survival. The representations and warranties of the Sellers shall survive the Closing and remain in full force until the date that is eight (8) months following the Closing Date.\n",
            "sha_spa", "Purchaser", "claims_period", "RED", "9.1"),
    Variant("claims period zh", SPA_ZH, "## 第十条 索赔\n\n10.5 受让方应于交割日后四个月内以书面形式向转让方提出索赔，逾期未提出的，转让方不再承担责任。\n",
            "sha_spa", "受让方", "claims_period", "RED", "10.5"),
    # --- anti-sandbagging (us_spa P3)
    Variant("anti-sandbagging UK", SPA_EN_UK, "## 6. Warranties\n\n6.5 The Vendor shall have no liability for any Warranty Claim to the extent that the Purchaser had actual knowledge at the date of this Agreement of the facts giving rise to it.\n",
            "sha_spa", "Purchaser", "sandbagging", "RED", "6.5"),
    Variant("anti-sandbagging US passive", SPA_EN_US, "## ARTICLE IX INDEMNIFICATION\n\nSection 9.6 Knowledge. No Seller shall be liable for any Losses in respect of any breach of which the Purchaser or any of its advisers was aware prior to the Closing.\n",
            "sha_spa", "Purchaser", "sandbagging", "RED", "9.6"),
    # --- tax indemnity (us_spa P4, zh_spa P4, spa_a P6)
    Variant("no tax covenant UK", SPA_EN_UK, "## 9. Tax\n\n9.1 The Purchaser's only remedy in respect of Tax of the Company for any period before Completion is a claim for breach of the Tax Warranties, and the Vendor gives no tax covenant.\n",
            "sha_spa", "Purchaser", "tax_indemnity", "RED", "9.1"),
    Variant("tax excluded US", SPA_EN_US, "## ARTICLE VI COVENANTS\n\nSection 6.7 Tax Matters. The Sellers shall not be liable to indemnify the Purchaser for any Taxes of the Company relating to any Pre-Closing Tax Period, other than as a breach of the representations in Section 3.12.\n",
            "sha_spa", "Purchaser", "tax_indemnity", "RED", "6.7"),
    Variant("tax excluded zh", SPA_ZH, "## 第十二条 税务\n\n12.2 目标公司交割日前产生的税款，受让方仅可依据第8.9条的税务保证主张，转让方对此不另行承担补偿责任。\n",
            "sha_spa", "受让方", "tax_indemnity", "RED", "12.2"),
    # --- reverse termination fee (us_spa P5)
    Variant("termination fee UK words", SPA_EN_UK, "## 12. Termination\n\n12.3 If this Agreement terminates for any reason other than the Vendor's breach, the Purchaser shall pay to the Vendor a break fee of GBP 4,000,000.\n",
            "sha_spa", "Purchaser", "termination_fee", "RED", "12.3"),
    # --- one-sided waiver (zh_spa P3)
    Variant("waiver only by vendor UK", SPA_EN_UK, "## 4. Conditions\n\n4.3 The Conditions may be waived, in whole or in part, only by the Vendor by notice in writing to the Purchaser.\n",
            "sha_spa", "Purchaser", "conditions_waiver", "RED", "4.3"),
    Variant("waiver seller US", SPA_EN_US, "## ARTICLE VII CONDITIONS\n\nSection 7.4 Waiver. The Sellers may, in their sole discretion, waive any condition set out in this Article VII.\n",
            "sha_spa", "Purchaser", "conditions_waiver", "RED", "7.4"),
    # --- blanket knowledge qualifier (zh_spa P5, spa_a P5)
    Variant("knowledge US", SPA_EN_US, "## ARTICLE III REPRESENTATIONS AND WARRANTIES\n\nSection 3.1 Generally. All of the representations and warranties in this Article III are made to the Knowledge of the Sellers.\n",
            "sha_spa", "Purchaser", "knowledge_qualifier", "RED", "3.1"),
    Variant("knowledge zh", SPA_ZH, "## 第八条 陈述与保证\n\n8.1 转让方所作的全部陈述与保证，均仅限于转让方知悉的范围内。\n",
            "sha_spa", "受让方", "knowledge_qualifier", "RED", "8.1"),
    # --- long stop (spa_a P1)
    Variant("no long stop", SPA_EN_UK, "## 4. Conditions\n\n4.5 The Conditions remain capable of fulfilment until fulfilled, and neither party may terminate this Agreement by reason of any delay in their fulfilment.\n",
            "sha_spa", "Purchaser", "long_stop", "RED", "4.5"),
    # --- SHA (hk_jv_sha P1-P5)
    Variant("casting vote chairperson", SHA_EN, "## 5. Board\n\n5.1 The Founder may appoint the chairperson of the Board.\n\n5.4 Where votes are equal, the chairperson shall be entitled to a deciding vote.\n",
            "sha_spa", "Investor", "casting_vote", "RED", "5.4"),
    Variant("deadlock lapses", SHA_EN, "## 8. Reserved Matters\n\n8.3 Where the Investor does not consent to a Reserved Matter within 20 Business Days, the proposal shall be deemed withdrawn.\n",
            "sha_spa", "Investor", "deadlock", "RED", "8.3"),
    Variant("free transfer by founder", SHA_EN, "## 11. Transfers\n\n11.5 The Founder may transfer any of its Shares to any person at any time without restriction.\n",
            "sha_spa", "Investor", "tag_along", "RED", "11.5"),
    Variant("budget left to the board", SHA_EN, "## 8. Reserved Matters\n\n8.1 The Company shall not, without the prior written consent of the Investor, issue shares, amend its articles, dispose of its business or wind up.\n\n8.2 The annual budget and any contract with the Founder or its affiliates shall be approved by a simple majority of the Board.\n",
            "sha_spa", "Investor", "reserved_matters", "RED", "8.2"),
    Variant("profits retained", SHA_EN, "## 10. Dividends\n\n10.1 The Board may, as it thinks fit, retain all of the Company's distributable profits in any year.\n",
            "sha_spa", "Investor", "dividend", "RED", "10.1"),
    Variant("quorum without investor director", SHA_EN, "## 5. Board\n\n5.1 The Investor may appoint one Director.\n\n5.6 The quorum at Board meetings is any two Directors.\n",
            "sha_spa", "Investor", "quorum", "RED", "5.6"),
    Variant("pre-emption disapplied", SHA_EN, "## 6. New Issues\n\n6.2 The statutory pre-emption rights are disapplied in respect of any issue of new shares approved by the Board.\n",
            "sha_spa", "Investor", "pre_emption", "RED", "6.2"),
    # --- commercial (services_a, the bundled example)
    Variant("one-sided cap", SERVICES_EN, "## 11. Liability\n\n11.2 The Vendor's aggregate liability arising under this Agreement shall not exceed the fees paid in the preceding three (3) months.\n",
            "generic", "Client", "liability_cap", "RED", "11.2"),
    Variant("vendor terminates for convenience", SERVICES_EN, "## 14. Termination\n\n14.1 This Agreement may be terminated by the Vendor at any time for convenience on sixty (60) days' notice.\n\n14.2 The Vendor may terminate for convenience at any time on sixty (60) days' notice.\n",
            "generic", "Client", "termination_convenience", "RED", "14.1"),  # 14.1 and 14.2 state the same right; the first is cited
    Variant("prices at vendor's will", SERVICES_EN, "## 5. Fees\n\n5.6 The Vendor may revise its rates at any time on thirty (30) days' notice.\n",
            "generic", "Client", "price_changes", "RED", "5.6"),
    Variant("IP stays with vendor", SERVICES_EN, "## 9. Intellectual Property\n\n9.1 Title to all work product created under this Agreement shall belong to the Vendor, which grants the Client a licence to use it.\n",
            "generic", "Client", "ip_ownership", "RED", "9.1"),
    Variant("monthly late interest", SERVICES_EN, "## 5. Fees\n\n5.3 Overdue sums carry interest at two per cent (2%) per month.\n",
            "generic", "Client", "late_interest", "RED", "5.3"),
    Variant("long renewal words", SERVICES_EN, "## 2. Duration\n\n2.2 Thereafter this Agreement renews automatically for further terms of two years each.\n",
            "generic", "Client", "renewal_term", "RED", "2.2"),
]

MARKET_VARIANTS = [
    Variant("market cap", SPA_EN_UK, "## 7. Limitations on Claims\n\n7.2 The aggregate liability of the Vendor for all Warranty Claims shall not exceed thirty per cent (30%) of the Consideration.\n",
            "sha_spa", "Purchaser", "liability_cap", "not RED"),
    Variant("market claims period", SPA_EN_US, "## ARTICLE IX INDEMNIFICATION\n\nSection 9.1 Survival. The representations and warranties shall survive the Closing until the date that is eighteen (18) months after the Closing Date.\n",
            "sha_spa", "Purchaser", "claims_period", "not RED"),
    Variant("pro-sandbagging", SPA_EN_UK, "## 6. Warranties\n\n6.6 The Purchaser's rights in respect of the Warranties shall not be affected by any investigation by or knowledge of the Purchaser.\n",
            "sha_spa", "Purchaser", "sandbagging", "not RED"),
    Variant("tax covenant", SPA_EN_UK, "## 9. Tax\n\n9.1 The Vendor covenants to pay to the Purchaser an amount equal to any Tax of the Company arising before Completion.\n",
            "sha_spa", "Purchaser", "tax_indemnity", "not RED"),
    Variant("mutual waiver", SPA_EN_UK, "## 4. Conditions\n\n4.3 The Purchaser may waive the Conditions in clause 4.1(a) to (c) by notice to the Vendor.\n",
            "sha_spa", "Purchaser", "conditions_waiver", "not RED"),
    Variant("targeted knowledge", SPA_EN_UK, "## 6. Warranties\n\n6.4 The Warranty in paragraph 12 of Schedule 3 is given so far as the Vendor is aware.\n",
            "sha_spa", "Purchaser", "knowledge_qualifier", "not RED"),
    Variant("no casting vote", SHA_EN, "## 5. Board\n\n5.4 The chairperson shall not have a casting vote.\n", "sha_spa", "Investor", "casting_vote", "not RED"),
    Variant("quorum with investor director", SHA_EN, "## 5. Board\n\n5.6 The quorum at Board meetings is two Directors, of whom one must be appointed by the Investor.\n",
            "sha_spa", "Investor", "quorum", "not RED"),
    Variant("mutual cap", SERVICES_EN, "## 11. Liability\n\n11.2 Each party's aggregate liability shall not exceed the fees paid in the preceding twelve (12) months.\n",
            "generic", "Client", "liability_cap", "not RED"),
    Variant("yearly interest", SERVICES_EN, "## 5. Fees\n\n5.3 Overdue sums carry interest at four per cent (4%) a year above the base rate.\n",
            "generic", "Client", "late_interest", "not RED"),
]


_NUMBERED = re.compile(r"^(?:Section )?(\d+)\.(\d+) ", re.M)


def _with_earlier_paragraphs(body: str) -> str:
    """The body as a contract has it: a paragraph numbered 7.4 comes after 7.1 to 7.3 (neutral wording)."""
    out, last = [], {}
    for line in body.split("\n"):
        match = _NUMBERED.match(line)
        if match:
            section, number = match.group(1), int(match.group(2))
            prefix = "Section " if line.startswith("Section") else ""
            for missing in range(last.get(section, 0) + 1, number):
                out += [f"{prefix}{section}.{missing} This paragraph applies subject to the other provisions of this Agreement.", ""]
            last[section] = number
        out.append(line)
    return "\n".join(out)


def _verdicts(variant: Variant):
    text = variant.template.format(body=_with_earlier_paragraphs(variant.body))
    structure = parse_document_text(text, filename=f"{variant.name}.md")
    positions, _ = resolve_positions(variant.domain)
    return [r for r in evaluate_positions(positions, structure, domain=variant.domain, our_party=variant.party)
            if r.topic == variant.topic]


# A second set, written after the positions were settled on the first: its first run is the generalisation
# figure docs/quality.md reports (how many were found before any position was changed for them).
SPA_EN_HK = """# Agreement for the Sale and Purchase of Shares in Kowloon Precision Limited

This Agreement is made between Golden Crest Investments Limited (the "Transferor") and Bayview Industrial Holdings Limited (the "Transferee").

## 1. Consideration

1.1 The consideration for the Sale Shares is HK$500,000,000 (the "Consideration").

{body}
"""

SHA_ZH = """# 合资经营合同

甲方：华东物流集团有限公司（以下简称"甲方"）
乙方：新港冷链投资有限公司（以下简称"乙方"）

{body}
"""

SERVICES_ZH = """# 技术服务合同

甲方（委托方）：申城零售股份有限公司（以下简称"甲方"）
乙方（服务方）：云启信息技术有限公司（以下简称"乙方"）

{body}
"""

CONSTRUCTION_EN = """# Conditions of Contract for Construction: Particular Conditions

This Contract is made between the Port Authority of Westhaven (the "Employer") and Keller Marine Works Limited (the "Contractor").

{body}
"""

SECOND_RED = [
    Variant("HK cap fraction of consideration", SPA_EN_HK, "## 8. Limitation of Liability\n\n8.3 The aggregate liability of the Transferor for all claims under the Warranties shall be limited to HK$15,000,000.\n",
            "sha_spa", "Transferee", "liability_cap", "RED", "8.3"),
    Variant("HK claims period in words", SPA_EN_HK, "## 8. Limitation of Liability\n\n8.5 The Transferor shall not be liable for any claim unless notice of the claim is given to the Transferor within twelve weeks after Completion.\n",
            "sha_spa", "Transferee", "claims_period", "RED", "8.5"),
    Variant("HK basket", SPA_EN_HK, "## 8. Limitation of Liability\n\n8.2 The Transferor shall only be liable for claims if the aggregate amount of all claims exceeds HK$20,000,000, and then only for the excess.\n",
            "sha_spa", "Transferee", "basket", "RED", "8.2"),
    Variant("HK awareness on all warranties", SPA_EN_HK, "## 6. Warranties\n\n6.2 Each of the Warranties is qualified by the actual knowledge of the Transferor.\n",
            "sha_spa", "Transferee", "knowledge_qualifier", "RED", "6.2"),
    Variant("HK sandbagging", SPA_EN_HK, "## 6. Warranties\n\n6.6 No claim may be made in respect of any fact of which the Transferee was aware before signing this Agreement.\n",
            "sha_spa", "Transferee", "sandbagging", "RED", "6.6"),
    Variant("HK conditions waived by transferor", SPA_EN_HK, "## 4. Conditions Precedent\n\n4.2 The Transferor shall be entitled to waive any of the Conditions by written notice.\n",
            "sha_spa", "Transferee", "conditions_waiver", "RED", "4.2"),
    Variant("zh joint venture casting vote", SHA_ZH, "## 第六条 董事会\n\n6.1 董事会由五名董事组成，其中甲方委派三名，乙方委派两名，董事长由甲方委派。\n\n6.4 董事会表决出现票数相同时，董事长有权投决定票。\n",
            "sha_spa", "乙方", "casting_vote", "RED", "6.4"),
    Variant("zh joint venture free transfer", SHA_ZH, "## 第九条 股权转让\n\n9.1 未经另一方同意，乙方不得转让其持有的股权。\n\n9.2 甲方可以随时向任何第三方转让其全部或部分股权，无需乙方同意，乙方不享有优先购买权。\n",
            "sha_spa", "乙方", "rofr", "RED", "9.2"),
    Variant("zh dividend retained", SHA_ZH, "## 第十一条 利润分配\n\n11.1 公司每年的可分配利润是否分配及分配比例，由董事会自行决定。\n",
            "sha_spa", "乙方", "dividend", "RED", "11.1"),
    Variant("zh services one-sided termination", SERVICES_ZH, "## 第八条 合同解除\n\n8.1 乙方有权随时解除本合同，并提前十日书面通知甲方。\n",
            "generic", "甲方", "termination_convenience", "RED", "8.1"),
    Variant("zh services daily late interest", SERVICES_ZH, "## 第四条 费用支付\n\n4.3 甲方逾期付款的，应按逾期金额每日千分之一向乙方支付违约金。\n",
            "generic", "甲方", "late_interest", "RED", "4.3"),
    Variant("zh services ip kept", SERVICES_ZH, "## 第六条 知识产权\n\n6.1 乙方在履行本合同过程中形成的工作成果的知识产权归乙方所有。\n",
            "generic", "甲方", "ip_ownership", "RED", "6.1"),
    Variant("construction claim notice in words", CONSTRUCTION_EN, "## 20. Claims\n\n20.1 If the Contractor considers himself to be entitled to any extension of time or additional payment, the Contractor shall give notice to the Engineer not later than ten days after he became aware of the event.\n",
            "fidic", "Contractor", "claim_notice", "RED", "20.1"),
    Variant("construction interim payment slow", CONSTRUCTION_EN, "## 14. Payment\n\n14.7 The Employer shall pay to the Contractor the amount certified in each Interim Payment Certificate within one hundred and twenty days after the Engineer receives the Statement.\n",
            "fidic", "Contractor", "payment_period", "RED", "14.7"),
    Variant("construction delay damages unlimited", CONSTRUCTION_EN, "## 8. Commencement, Delays and Suspension\n\n8.7 Delay damages shall be paid at 0.1% of the Contract Price per day and shall not be subject to any maximum amount.\n",
            "fidic", "Contractor", "delay_damages_cap", "RED", "8.7"),
]

SECOND_MARKET = [
    Variant("HK market tipping basket", SPA_EN_HK, "## 8. Limitation of Liability\n\n8.2 The Transferor shall not be liable unless the aggregate amount of all claims exceeds HK$2,500,000, in which case it is liable for the whole amount.\n",
            "sha_spa", "Transferee", "basket", "not RED"),
    Variant("zh no casting vote", SHA_ZH, "## 第六条 董事会\n\n6.4 董事长不享有决定票，票数相同时按第七条僵局条款处理。\n", "sha_spa", "乙方", "casting_vote", "not RED"),
    Variant("construction 28-day notice", CONSTRUCTION_EN, "## 20. Claims\n\n20.1 The Contractor shall give notice of a claim to the Engineer not later than 28 days after the Contractor became aware of the event.\n",
            "fidic", "Contractor", "claim_notice", "not RED"),
]




# A third set, written after the second set's fixes; its first run is reported in docs/quality.md too.
INVESTMENT_US = """# INVESTORS' RIGHTS AND STOCKHOLDERS AGREEMENT

This Agreement is entered into among Lattice Bio, Inc. (the "Company"), Sequoia Lane Ventures III, L.P. (the "Investor") and the founders listed on Schedule A (the "Founders").

{body}
"""

NDA_EN = """# Mutual Non-Disclosure Agreement

This Agreement is made between Pinecrest Analytics Ltd (the "Disclosing Party") and Moorgate Data plc (the "Receiving Party").

{body}
"""

THIRD_RED = [
    Variant("US protective provisions waived", INVESTMENT_US, "## ARTICLE 4 PROTECTIVE PROVISIONS\n\nSection 4.1 Approval. No action of the Company shall require the consent of the Investor, and all matters shall be decided by the Board.\n",
            "sha_spa", "Investor", "reserved_matters", "RED", "4.1"),
    Variant("US drag by simple majority", INVESTMENT_US, "## ARTICLE 6 DRAG-ALONG\n\nSection 6.1 Drag-Along. If holders of more than 50% of the outstanding shares approve a Sale of the Company, each other stockholder shall vote for and sell its shares in that Sale on the terms the majority holders accept.\n",
            "sha_spa", "Investor", "drag_along", "RED", "6.1"),
    Variant("US no board seat", INVESTMENT_US, "## ARTICLE 2 BOARD\n\nSection 2.1 Size. The Board shall consist of three directors, each of whom shall be designated by the Founders.\n",
            "sha_spa", "Investor", "board_seat", "RED", "2.1"),
    Variant("US casting vote", INVESTMENT_US, "## ARTICLE 2 BOARD\n\nSection 2.1 Size. The Board shall consist of four directors, two designated by the Investor and two by the Founders.\n\nSection 2.4 Chair. The chair of the Board shall be designated by the Founders and shall have a tie-breaking vote.\n",
            "sha_spa", "Investor", "casting_vote", "RED", "2.4"),
    Variant("NDA residuals", NDA_EN, "## 5. Residual Knowledge\n\n5.1 Nothing in this Agreement restricts the Receiving Party from using any information retained in the unaided memory of its employees.\n",
            "generic", "Disclosing Party", "nda_residuals", "RED", "5.1"),
    Variant("NDA short term", NDA_EN, "## 7. Term\n\n7.1 The obligations of confidentiality in this Agreement shall continue for six months after the date of disclosure.\n",
            "generic", "Disclosing Party", "nda_term", "RED", "7.1"),
    Variant("UK services unlimited customer liability", SERVICES_EN, "## 11. Liability\n\n11.1 The Vendor's total liability shall not exceed the Charges paid in the preceding twelve months.\n\n11.2 Nothing in this Agreement limits the liability of the Client, which shall be unlimited.\n",
            "generic", "Client", "liability_cap", "RED", "11.1"),
    Variant("UK services short payment words", SERVICES_EN, "## 6. Invoicing\n\n6.2 Invoices are payable within ten days of their date.\n",
            "generic", "Client", "payment_period", "RED", "6.2"),
    Variant("UK services payout on expiry", SERVICES_EN, "## 15. Consequences of Termination\n\n15.2 On any termination of this Agreement, howsoever arising, the Client shall pay the Vendor the fees for the unexpired portion of the Term.\n",
            "generic", "Client", "termination_payout", "RED", "15.2"),
    Variant("zh construction retention", CONSTRUCTION_EN, "## 14. Payment\n\n14.3 The percentage of retention shall be ten per cent (10%) of each interim payment.\n",
            "fidic", "Contractor", "retention", "RED", "14.3"),
    Variant("zh SPA claims period words year fraction", SPA_ZH, "## 第十一条 违约责任\n\n11.6 受让方应在交割完成之日起九十日内提出索赔，超过该期限的，转让方不再承担任何赔偿责任。\n",
            "sha_spa", "受让方", "claims_period", "RED", "11.6"),
    Variant("zh SPA transferor waives", SPA_ZH, "## 第五条 交割先决条件\n\n5.2 上述先决条件可由转让方单方豁免。\n",
            "sha_spa", "受让方", "conditions_waiver", "RED", "5.2"),
]

THIRD_MARKET = [
    Variant("US protective provisions", INVESTMENT_US, "## ARTICLE 4 PROTECTIVE PROVISIONS\n\nSection 4.1 Approval. The Company shall not, without the prior written consent of the Investor, approve the annual budget, issue new securities, amend its certificate of incorporation, enter into any transaction with an affiliate, sell all or substantially all of its assets, or liquidate.\n",
            "sha_spa", "Investor", "reserved_matters", "not RED"),
    Variant("NDA two-year term", NDA_EN, "## 7. Term\n\n7.1 The obligations of confidentiality in this Agreement shall continue for three (3) years after the date of disclosure.\n",
            "generic", "Disclosing Party", "nda_term", "not RED"),
]




# Positions added after the three report sets; each with the drafting it must catch.
COVERAGE_RED = [
    Variant("good leaver at nominal value", SHA_EN, "## 12. Leavers\n\n12.2 A Good Leaver shall transfer all of its Shares at their nominal value.\n",
            "sha_spa", "Investor", "leavers", "RED", "12.2"),
    Variant("supplier gives no IP indemnity", SERVICES_EN, "## 10. Indemnities\n\n10.1 The Client shall indemnify the Vendor against any claim that materials supplied by the Client infringe the intellectual property rights of a third party.\n",
            "generic", "Client", "ip_indemnity", "RED", "10.1"),
    Variant("ground risk on the contractor", CONSTRUCTION_EN, "## 4. The Contractor\n\n4.12 The Contractor shall be deemed to have foreseen all physical conditions at the Site and shall not be entitled to any extension of time or additional payment for them.\n",
            "fidic", "Contractor", "ground_risk", "RED", "4.12"),
]


COVERAGE_RED += [
    Variant("knowledge as a liability limit", SPA_EN_UK, "## 6. Warranties\n\n6.1 The Vendor shall not be liable for breach of any Warranty of which it was not aware.\n",
            "sha_spa", "Purchaser", "knowledge_qualifier", "RED", "6.1"),
    Variant("knowledge, information and belief", SPA_EN_UK, "## 6. Warranties\n\n6.1 Each Warranty is given to the best of the Vendor's knowledge, information and belief.\n",
            "sha_spa", "Purchaser", "knowledge_qualifier", "RED", "6.1"),
]



# A fourth set, written after the coverage additions; first run reported in docs/quality.md.
ZH_CONSTRUCTION = """# 建设工程施工合同（专用条款）

发包人：滨江新区城市建设投资有限公司（以下简称"发包人"）
承包人：中原路桥建设集团有限公司（以下简称"承包人"）

{body}
"""

FOURTH_RED = [
    Variant("zh construction claim notice 10 days", ZH_CONSTRUCTION, "## 第19条 索赔\n\n19.2 承包人认为有权得到追加付款或延长工期的，应在该事件发生后10日内向监理人发出索赔通知，逾期未发出的，丧失索赔权利。\n",
            "fidic", "承包人", "claim_notice", "RED", "19.2"),
    Variant("zh construction progress payment 60 days", ZH_CONSTRUCTION, "## 第12条 合同价款与支付\n\n12.4 发包人应在监理人签发进度付款证书后60日内向承包人支付进度款。\n",
            "fidic", "承包人", "payment_period", "RED", "12.4"),
    Variant("zh construction retention 5%", ZH_CONSTRUCTION, "## 第15条 缺陷责任与保修\n\n15.3 发包人按每期进度款的5%预留质保金。\n",
            "fidic", "承包人", "retention", "RED", "15.3"),
    Variant("zh SHA reserved matters by majority", SHA_ZH, "## 第五条 股东会\n\n5.3 公司年度预算、与甲方及其关联方之间的交易，由股东会经代表过半数表决权的股东通过即可。\n",
            "sha_spa", "乙方", "reserved_matters", "RED", "5.3"),
    Variant("zh SHA quorum", SHA_ZH, "## 第六条 董事会\n\n6.1 乙方有权委派两名董事。\n\n6.3 董事会会议应有过半数董事出席方可举行。\n",
            "sha_spa", "乙方", "quorum", "RED", "6.3"),
    Variant("Article-style SPA cap by indemnifying party", SPA_EN_US, "## ARTICLE X INDEMNIFICATION\n\nSection 10.5 Cap. In no event shall the aggregate liability of the Sellers for indemnification under Section 10.2(a) exceed two percent (2%) of the Purchase Price.\n",
            "sha_spa", "Purchaser", "liability_cap", "RED", "10.5"),
    Variant("UK SHA drag without price protection", SHA_EN, "## 14. Drag Along\n\n14.1 If the holders of 60% of the Shares wish to sell their Shares, they may require all the other Shareholders to sell their Shares to the same buyer.\n",
            "sha_spa", "Investor", "drag_along", "RED", "14.1"),
    Variant("UK services auto renewal long notice", SERVICES_EN, "## 2. Duration\n\n2.3 Either party may prevent renewal by giving not less than six months' written notice before the end of the current term.\n",
            "generic", "Client", "renewal_notice", "RED", "2.3"),
]



# A fifth set: Chinese commercial drafting; first run reported in docs/quality.md.
FIFTH_RED = [
    Variant("zh payment within ten days", SERVICES_ZH, "## 第四条 费用支付\n\n4.2 甲方应在收到乙方开具的发票后十日内支付服务费。\n",
            "generic", "甲方", "payment_period", "RED", "4.2"),
    Variant("zh price raised at will", SERVICES_ZH, "## 第四条 费用支付\n\n4.5 乙方有权根据市场情况随时调整服务费标准，并提前七日通知甲方。\n",
            "generic", "甲方", "price_changes", "RED", "4.5"),
    Variant("zh supplier liability capped one-sided", SERVICES_ZH, "## 第九条 违约责任\n\n9.3 乙方在本合同项下承担的赔偿责任总额不超过甲方已支付服务费的百分之十。\n\n9.4 甲方违约的，应赔偿乙方的全部损失。\n",
            "generic", "甲方", "liability_cap", "RED", "9.3"),
    Variant("zh auto renewal three years", SERVICES_ZH, "## 第二条 合同期限\n\n2.2 合同期满前任何一方未提出异议的，本合同自动续期三年。\n",
            "generic", "甲方", "renewal_term", "RED", "2.2"),
    Variant("zh assignment by supplier freely", SERVICES_ZH, "## 第十二条 其他\n\n12.2 乙方可以将本合同项下的权利义务转让给第三方，无需甲方同意；甲方未经乙方书面同意不得转让。\n",
            "generic", "甲方", "assignment", "RED", "12.2"),
]



# A sixth set: Chinese SPA and investment agreements with other party names; first run reported in docs/quality.md.
SPA_ZH_BUYER = """# 股份收购协议

卖方：东岳控股集团股份有限公司（以下简称"卖方"）
买方：海川产业投资基金（有限合伙）（以下简称"买方"）

## 第三条 交易价格

3.1 本次交易的总价款为人民币5亿元（"交易价款"）。

{body}
"""

INVEST_ZH = """# 增资协议

投资方：远航创业投资有限公司（以下简称"投资方"）
创始股东：李明（以下简称"创始股东"）
目标公司：星河智能科技有限公司（以下简称"公司"）

{body}
"""

SIXTH_RED = [
    Variant("zh seller cap 3% of price", SPA_ZH_BUYER, "## 第九条 赔偿\n\n9.4 卖方在本协议项下的赔偿总额最高不超过交易价款的3%。\n",
            "sha_spa", "买方", "liability_cap", "RED", "9.4"),
    Variant("zh claims within one year? no: 6 months", SPA_ZH_BUYER, "## 第九条 赔偿\n\n9.5 买方的任何索赔须于交割日起六个月内书面提出。\n",
            "sha_spa", "买方", "claims_period", "RED", "9.5"),
    Variant("zh buyer knowledge bars claims", SPA_ZH_BUYER, "## 第八条 陈述与保证\n\n8.6 买方在签署本协议前已知悉的事项，买方不得就此向卖方提出索赔。\n",
            "sha_spa", "买方", "sandbagging", "RED", "8.6"),
    Variant("zh no tax indemnity words", SPA_ZH_BUYER, "## 第十条 税务\n\n10.2 交割日前目标公司的欠缴税款由目标公司自行承担，卖方不承担任何补偿责任。\n",
            "sha_spa", "买方", "tax_indemnity", "RED", "10.2"),
    Variant("zh investor no board seat", INVEST_ZH, "## 第六条 公司治理\n\n6.1 公司董事会由三名董事组成，均由创始股东委派。\n",
            "sha_spa", "投资方", "board_seat", "RED", "6.1"),
    Variant("zh founder transfers freely", INVEST_ZH, "## 第八条 股权转让限制\n\n8.3 创始股东有权自由转让其持有的公司股权，不受本协议任何限制。\n",
            "sha_spa", "投资方", "tag_along", "RED", "8.3"),
]



# A seventh set: Chinese shareholders' agreements; first run reported in docs/quality.md.
SHA_ZH2 = """# 股东协议

甲方：恒通实业集团有限公司（以下简称"甲方"），持有公司70%股权
乙方：蓝湾资本管理有限公司（以下简称"乙方"），持有公司30%股权

{body}
"""

SEVENTH_RED = [
    Variant("zh deadlock lapses", SHA_ZH2, "## 第七条 股东会\n\n7.5 须经双方一致同意的事项未获乙方同意的，该议案视为否决，公司按原有方式继续经营。\n",
            "sha_spa", "乙方", "deadlock", "RED", "7.5"),
    Variant("zh drag at simple majority", SHA_ZH2, "## 第十条 领售权\n\n10.1 持有公司过半数股权的股东拟出售其股权时，有权要求其他股东按相同条件一并出售。\n",
            "sha_spa", "乙方", "drag_along", "RED", "10.1"),
    Variant("zh pre-emption waived", SHA_ZH2, "## 第五条 增资\n\n5.2 公司增加注册资本时，乙方放弃优先认购权。\n",
            "sha_spa", "乙方", "pre_emption", "RED", "5.2"),
    Variant("zh no board seat for B", SHA_ZH2, "## 第八条 董事会\n\n8.1 公司设董事会，由三名董事组成，全部由甲方提名。\n",
            "sha_spa", "乙方", "board_seat", "RED", "8.1"),
    Variant("zh chairman deciding vote", SHA_ZH2, "## 第八条 董事会\n\n8.1 公司设董事会，由四名董事组成，甲方、乙方各提名两名，董事长由甲方提名的董事担任。\n\n8.5 董事会表决出现赞成票与反对票相等时，由董事长作出最终决定。\n",
            "sha_spa", "乙方", "casting_vote", "RED", "8.5"),
]



# An eighth set: Singapore and Australian drafting, construction and services; first run in docs/quality.md.
SPA_SG = """# Sale and Purchase Agreement

This Agreement is dated 3 March 2025 and made between Straits Holdings Pte. Ltd. (the "Vendor") and Pacific Rim Acquisitions Pte. Ltd. (the "Purchaser").

## 2. Purchase Price

2.1 The purchase price for the Sale Shares is S$80,000,000 (the "Purchase Price").

{body}
"""

EIGHTH_RED = [
    Variant("SG cap as a fraction in words", SPA_SG, "## 10. Limitation of Vendor's Liability\n\n10.1 The maximum aggregate liability of the Vendor in respect of all Claims shall not exceed S$4,000,000.\n",
            "sha_spa", "Purchaser", "liability_cap", "RED", "10.1"),
    Variant("SG claims by the first anniversary? no: nine months", SPA_SG, "## 10. Limitation of Vendor's Liability\n\n10.3 The Vendor is not liable for a Claim unless the Purchaser notifies the Vendor of the Claim on or before the date falling nine (9) months after the Completion Date.\n",
            "sha_spa", "Purchaser", "claims_period", "RED", "10.3"),
    Variant("SG de minimis high", SPA_SG, "## 10. Limitation of Vendor's Liability\n\n10.2 The Vendor shall not be liable for any individual Claim where the amount claimed is less than S$800,000.\n",
            "sha_spa", "Purchaser", "de_minimis", "RED", "10.2"),
    Variant("AU services supplier may suspend without notice", SERVICES_EN, "## 7. Suspension\n\n7.1 The Vendor may suspend the Services immediately if any amount is overdue.\n",
            "generic", "Client", "suspension", "RED", "7.1"),
    Variant("AU construction time bar 7 days", CONSTRUCTION_EN, "## 41. Claims\n\n41.1 The Contractor must give the Superintendent written notice of any claim for an extension of time or extra cost within 7 days after the Contractor should reasonably have become aware of the delay, failing which the claim is barred.\n",
            "fidic", "Contractor", "claim_notice", "RED", "41.1"),
    Variant("AU construction retention 10 per cent", CONSTRUCTION_EN, "## 42. Payment\n\n42.9 The Principal may retain 10 per cent of each progress payment as retention money.\n",
            "fidic", "Contractor", "retention", "RED", "42.9"),
]



# A ninth set: English SHA and services phrasings; first run reported in docs/quality.md.
NINTH_RED = [
    Variant("second vote on equality", SHA_EN, "## 5. Board\n\n5.1 The Founder may appoint the Chair.\n\n5.2 If there is an equality of votes, the Chair shall have a second vote.\n",
            "sha_spa", "Investor", "casting_vote", "RED", "5.2"),
    Variant("all decisions by majority holders", SHA_EN, "## 9. Shareholder Decisions\n\n9.1 All decisions of the Company, including the approval of the budget, shall be taken by Shareholders holding a majority of the Shares.\n",
            "sha_spa", "Investor", "reserved_matters", "RED", "9.1"),
    Variant("matter does not proceed", SHA_EN, "## 10. Deadlock\n\n10.1 If the Board cannot reach a decision on a matter, the matter shall not proceed and the Company shall carry on its business as before.\n",
            "sha_spa", "Investor", "deadlock", "RED", "10.1"),
    Variant("pre-emption waived", SHA_EN, "## 6. New Shares\n\n6.1 The Board may allot new Shares to any person on such terms as it thinks fit, and the Shareholders waive any pre-emption rights.\n",
            "sha_spa", "Investor", "pre_emption", "RED", "6.1"),
    Variant("sale without offer for our shares", SHA_EN, "## 11. Transfers\n\n11.2 The Founder may sell all of its Shares to a third party without any obligation to procure an offer for the Investor's Shares.\n",
            "sha_spa", "Investor", "tag_along", "RED", "11.2"),
    Variant("no dividend unless the board decides", SHA_EN, "## 12. Dividends\n\n12.1 No dividend shall be declared unless the Board in its sole discretion decides otherwise.\n",
            "sha_spa", "Investor", "dividend", "RED", "12.1"),
    Variant("fees for the remainder of the term", SERVICES_EN, "## 15. Termination\n\n15.4 Upon termination for any reason, the Client shall immediately pay all fees that would have been payable for the remainder of the Term.\n",
            "generic", "Client", "termination_payout", "RED", "15.4"),
    Variant("vendor assigns to affiliates", SERVICES_EN, "## 20. Assignment\n\n20.1 The Vendor may assign this Agreement to any of its affiliates or to any purchaser of its business without the Client's consent. The Client may not assign this Agreement.\n",
            "generic", "Client", "assignment", "RED", "20.1"),
    Variant("vendor owns deliverables", SERVICES_EN, "## 9. Ownership\n\n9.1 The Vendor owns all right, title and interest in the Deliverables, including all intellectual property rights in them.\n",
            "generic", "Client", "ip_ownership", "RED", "9.1"),
    Variant("credits the exclusive remedy", SERVICES_EN, "## 4. Service Levels\n\n4.5 Service credits are the Client's exclusive remedy for any failure to meet the Service Levels.\n",
            "generic", "Client", "sole_remedy", "RED", "4.5"),
]



# A tenth set: Chinese SPA and services phrasings; first run reported in docs/quality.md.
TENTH_RED = [
    Variant("zh cap 最高不超过 百分之八", SPA_ZH, "## 第十条 责任限制\n\n10.2 转让方对受让方的全部赔偿责任，最高不超过转让价款的百分之八。\n",
            "sha_spa", "受让方", "liability_cap", "RED", "10.2"),
    Variant("zh claims waived after nine months", SPA_ZH, "## 第十条 责任限制\n\n10.4 受让方未在交割日后九个月内提出索赔的，视为放弃索赔权利。\n",
            "sha_spa", "受让方", "claims_period", "RED", "10.4"),
    Variant("zh warranties only on actual knowledge", SPA_ZH, "## 第八条 陈述与保证\n\n8.3 转让方仅就其实际知悉的事项作出陈述与保证。\n",
            "sha_spa", "受让方", "knowledge_qualifier", "RED", "8.3"),
    Variant("zh no termination while conditions open", SPA_ZH, "## 第五条 先决条件\n\n5.3 先决条件未能满足的，双方应继续努力促成，任何一方均不得因此解除本协议。\n",
            "sha_spa", "受让方", "long_stop", "RED", "5.3"),
    Variant("zh buyer pays 10% on any termination", SPA_ZH, "## 第十五条 协议解除\n\n15.2 本协议因任何原因解除的，受让方应向转让方支付转让价款百分之十的违约金。\n",
            "sha_spa", "受让方", "termination_fee", "RED", "15.2"),
    Variant("zh supplier capped at a month's fees", SERVICES_ZH, "## 第九条 违约责任\n\n9.2 乙方因违约向甲方承担的赔偿责任以一个月服务费为上限。\n",
            "generic", "甲方", "liability_cap", "RED", "9.2"),
    Variant("zh rest of the term on any termination", SERVICES_ZH, "## 第八条 合同解除\n\n8.3 合同因任何原因提前解除的，甲方应支付剩余合同期限内的全部服务费。\n",
            "generic", "甲方", "termination_payout", "RED", "8.3"),
    Variant("zh six months' non-renewal notice", SERVICES_ZH, "## 第二条 合同期限\n\n2.3 任何一方不再续约的，应于期满前六个月书面通知对方，否则合同自动续期。\n",
            "generic", "甲方", "renewal_notice", "RED", "2.3"),
]



# An eleventh set: Chinese shareholders' agreement and construction phrasings; first run in docs/quality.md.
ELEVENTH_RED = [
    Variant("zh quorum without our director", SHA_ZH2, "## 第八条 董事会\n\n8.1 董事会由五名董事组成，甲方委派三名，乙方委派两名。\n\n8.4 董事会会议由三名以上董事出席即可召开。\n",
            "sha_spa", "乙方", "quorum", "RED", "8.4"),
    Variant("zh budget by half the votes", SHA_ZH2, "## 第七条 股东会\n\n7.2 股东会作出决议，须经代表二分之一以上表决权的股东通过，包括批准年度预算及关联交易。\n",
            "sha_spa", "乙方", "reserved_matters", "RED", "7.2"),
    Variant("zh majority sells without us", SHA_ZH2, "## 第十条 股权转让\n\n10.3 甲方转让其股权的，无需经乙方同意，乙方亦无权要求一并出售。\n",
            "sha_spa", "乙方", "tag_along", "RED", "10.3"),
    Variant("zh delay damages with no cap", ZH_CONSTRUCTION, "## 第7条 工期\n\n7.5 因承包人原因导致工期延误的，承包人应按每日合同价款的千分之一支付误期赔偿金。\n",
            "fidic", "承包人", "delay_damages_cap", "RED", "7.5"),
    Variant("zh progress payment in ninety days", ZH_CONSTRUCTION, "## 第12条 合同价款与支付\n\n12.3 发包人收到进度付款申请单后，应在九十天内完成审核并支付。\n",
            "fidic", "承包人", "payment_period", "RED", "12.3"),
    Variant("zh seven-day claim notice", ZH_CONSTRUCTION, "## 第19条 索赔\n\n19.1 承包人应在知道索赔事件发生之日起七日内提出索赔意向通知，否则视为放弃索赔。\n",
            "fidic", "承包人", "claim_notice", "RED", "19.1"),
    Variant("zh retention six per cent", ZH_CONSTRUCTION, "## 第15条 质量保证金\n\n15.1 发包人在支付工程进度款时按进度款的百分之六扣留质量保证金。\n",
            "fidic", "承包人", "retention", "RED", "15.1"),
]



# A twelfth set: English construction, NDA and services phrasings; first run reported in docs/quality.md.
TWELFTH_RED = [
    Variant("claim notified within fourteen days", CONSTRUCTION_EN, "## 20. Claims\n\n20.2 Any claim by the Contractor for additional time or money shall be notified to the Engineer no later than fourteen (14) days after the event, otherwise the Employer shall be released from all liability.\n",
            "fidic", "Contractor", "claim_notice", "RED", "20.2"),
    Variant("interim certificate paid in 84 days", CONSTRUCTION_EN, "## 14. Payment\n\n14.7 Payment of each interim certificate shall be made by the Employer within 84 days of its issue.\n",
            "fidic", "Contractor", "payment_period", "RED", "14.7"),
    Variant("liquidated damages without limit", CONSTRUCTION_EN, "## 8. Completion\n\n8.7 The Contractor shall pay liquidated damages for delay at the rate of 0.2% of the Contract Price for each day of delay, without limit.\n",
            "fidic", "Contractor", "delay_damages_cap", "RED", "8.7"),
    Variant("retention fifteen per cent", CONSTRUCTION_EN, "## 14. Payment\n\n14.3 Retention Money shall be deducted at fifteen per cent (15%) of each interim payment until Completion.\n",
            "fidic", "Contractor", "retention", "RED", "14.3"),
    Variant("NDA obligations expire in six months", NDA_EN, "## 8. Duration\n\n8.1 The Receiving Party's obligations under this Agreement expire six months after the Effective Date.\n",
            "generic", "Disclosing Party", "nda_term", "RED", "8.1"),
    Variant("NDA know-how in memory", NDA_EN, "## 6. Residuals\n\n6.1 The Receiving Party may use for any purpose the general ideas, concepts and know-how retained in the memory of its personnel.\n",
            "generic", "Disclosing Party", "nda_residuals", "RED", "6.1"),
    Variant("invoices payable on receipt", SERVICES_EN, "## 6. Invoicing\n\n6.1 All invoices are due and payable upon receipt.\n",
            "generic", "Client", "payment_period", "RED", "6.1"),
    Variant("suspension without notice", SERVICES_EN, "## 7. Suspension\n\n7.1 The Vendor reserves the right to suspend the Services without notice if it reasonably suspects misuse.\n",
            "generic", "Client", "suspension", "RED", "7.1"),
]




# A thirteenth set, written before any change for it: drafting families the earlier sets lack (US plain-English
# order forms with "we"/"you" and a table of terms, Australian and Indian commercial style, a Canadian SPA, a
# defined-term-heavy SPA whose figures sit in the definitions, long single-sentence UK clauses with provisos,
# figures in words only, Chinese 大写 amounts and 款/项 layouts, and FIDIC-style Particular Conditions with a
# Contract Data table). Its first run is reported in docs/quality.md.
ORDER_FORM_US = """# Order Form

This Order Form is entered into between Lumen Metrics, Inc. ("Lumen", "we", "us" or "our") and Harborview Credit Union ("Customer", "you" or "your"), and incorporates the Lumen Subscription Terms below.

{body}
"""

SERVICES_AU = """# Services Agreement

Kestrel Health Pty Ltd ACN 123 456 789 of Level 4, 100 Collins Street, Melbourne VIC 3000 (**Customer**)

Bluegum Digital Pty Ltd ACN 987 654 321 of 22 Smith Street, Fitzroy VIC 3065 (**Supplier**)

{body}
"""

SERVICES_IN = """# MASTER SERVICES AGREEMENT

This Master Services Agreement is executed at Bengaluru on this 5th day of May, 2025 BY AND BETWEEN:

Vistara Retail Private Limited, a company incorporated under the Companies Act, 2013, having its registered office at 14 MG Road, Bengaluru 560001 (hereinafter referred to as the "Client", which expression shall, unless repugnant to the context or meaning thereof, be deemed to include its successors and permitted assigns) of the ONE PART;

AND

Nimbus Techsoft Private Limited, a company incorporated under the Companies Act, 2013, having its registered office at 7 Hitech City, Hyderabad 500081 (hereinafter referred to as the "Service Provider", which expression shall, unless repugnant to the context or meaning thereof, be deemed to include its successors and permitted assigns) of the OTHER PART.

{body}
"""

SPA_CA = """# SHARE PURCHASE AGREEMENT

THIS AGREEMENT is made as of the 14th day of April, 2025.

AMONG: MAPLEFORD HOLDINGS INC., a corporation existing under the laws of the Province of Ontario (the "Vendor")

- and -

NORTHSHORE ACQUISITION CORP., a corporation existing under the laws of Canada (the "Purchaser")

## ARTICLE 2 PURCHASE AND SALE

2.1 Purchase Price. The purchase price payable by the Purchaser for the Purchased Shares is $60,000,000 (the "Purchase Price").

{body}
"""

SPA_DEFINED = """# Share Purchase Agreement

This Agreement is made between Thornbury Estates Limited (the "Seller") and Calloway Group plc (the "Buyer").

## 1. Definitions and Interpretation

1.1 In this Agreement:

"Cap" means an amount equal to five per cent (5%) of the Consideration;

"Claims Period" means the period of nine (9) months beginning on the Completion Date;

"Consideration" means the sum of GBP 120,000,000 payable under clause 3;

"De Minimis Amount" means GBP 900,000;

"Warranty Claim" means a claim for breach of any of the Warranties.

{body}
"""

SPA_ZH_CAPS = """# 股权转让协议

转让方：临江机电控股有限公司（以下简称"转让方"）
受让方：鼎盛产业投资有限公司（以下简称"受让方"）

## 第三条 转让价款

转让方同意将其持有的目标公司100%股权转让给受让方，转让价款为人民币伍亿元整（¥500,000,000）。

{body}
"""

SERVICES_ZH_ITEMS = """# 软件运维服务合同

委托方（甲方）：华庭商业管理有限公司（以下简称"甲方"）
服务方（乙方）：数联科技服务有限公司（以下简称"乙方"）

{body}
"""

SHA_ZH_ITEMS = """# 股东协议

甲方：汇丰泰实业有限公司（以下简称"甲方"），持有公司60%股权
乙方：启明星创业投资合伙企业（有限合伙）（以下简称"乙方"），持有公司40%股权

{body}
"""

PARTICULAR_CONDITIONS = """# Particular Conditions of Contract: Harbour Road Interchange

The Employer is the Regional Roads Authority of Caldwell (the "Employer"), and the Contractor is Brennan Civil Engineering Limited (the "Contractor"). These Particular Conditions amend and supplement the General Conditions.

{body}
"""

THIRTEENTH_RED = [
    Variant("US order form: our liability, the fees you paid", ORDER_FORM_US, "## 9. Limitation of Liability\n\n9.1 Neither party is liable for any indirect, special or consequential damages.\n\n9.2 Our total liability arising out of or related to this Agreement will not exceed the fees you paid us in the two (2) months before the event giving rise to the claim. Nothing in this Agreement limits your obligation to pay the fees or your liability for breach of Section 5 (Your Responsibilities).\n",
            "generic", "Customer", "liability_cap", "RED", "9.2"),
    Variant("US order form table: auto-renews for 24-month terms", ORDER_FORM_US, "## Schedule 1 Order Details\n\n| Term | Detail |\n|---|---|\n| Subscription Term | Twelve (12) months from the Start Date |\n| Renewal | Auto-renews for successive twenty-four (24) month Renewal Terms unless either party gives notice of non-renewal at least thirty (30) days before the end of the then-current term |\n| Payment Terms | Net 30 from the invoice date |\n",
            "generic", "Customer", "renewal_term", "RED", "Schedule 1(2)"),
    Variant("US order form table: Net 10", ORDER_FORM_US, "## Schedule 1 Order Details\n\n| Term | Detail |\n|---|---|\n| Subscription Term | Twelve (12) months from the Start Date |\n| Fees | USD 84,000 per year, invoiced annually in advance |\n| Payment Terms | Net 10 |\n",
            "generic", "Customer", "payment_period", "RED", "Schedule 1(3)"),
    Variant("AU supplier may vary the fees by notice", SERVICES_AU, "## 6. Fees\n\n6.4 The Supplier may, by notice to the Customer, vary the Fees with effect from any date stated in the notice.\n",
            "generic", "Customer", "price_changes", "RED", "6.4"),
    Variant("AU deliverables vest in the supplier", SERVICES_AU, "## 11. Intellectual Property\n\n11.1 All Intellectual Property Rights in the Deliverables are owned by, and on creation vest in, the Supplier.\n\n11.2 The Supplier grants the Customer a non-exclusive, non-transferable licence to use the Deliverables for its internal business purposes during the Term.\n",
            "generic", "Customer", "ip_ownership", "RED", "11.1"),
    Variant("IN termination without assigning any reason", SERVICES_IN, "## 14. TERMINATION\n\n14.1 The Service Provider shall be at liberty to terminate this Agreement at any time, without assigning any reason whatsoever, by giving thirty (30) days' notice in writing to the Client.\n",
            "generic", "Client", "termination_convenience", "RED", "14.1"),
    Variant("IN interest @ 2% per month", SERVICES_IN, "## 5. PAYMENT\n\n5.4 Any delayed payment shall attract interest @ 2% per month from the due date till the date of actual realisation.\n",
            "generic", "Client", "late_interest", "RED", "5.4"),
    Variant("IN provider entitled to assign, client not", SERVICES_IN, "## 18. ASSIGNMENT\n\n18.1 The Service Provider shall be entitled to assign or sub-contract this Agreement or any of its rights and obligations hereunder to any of its group companies or to any third party without the prior consent of the Client, whereas the Client shall not assign this Agreement without the prior written consent of the Service Provider.\n",
            "generic", "Client", "assignment", "RED", "18.1"),
    Variant("CA survival for ten months", SPA_CA, "## ARTICLE 8 SURVIVAL AND INDEMNIFICATION\n\n8.1 Survival. The representations and warranties of the Vendor contained in this Agreement shall survive the Closing and continue in full force and effect for the benefit of the Purchaser for a period of ten (10) months after the Closing Date, after which time the Vendor shall be released from all obligations in respect of them except with respect to any claims asserted in writing before the expiry of that period.\n",
            "sha_spa", "Purchaser", "claims_period", "RED", "8.1"),
    Variant("CA deductible threshold 3%", SPA_CA, "## ARTICLE 8 SURVIVAL AND INDEMNIFICATION\n\n8.5 Threshold. The Vendor shall not be required to indemnify the Purchaser under Section 8.2 until the aggregate amount of all Losses in respect of indemnification under Section 8.2 exceeds $1,800,000, in which event the Vendor shall be required to pay only the amount of such Losses in excess of $1,800,000.\n",
            "sha_spa", "Purchaser", "basket", "RED", "8.5"),
    Variant("CA vendor's non-compete for six months", SPA_CA, "## ARTICLE 7 COVENANTS\n\n7.3 Non-Competition. The Vendor shall not, for a period of six (6) months following the Closing Date, directly or indirectly carry on or be engaged in any business that competes with the Business anywhere in Canada.\n",
            "sha_spa", "Purchaser", "non_compete", "RED", "7.3"),
    Variant("defined Cap of 5%", SPA_DEFINED, "## 8. Limitations on the Seller's Liability\n\n8.1 The total liability of the Seller for all Warranty Claims shall not exceed the Cap.\n",
            "sha_spa", "Buyer", "liability_cap", "RED", "8.1"),
    Variant("defined Claims Period of nine months", SPA_DEFINED, "## 8. Limitations on the Seller's Liability\n\n8.3 The Seller shall not be liable for any Warranty Claim unless the Buyer has notified the Seller of it in writing within the Claims Period.\n",
            "sha_spa", "Buyer", "claims_period", "RED", "8.3"),
    Variant("defined De Minimis Amount of 0.75%", SPA_DEFINED, "## 8. Limitations on the Seller's Liability\n\n8.2 The Seller shall not be liable for any individual Warranty Claim where the amount claimed is less than the De Minimis Amount.\n",
            "sha_spa", "Buyer", "de_minimis", "RED", "8.2"),
    Variant("UK long drag with provisos at a bare majority", SHA_EN, "## 15. Drag Along\n\n15.1 If at any time the holders of more than one-half of the Shares in issue (the \"Selling Shareholders\") wish to transfer all their Shares to a bona fide purchaser, the Selling Shareholders shall have the option to require all the other holders of Shares to transfer all their Shares to that purchaser, provided that the Selling Shareholders give notice to that effect not less than ten Business Days before the proposed transfer, and provided further that nothing in this clause shall oblige any Shareholder to give warranties other than as to title and capacity, save that the consideration payable to the other holders may be in such form as the Selling Shareholders determine.\n",
            "sha_spa", "Investor", "drag_along", "RED", "15.1"),
    Variant("UK long reserved matters proviso: budget for the board alone", SHA_EN, "## 9. Matters Requiring Consent\n\n9.1 The Company shall not, and the Founder shall procure that the Company shall not, without the prior written consent of the Investor, amend its articles of association, issue or allot any shares, or pass any resolution for its winding up, provided always that the adoption of the annual budget and business plan, and the entry into, variation or termination of any contract between the Company and the Founder or any person connected with the Founder, shall be matters for the Board alone to be decided by a simple majority of the Directors present and voting.\n",
            "sha_spa", "Investor", "reserved_matters", "RED", "9.1"),
    Variant("zh cap in 大写 figures", SPA_ZH_CAPS, "## 第十一条 责任限制\n\n转让方在本协议项下承担的赔偿责任总额，以人民币壹仟伍佰万元整为限。\n",
            "sha_spa", "受让方", "liability_cap", "RED", "11"),
    Variant("zh services: termination grounds in 项 under a lead-in", SERVICES_ZH_ITEMS, "## 第十条 合同的解除\n\n有下列情形之一的，乙方可以书面通知甲方解除本合同：\n\n（一）甲方逾期支付服务费超过三十日的；\n\n（二）乙方因自身经营调整决定不再提供本合同项下服务的。\n",
            "generic", "甲方", "termination_convenience", "RED", "10(二)"),
    Variant("zh SHA: no tag-along in a 项", SHA_ZH_ITEMS, "## 第八条 股权转让\n\n各方同意，股东转让股权应遵守下列约定：\n\n（一）任何股东向股东以外的人转让股权，应当经其他股东过半数同意；\n\n（二）甲方向第三方转让其所持公司股权的，乙方不享有随售权，亦不得要求受让方按同等条件收购乙方所持股权。\n",
            "sha_spa", "乙方", "tag_along", "RED", "8(二)"),
    Variant("zh construction progress payment in seventy-five days, (2) of 14.3", ZH_CONSTRUCTION, "## 第14条 合同价款与支付\n\n14.3 进度款支付\n\n（1）承包人应于每月25日前向监理人提交进度付款申请单及相关资料；\n\n（2）发包人应在监理人出具进度付款证书后的七十五天内支付进度款。\n",
            "fidic", "承包人", "payment_period", "RED", "14.3(2)"),
    Variant("PC long time bar of fourteen days with consequences", PARTICULAR_CONDITIONS, "## 20. Claims\n\n20.1 If the Contractor considers that it is entitled to any extension of the Time for Completion or any additional payment under any Clause of these Conditions or otherwise in connection with the Contract, it shall notify the Engineer, describing the event or circumstance giving rise to the claim, as soon as practicable and in any case within fourteen days after the date on which it first became aware, or ought reasonably to have become aware, of that event or circumstance, and if it fails to do so the Time for Completion shall not be extended, the Contractor shall not be entitled to additional payment, and the Employer shall be discharged from all liability in connection with the claim.\n",
            "fidic", "Contractor", "claim_notice", "RED", "20.1"),
    Variant("PC Contract Data table: retention ten per cent", PARTICULAR_CONDITIONS, "## Part A Contract Data\n\n| Sub-Clause | Item | Data |\n|---|---|---|\n| 1.3 | Address of the Employer | Civic Centre, Caldwell |\n| 14.3 | Percentage of retention | ten per cent (10%) |\n| 14.7 | Period for payment of interim certificates | 56 days |\n\n## Part B Special Provisions\n\n## 4. The Contractor\n\n4.2 The Performance Security shall be in the amount of ten per cent of the Accepted Contract Amount.\n",
            "fidic", "Contractor", "retention", "RED", "Part A(2)"),
    Variant("PC deletes the maximum amount of delay damages", PARTICULAR_CONDITIONS, "## 8. Commencement, Delays and Suspension\n\n8.8 Sub-Clause 8.8 [Delay Damages] is amended by deleting the words \"subject to the maximum amount stated in the Contract Data\".\n",
            "fidic", "Contractor", "delay_damages_cap", "RED", "8.8"),
]

THIRTEENTH_MARKET = [
    Variant("US order form mutual cap of twelve months' fees", ORDER_FORM_US, "## 9. Limitation of Liability\n\n9.2 Each party's total liability arising out of or related to this Agreement will not exceed the fees paid or payable by you in the twelve (12) months before the event giving rise to the claim.\n",
            "generic", "Customer", "liability_cap", "not RED"),
    Variant("IN payment of undisputed invoices in thirty days", SERVICES_IN, "## 5. PAYMENT\n\n5.1 The Client shall release payment of each undisputed invoice within thirty (30) days of its receipt.\n",
            "generic", "Client", "payment_period", "not RED"),
    Variant("CA tipping threshold of one-half of one per cent", SPA_CA, "## ARTICLE 8 SURVIVAL AND INDEMNIFICATION\n\n8.5 Threshold. The Vendor shall not be required to indemnify the Purchaser under Section 8.2 until the aggregate amount of all Losses exceeds one-half of one per cent of the Purchase Price, in which event the Vendor shall be liable for all such Losses from the first dollar.\n",
            "sha_spa", "Purchaser", "basket", "not RED"),
    Variant("zh construction retention 百分之三 in a 项", ZH_CONSTRUCTION, "## 第14条 合同价款与支付\n\n14.5 质量保证金\n\n（1）发包人按每期进度款的百分之三预留质量保证金；\n\n（2）缺陷责任期届满后十四天内，发包人应退还质量保证金。\n",
            "fidic", "承包人", "retention", "not RED"),
    Variant("UK long drag at three-quarters with the same price", SHA_EN, "## 15. Drag Along\n\n15.1 If the holders of not less than three-quarters of the Shares in issue wish to transfer all their Shares to a bona fide purchaser, they may require all the other holders of Shares to transfer all their Shares to that purchaser at the same price per Share and on the same terms, provided that notice is given not less than ten Business Days before the transfer.\n",
            "sha_spa", "Investor", "drag_along", "not RED"),
    Variant("AU supplier's fees fixed, CPI once a year", SERVICES_AU, "## 6. Fees\n\n6.4 The Supplier may increase the Fees once in each Contract Year, on 60 days' notice, by no more than the percentage increase in the CPI over the preceding twelve months.\n",
            "generic", "Customer", "price_changes", "not RED"),
]


# Set 14, written before the positions were changed for it (drafting families the earlier sets lack: Singapore,
# Hong Kong, South African and Irish commercial drafting, New York credit-style boilerplate, German-style
# translated English with § paragraphs, a numbered US SPA with Section 8.04(b)(iii), a figure in a schedule or
# another clause, decimal percentages and decimal commas, EUR/SGD/HKD/RMB 万元 money, Traditional Chinese, and the
# three positions added with it: confidentiality that ends too soon, change of control against us, and a forum or
# seat on the other side's home ground). Its first run is reported in docs/quality.md.
SERVICES_SG = """# Services Agreement

THIS AGREEMENT is dated 3 March 2025 and made between:

(1) Merlion Logistics Pte. Ltd. (UEN 201912345K), a company incorporated in Singapore with its registered office at 1 Raffles Place, #20-01, Singapore 048616 (the "Customer"); and

(2) Straits Cloud Pte. Ltd. (UEN 201598765M), a company incorporated in Singapore with its registered office at 71 Ayer Rajah Crescent, Singapore 139951 (the "Service Provider").

{body}
"""

SUPPLY_SG_HK = """# Supply Agreement

THIS AGREEMENT is made on 12 May 2025 BETWEEN:

(1) Tanjong Components Pte. Ltd., a company incorporated in Singapore whose registered office is at 8 Jurong Port Road, Singapore 619090 (the "Supplier"); and

(2) Lantau Electronics Limited, a company incorporated in Hong Kong whose registered office is at 33 Canton Road, Tsim Sha Tsui, Kowloon, Hong Kong (the "Buyer").

{body}
"""

SERVICES_HK = """# Services Agreement

THIS AGREEMENT is made on 8 April 2025

BETWEEN:

(1) VICTORIA HARBOUR TRADING COMPANY LIMITED, whose registered office is situate at 18/F, 1 Queen's Road Central, Hong Kong ("the Customer"); and

(2) KOWLOON DATA SERVICES LIMITED, whose registered office is situate at Unit 1203, 9 Wing Hong Street, Cheung Sha Wan, Kowloon, Hong Kong ("the Contractor").

{body}
"""

SERVICES_ZA = """# Master Services Agreement

entered into between

**Protea Mining (Pty) Ltd** (Registration number 2011/004567/07), a private company incorporated in the Republic of South Africa (hereinafter "the Client")

and

**Kudu Systems (Pty) Ltd** (Registration number 2008/012345/07), a private company incorporated in the Republic of South Africa (hereinafter "the Service Provider")

{body}
"""

SERVICES_IE = """# Agreement for the Provision of Managed Services

THIS AGREEMENT is made the 2nd day of June 2025 BETWEEN Liffey Insurance DAC, having its registered office at 2 Grand Canal Square, Dublin 2 (the "Client") of the one part AND Shannon Managed IT Limited, having its registered office at Plassey Technological Park, Limerick (the "Supplier") of the other part.

{body}

## Schedule 2 Charges and Limits

| Paragraph | Item | Amount |
|---|---|---|
| 1 | Annual Charges | €1,200,000 per annum, invoiced quarterly in advance |
| 2 | Service Credits | As set out in Schedule 3 |
| 3 | Liability Cap | ten per cent (10%) of the Annual Charges |
"""

LICENCE_NY = """# SOFTWARE LICENSE AGREEMENT

This SOFTWARE LICENSE AGREEMENT, dated as of June 1, 2025, is entered into by and between HUDSON ANALYTICS LLC, a Delaware limited liability company (the "Licensor"), and PACIFIC MUTUAL HOLDINGS, INC., a California corporation (the "Licensee").

{body}
"""

SERVICES_DE = """# Service Contract

between

Müller Maschinenbau GmbH, Industriestraße 12, 70565 Stuttgart, Germany

- hereinafter referred to as "Principal" -

and

Datenwerk Solutions GmbH, Hafenstraße 4, 20457 Hamburg, Germany

- hereinafter referred to as "Contractor" -

{body}
"""

SPA_US_NUMBERED = """# STOCK PURCHASE AGREEMENT

This STOCK PURCHASE AGREEMENT (this "Agreement") is made and entered into as of March 3, 2025, by and among Cascade Industrial Partners, L.P. (the "Buyer") and the Persons listed on Schedule I hereto (each, a "Seller" and collectively, the "Sellers").

## ARTICLE I DEFINITIONS

Section 1.01 Certain Defined Terms. For purposes of this Agreement, "Losses" means all losses, damages, liabilities, costs and expenses, including reasonable attorneys' fees.

## ARTICLE II PURCHASE AND SALE

Section 2.02 Purchase Price. The aggregate consideration for the Shares shall be $240,000,000 (the "Purchase Price").

{body}
"""

SPA_ZH_TRAD = """# 股權轉讓協議

轉讓方：港灣實業控股有限公司（以下簡稱"轉讓方"）
受讓方：長榮創業投資有限公司（以下簡稱"受讓方"）

## 第二條 轉讓價款

2.1 標的股權的轉讓價款為新台幣十二億元（"轉讓價款"）。

{body}
"""

SERVICES_ZH_TRAD = """# 資訊系統維護服務合同

委託方（甲方）：寶島百貨股份有限公司（以下簡稱"甲方"）
服務方（乙方）：聯訊資訊服務有限公司（以下簡稱"乙方"）

{body}
"""

FOURTEENTH_RED = [
    Variant("SG cap 'shall be limited to' one month", SERVICES_SG, "## 12. Limitation of Liability\n\n12.2 Notwithstanding anything herein contained, the maximum aggregate liability of the Service Provider to the Customer under or in connection with this Agreement shall be limited to the Fees paid by the Customer in the preceding one (1) month.\n",
            "generic", "Customer", "liability_cap_level", "RED", "12.2"),
    Variant("SG provider terminates on the customer's change in control", SERVICES_SG, "## 15. Termination\n\n15.3 The Service Provider may terminate this Agreement forthwith by notice in writing to the Customer if the Customer undergoes a change in control.\n",
            "generic", "Customer", "change_of_control", "RED", "15.3"),
    Variant("SG/HK arbitration seated in the supplier's home", SUPPLY_SG_HK, "## 20. Governing Law and Dispute Resolution\n\n20.1 This Agreement is governed by the laws of Singapore.\n\n20.2 Any dispute arising out of or in connection with this Agreement shall be referred to and finally resolved by arbitration administered by the Singapore International Arbitration Centre in accordance with its Arbitration Rules, and the seat of the arbitration shall be Singapore.\n",
            "generic", "Buyer", "governing_forum", "RED", "20.2"),
    Variant("HK '(\"the Contractor\")' terminates by one month's notice", SERVICES_HK, "## 14. Termination\n\n14.1 The Contractor may at any time terminate this Agreement by giving not less than one month's notice in writing to the Customer.\n",
            "generic", "Customer", "termination_convenience", "RED", "14.1"),
    Variant("HK customer alone submits; contractor may sue anywhere", SERVICES_HK, "## 19. Law and Jurisdiction\n\n19.1 This Agreement shall be governed by and construed in accordance with the laws of the Hong Kong Special Administrative Region.\n\n19.2 The Customer irrevocably submits to the exclusive jurisdiction of the courts of Hong Kong, provided that nothing in this clause shall prevent the Contractor from bringing proceedings against the Customer in any other court of competent jurisdiction.\n",
            "generic", "Customer", "governing_forum", "RED", "19.2"),
    Variant("ZA renewal for 36 (thirty-six) months", SERVICES_ZA, "## 3. Duration\n\n3.2 Upon expiry of the Initial Period, this Agreement shall be renewed automatically for successive periods of 36 (thirty-six) months each, unless terminated by either Party on 90 (ninety) days' written notice.\n",
            "generic", "Client", "renewal_term", "RED", "3.2"),
    Variant("ZA provider may cancel for any reason", SERVICES_ZA, "## 17. Breach and Cancellation\n\n17.4 The Service Provider shall be entitled to cancel this Agreement on 30 (thirty) days' written notice to the Client for any reason whatsoever.\n",
            "generic", "Client", "termination_convenience", "RED", "17.4"),
    Variant("ZA interest at 2,5% per month (decimal comma)", SERVICES_ZA, "## 8. Payment\n\n8.3 Any amount not paid on due date shall bear interest at the rate of 2,5% (two comma five percent) per month, calculated daily and compounded monthly in arrears, from due date until date of payment.\n",
            "generic", "Client", "late_interest", "RED", "8.3"),
    Variant("IE confidentiality survives six months", SERVICES_IE, "## 14. Confidentiality\n\n14.1 Each party shall keep the Confidential Information of the other party confidential and shall not disclose it except to its employees and advisers who need to know it.\n\n14.4 The obligations of confidentiality in this Clause 14 shall survive the termination or expiry of this Agreement for a period of six (6) months.\n",
            "generic", "Client", "confidentiality_term", "RED", "14.4"),
    Variant("IE cap in a schedule paragraph", SERVICES_IE, "## 11. Liability\n\n11.2 The total liability of the Supplier under or in connection with this Agreement in any Contract Year shall not exceed the amount set out in paragraph 3 of Schedule 2.\n",
            "generic", "Client", "liability_cap_level", "RED", "11.2"),
    Variant("NY credit-style: licensee submits, licensor may sue anywhere", LICENCE_NY, "## ARTICLE IX MISCELLANEOUS\n\nSection 9.09 Governing Law; Submission to Jurisdiction.\n\n(a) THIS AGREEMENT SHALL BE GOVERNED BY, AND CONSTRUED IN ACCORDANCE WITH, THE LAW OF THE STATE OF NEW YORK.\n\n(b) The Licensee irrevocably and unconditionally submits, for itself and its property, to the exclusive jurisdiction of the courts of the State of New York sitting in New York County, and of the United States District Court of the Southern District of New York. Nothing in this Agreement shall affect any right that the Licensor may otherwise have to bring any action or proceeding relating to this Agreement against the Licensee or its properties in the courts of any jurisdiction.\n",
            "generic", "Licensee", "governing_forum", "RED", "9.09(b)"),
    Variant("NY credit-style: licensor assigns to any Person", LICENCE_NY, "## ARTICLE IX MISCELLANEOUS\n\nSection 9.04 Successors and Assigns.\n\n(a) The Licensee may not assign or otherwise transfer any of its rights or obligations hereunder without the prior written consent of the Licensor, and any attempted assignment or transfer without such consent shall be null and void.\n\n(b) The Licensor may assign all or any portion of its rights and obligations under this Agreement to any Person without the consent of the Licensee.\n",
            "generic", "Licensee", "assignment", "RED", "9.04(b)"),
    Variant("DE § paragraph: invoices payable within 7 days", SERVICES_DE, "## § 5 Remuneration\n\n(1) The Principal is obliged to pay the Contractor the remuneration set out in Annex 2.\n\n(2) The Contractor invoices monthly in arrears.\n\n(3) Invoices are payable within 7 days of receipt without deduction.\n",
            "generic", "Principal", "payment_period", "RED", "5(3)"),
    Variant("DE § paragraph: entitled to terminate without giving reasons", SERVICES_DE, "## § 9 Term and Termination\n\n(1) The contract begins on 1 July 2025 and runs for an indefinite period.\n\n(2) The Contractor is entitled to terminate the contract at any time without giving reasons with a notice period of four weeks.\n",
            "generic", "Principal", "termination_convenience", "RED", "9(2)"),
    Variant("DE § paragraph: liability limited to one month's remuneration", SERVICES_DE, "## § 8 Liability\n\n(1) The Contractor is liable without limitation for intent and gross negligence.\n\n(2) In all other cases the total liability of the Contractor is limited to one month's remuneration.\n",
            "generic", "Principal", "liability_cap_level", "RED", "8(2)"),
    Variant("DE § paragraph: jurisdiction at the contractor's registered office", SERVICES_DE, "## § 12 Final Provisions\n\n(1) This contract is subject to the law of the Federal Republic of Germany.\n\n(2) Exclusive place of jurisdiction for all disputes arising from or in connection with this contract is the registered office of the Contractor.\n",
            "generic", "Principal", "governing_forum", "RED", "12(2)"),
    Variant("US SPA Section 8.04(b)(iii): cap of 0.5% of the Purchase Price", SPA_US_NUMBERED, "## ARTICLE VIII INDEMNIFICATION\n\nSection 8.04 Limitations on Indemnification.\n\n(a) The Sellers shall not be liable for any Losses under Section 8.02(a) unless a claim is asserted before the end of the Survival Period.\n\n(b) Notwithstanding anything to the contrary herein:\n\n(i) the Sellers shall not be liable for any individual claim for Losses of less than $50,000;\n\n(ii) the Sellers shall not be liable for Losses arising from any matter disclosed in the Disclosure Schedules; and\n\n(iii) the aggregate amount of all Losses for which the Sellers shall be liable pursuant to Section 8.02(a) shall not exceed an amount equal to 0.5% of the Purchase Price.\n",
            "sha_spa", "Buyer", "liability_cap", "RED", "8.04(b)(iii)"),
    Variant("UK claims period in another clause", SPA_EN_UK, "## 7. Limitations on Claims\n\n7.4 The Vendor shall not be liable for a Warranty Claim unless written notice of it is given to the Vendor within the period set out in clause 7.6.\n\n7.6 For the purposes of clause 7.4, the period is nine (9) months from Completion.\n",
            "sha_spa", "Purchaser", "claims_period", "RED", "7.4"),
    Variant("zh cap in 万元 against a price in 亿元", SPA_ZH, "## 第十条 责任限制\n\n10.3 转让方在本协议项下承担的赔偿责任累计不超过人民币500万元。\n",
            "sha_spa", "受让方", "liability_cap", "RED", "10.3"),
    Variant("繁體 claims period of six months", SPA_ZH_TRAD, "## 第十條 索賠\n\n10.4 受讓方應於交割日後六個月內以書面形式向轉讓方提出索賠，逾期未提出的，轉讓方不再承擔任何責任。\n",
            "sha_spa", "受讓方", "claims_period", "RED", "10.4"),
    Variant("繁體 service provider may terminate at any time", SERVICES_ZH_TRAD, "## 第九條 合同的解除\n\n9.2 乙方有權隨時解除本合同，無需說明任何理由，但應提前十五日書面通知甲方。\n",
            "generic", "甲方", "termination_convenience", "RED", "9.2"),
    Variant("zh confidentiality lapses six months after termination", SERVICES_ZH_ITEMS, "## 第十二条 保密\n\n12.1 双方应对在履行本合同过程中知悉的对方商业秘密和其他保密信息承担保密义务。\n\n12.3 本条约定的保密义务在本合同终止后六个月内有效，期满后自动失效。\n",
            "generic", "甲方", "confidentiality_term", "RED", "12.3"),
    Variant("zh provider may terminate on our 实际控制人 change", SERVICES_ZH_ITEMS, "## 第十条 合同的解除\n\n10.4 甲方的控股股东或实际控制人发生变更的，乙方有权单方解除本合同，且无需承担任何责任。\n",
            "generic", "甲方", "change_of_control", "RED", "10.4"),
    Variant("zh disputes to the court where the provider is located", SERVICES_ZH_ITEMS, "## 第十五条 争议解决\n\n15.1 因本合同引起的或与本合同有关的任何争议，双方应友好协商解决；协商不成的，任何一方均应将争议提交乙方所在地有管辖权的人民法院诉讼解决。\n",
            "generic", "甲方", "governing_forum", "RED", "15.1"),
]

FOURTEENTH_MARKET = [
    Variant("IE confidentiality survives five years", SERVICES_IE, "## 14. Confidentiality\n\n14.4 The obligations of confidentiality in this Clause 14 shall survive the termination or expiry of this Agreement for a period of five (5) years, and in respect of trade secrets for so long as they remain trade secrets.\n",
            "generic", "Client", "confidentiality_term", "not RED"),
    Variant("SG mutual change of control right", SERVICES_SG, "## 15. Termination\n\n15.3 Either party may terminate this Agreement by notice in writing to the other if the other party undergoes a change of control and the change is, in the reasonable opinion of the terminating party, materially adverse to it.\n",
            "generic", "Customer", "change_of_control", "not RED"),
    Variant("HK both parties submit to the Hong Kong courts", SERVICES_HK, "## 19. Law and Jurisdiction\n\n19.1 This Agreement is governed by the laws of Hong Kong, and each party irrevocably submits to the non-exclusive jurisdiction of the courts of Hong Kong.\n",
            "generic", "Customer", "governing_forum", "not RED"),
    Variant("SG arbitration seat neutral for both Singapore parties", SERVICES_SG, "## 21. Dispute Resolution\n\n21.1 Any dispute arising out of or in connection with this Agreement shall be finally resolved by arbitration in Singapore administered by the Singapore International Arbitration Centre, and the seat of the arbitration shall be Singapore.\n",
            "generic", "Customer", "governing_forum", "not RED"),
    Variant("DE invoices payable within 30 days", SERVICES_DE, "## § 5 Remuneration\n\n(1) The Principal is obliged to pay the Contractor the remuneration set out in Annex 2.\n\n(2) Invoices are payable within 30 days of receipt.\n",
            "generic", "Principal", "payment_period", "not RED"),
    Variant("繁體 confidentiality continues after termination", SERVICES_ZH_TRAD, "## 第十二條 保密\n\n12.3 本合同終止或解除後，本條約定的保密義務繼續有效，直至相關資訊依法公開為止。\n",
            "generic", "甲方", "confidentiality_term", "not RED"),
    Variant("US SPA Section 8.04(b)(iii): cap of 12.5%", SPA_US_NUMBERED, "## ARTICLE VIII INDEMNIFICATION\n\nSection 8.04 Limitations on Indemnification.\n\n(b) Notwithstanding anything to the contrary herein:\n\n(iii) the aggregate amount of all Losses for which the Sellers shall be liable pursuant to Section 8.02(a) shall not exceed an amount equal to 12.5% of the Purchase Price.\n",
            "sha_spa", "Buyer", "liability_cap", "not RED"),
]


# Checks written after set 14's fixes (not part of its first-run figure): the new positions against drafting that
# must not trip them (a notice of a change of control, "notice to the other party", a forum named beside both
# parties, a court in a severability clause, cancelling an order) and a forum at the other side's US home.
US_CA = """# MASTER SERVICES AGREEMENT

This Master Services Agreement is entered into by Golden Gate Foods, Inc., a California corporation with offices in San Francisco, California ("Customer"), and Wilmington Cloud LLC, a Delaware limited liability company with offices in Wilmington, Delaware ("Provider").

{body}
"""

SERVICES_ZH_SZ = """# 技术服务合同

甲方：上海宏达商贸有限公司（以下简称"甲方"），地址：上海市浦东新区世纪大道100号
乙方：深圳云帆科技有限公司（以下简称"乙方"），地址：深圳市南山区科技园路1号

{body}
"""

SPA_DE = """# Share Purchase Agreement

between

Rheinland Beteiligungs GmbH, Königsallee 1, 40212 Düsseldorf

- hereinafter referred to as "Seller" -

and

Alpenblick Industrie AG, Maximilianstraße 5, 80539 München

- hereinafter referred to as "Purchaser" -

## § 3 Purchase Price

(1) The purchase price for the Shares amounts to EUR 120.000.000,00 (in words: one hundred and twenty million euros) (the "Purchase Price").

{body}
"""

FOURTEENTH_CHECKS_RED = [
    Variant("DE SPA cap EUR 2.400.000,00 (2%)", SPA_DE, "## § 9 Limitation of Liability\n\n(1) The Seller is liable only for claims exceeding EUR 50.000,00 in the individual case.\n\n(2) The total liability of the Seller for all claims under this Agreement is limited to EUR 2.400.000,00.\n", "sha_spa", "Purchaser", "liability_cap", "RED", "9(2)"),
    Variant("CoC vendor terminates by notice to the other party", SERVICES_EN, "## 14. Termination\n\n14.3 The Vendor may terminate this Agreement by notice to the other party if the Client undergoes a change of control.\n", "generic", "Client", "change_of_control", "RED", "14.3"),
    Variant("US forum Delaware = provider's home", US_CA, "## 15. Governing Law\n\n15.1 Any action arising out of this Agreement shall be brought exclusively in the state or federal courts located in Wilmington, Delaware, and each party consents to the jurisdiction of those courts.\n", "generic", "Customer", "governing_forum", "RED", "15.1"),
    Variant("zh conf during term only", SERVICES_ZH_ITEMS, "## 第十二条 保密\n\n12.3 本条约定的保密义务仅在本合同有效期内有效。\n", "generic", "甲方", "confidentiality_term", "RED", "12.3"),
    Variant("EN conf during the Term only", SERVICES_EN, "## 9. Confidentiality\n\n9.3 Each party shall keep the other's Confidential Information confidential during the Term.\n", "generic", "Client", "confidentiality_term", "RED", "9.3"),
    Variant("conf terminate upon expiry or termination", SERVICES_EN, "## 9. Confidentiality\n\n9.5 The confidentiality obligations in this Clause 9 shall terminate upon expiry or termination of this Agreement.\n", "generic", "Client", "confidentiality_term", "RED", "9.5"),
    Variant("zh conf 即告终止", SERVICES_ZH_ITEMS, "## 第十二条 保密\n\n12.3 本合同终止后，双方的保密义务即告终止。\n", "generic", "甲方", "confidentiality_term", "RED", "12.3"),
    Variant("zh conf 保密期限为合同有效期", SERVICES_ZH_ITEMS, "## 第十二条 保密\n\n12.3 本条约定的保密期限为本合同有效期。\n", "generic", "甲方", "confidentiality_term", "RED", "12.3"),
    Variant("CoC acquired by a competitor", SERVICES_EN, "## 14. Termination\n\n14.4 If the Client is acquired by a competitor of the Vendor, the Vendor may terminate this Agreement with immediate effect.\n", "generic", "Client", "change_of_control", "RED", "14.4"),
    Variant("DE CoC shareholder structure", SERVICES_DE, "## § 9 Term and Termination\n\n(1) The contract runs for an indefinite period.\n\n(2) Either party may terminate it with three months' notice.\n\n(3) The Contractor is entitled to terminate the contract without notice if the shareholder structure of the Principal changes.\n", "generic", "Principal", "change_of_control", "RED", "9(3)"),
    Variant("forum supplier's sole option arbitration", SERVICES_EN, "## 20. Disputes\n\n20.2 Any dispute shall be decided by the courts of England, save that the Vendor may at its sole option refer any dispute to arbitration in London.\n", "generic", "Client", "governing_forum", "RED", "20.2"),
    Variant("zh SZ arbitration at 乙方's city", SERVICES_ZH_SZ, "## 第十五条 争议解决\n\n15.1 因本合同引起的任何争议，均应提交深圳国际仲裁院按照其仲裁规则进行仲裁。\n", "generic", "甲方", "governing_forum", "RED", "15.1"),
    Variant("繁體 SPA cap 百分之五", SPA_ZH_TRAD, "## 第十條 責任限制\n\n10.2 轉讓方就本協議項下全部索賠承擔的賠償責任總額不超過轉讓價款的百分之五。\n", "sha_spa", "受讓方", "liability_cap", "RED", "10.2"),
]

FOURTEENTH_CHECKS_MARKET = [
    Variant("DE SPA cap EUR 36.000.000,00 (30%)", SPA_DE, "## § 9 Limitation of Liability\n\n(1) The Seller is liable only for claims exceeding EUR 50.000,00 in the individual case.\n\n(2) The total liability of the Seller for all claims under this Agreement is limited to EUR 36.000.000,00.\n", "sha_spa", "Purchaser", "liability_cap", "not RED"),
    Variant("UK claims period of twelve (12) months (months are 30 days: 360 is a year)", SPA_EN_UK, "## 7. Limitations on Claims\n\n7.4 No Warranty Claim may be brought unless written notice of it is served on the Vendor no later than twelve (12) months after Completion.\n", "sha_spa", "Purchaser", "claims_period", "not RED"),
    Variant("CA non-compete of twelve (12) months", SPA_CA, "## ARTICLE 7 COVENANTS\n\n7.3 Non-Competition. The Vendor shall not, for a period of twelve (12) months following the Closing Date, carry on any business that competes with the Business.\n", "sha_spa", "Purchaser", "non_compete", "not RED"),
    Variant("conf term+3y thereafter", SERVICES_EN, "## 9. Confidentiality\n\n9.3 Each party shall keep the other's Confidential Information confidential during the Term and for a period of three (3) years thereafter.\n", "generic", "Client", "confidentiality_term", "not RED"),
    Variant("conf survives", SERVICES_EN, "## 9. Confidentiality\n\n9.3 The provisions of this Clause 9 shall survive the termination or expiry of this Agreement.\n", "generic", "Client", "confidentiality_term", "not RED"),
    Variant("conf return within 10 days after termination", SERVICES_EN, "## 9. Confidentiality\n\n9.4 Within ten (10) days after termination of this Agreement each party shall return or destroy the other's Confidential Information.\n", "generic", "Client", "confidentiality_term", "not RED"),
    Variant("conf notify 48h", SERVICES_EN, "## 9. Confidentiality\n\n9.4 The Vendor shall notify the Client within 48 hours of becoming aware of any unauthorised disclosure of Confidential Information.\n", "generic", "Client", "confidentiality_term", "not RED"),
    Variant("CoC supplier's change, we may terminate", SERVICES_EN, "## 14. Termination\n\n14.3 The Client may terminate this Agreement by notice if the Vendor undergoes a change of control.\n", "generic", "Client", "change_of_control", "not RED"),
    Variant("CoC notify", SERVICES_EN, "## 14. Termination\n\n14.3 The Vendor shall notify the Client promptly of any change of control of the Vendor.\n", "generic", "Client", "change_of_control", "not RED"),
    Variant("CoC deemed assignment either party", SERVICES_EN, "## 18. Assignment\n\n18.2 A change of control of either party shall be treated as an assignment requiring the consent of the other party, not to be unreasonably withheld.\n", "generic", "Client", "change_of_control", "not RED"),
    Variant("forum England each party", SERVICES_EN, "## 20. Law\n\n20.1 This Agreement is governed by English law and each party submits to the exclusive jurisdiction of the courts of England and Wales, save that the Vendor and the Client may each seek injunctive relief in any court.\n", "generic", "Client", "governing_forum", "not RED"),
    Variant("forum England, vendor named after", SERVICES_EN, "## 20. Law\n\n20.1 The parties submit to the exclusive jurisdiction of the courts of England and Wales in respect of any dispute between the Client and the Vendor.\n", "generic", "Client", "governing_forum", "not RED"),
    Variant("severability court", SERVICES_EN, "## 20. General\n\n20.4 If any court of competent jurisdiction finds any provision of this Agreement invalid, the other provisions remain in force.\n", "generic", "Client", "governing_forum", "not RED"),
    Variant("cancel an order", SERVICES_EN, "## 6. Orders\n\n6.2 The Vendor may cancel any Order at any time before it is accepted.\n", "generic", "Client", "termination_convenience", "not RED"),
    Variant("terminate at any time if fails to pay", SERVICES_EN, "## 14. Termination\n\n14.2 The Vendor may at any time terminate this Agreement by notice if the Client fails to pay any undisputed sum within thirty (30) days of its due date.\n", "generic", "Client", "termination_convenience", "not RED"),
    Variant("zh conf 3 yrs", SERVICES_ZH_ITEMS, "## 第十二条 保密\n\n12.3 本合同终止后三年内，双方仍应遵守本条约定的保密义务。\n", "generic", "甲方", "confidentiality_term", "not RED"),
    Variant("zh forum 甲方所在地", SERVICES_ZH_ITEMS, "## 第十五条 争议解决\n\n15.1 因本合同引起的争议，提交甲方所在地人民法院诉讼解决。\n", "generic", "甲方", "governing_forum", "not RED"),
    Variant("zh forum neutral CIETAC", SERVICES_ZH_ITEMS, "## 第十五条 争议解决\n\n15.1 因本合同引起的争议，提交中国国际经济贸易仲裁委员会按照其仲裁规则仲裁。\n", "generic", "甲方", "governing_forum", "not RED"),
    Variant("US forum New York neutral", US_CA, "## 15. Governing Law\n\n15.1 Any action arising out of this Agreement shall be brought exclusively in the state or federal courts located in New York County, New York, and each party consents to the jurisdiction of those courts.\n", "generic", "Customer", "governing_forum", "not RED"),
    Variant("US forum California = ours", US_CA, "## 15. Governing Law\n\n15.1 Any action arising out of this Agreement shall be brought exclusively in the state or federal courts located in San Francisco, California.\n", "generic", "Customer", "governing_forum", "not RED"),
    Variant("zh CoC mutual 任何一方", SERVICES_ZH_ITEMS, "## 第十条 合同的解除\n\n10.4 任何一方的实际控制人发生变更的，另一方有权解除本合同。\n", "generic", "甲方", "change_of_control", "not RED"),
    Variant("zh SH arbitration neutral to 乙方", SERVICES_ZH_SZ, "## 第十五条 争议解决\n\n15.1 因本合同引起的任何争议，均应提交上海国际仲裁中心仲裁。\n", "generic", "甲方", "governing_forum", "not RED"),
    Variant("繁體 SPA cap 百分之三十", SPA_ZH_TRAD, "## 第十條 責任限制\n\n10.2 轉讓方就本協議項下全部索賠承擔的賠償責任總額不超過轉讓價款的百分之三十。\n", "sha_spa", "受讓方", "liability_cap", "not RED"),
    Variant("conf cease to apply to public info", SERVICES_EN, "## 9. Confidentiality\n\n9.2 The obligations in this Clause 9 shall cease to apply to information that becomes public other than through a breach of this Agreement.\n", "generic", "Client", "confidentiality_term", "not RED"),
]


# Each report set in the order it was written; docs/quality.md gives each one's first-run figure.
REPORT_SETS = {"1": RED_VARIANTS, "2": SECOND_RED, "3": THIRD_RED, "4": FOURTH_RED, "5": FIFTH_RED, "6": SIXTH_RED,
               "7": SEVENTH_RED, "8": EIGHTH_RED, "9": NINTH_RED, "10": TENTH_RED, "11": ELEVENTH_RED,
               "12": TWELFTH_RED, "13": THIRTEENTH_RED, "14": FOURTEENTH_RED, "added positions": COVERAGE_RED,
               "14 checks": FOURTEENTH_CHECKS_RED}
MARKET_SETS = {"1": MARKET_VARIANTS, "2": SECOND_MARKET, "3": THIRD_MARKET, "13": THIRTEENTH_MARKET, "14": FOURTEENTH_MARKET, "14 checks": FOURTEENTH_CHECKS_MARKET}


def _each(sets: dict[str, list[Variant]]):
    return [pytest.param(v, id=f"set {name}: {v.name}") for name, variants in sets.items() for v in variants]


def assert_found_at_operative_clause(variant: Variant) -> None:
    results = _verdicts(variant)
    assert results, f"no position on {variant.topic} applied"
    flagged = [r for r in results if r.verdict in ("RED", "MISSING")]
    assert flagged, [(r.verdict, r.clause_id, r.message) for r in results]
    assert any(r.clause_id == variant.clause for r in flagged), [(r.clause_id, r.evidence) for r in flagged]
    located = next(r for r in flagged if r.clause_id == variant.clause)
    if "set by the definition in" in located.message:  # a defined figure decides: the quote is its definition
        assert located.evidence and located.evidence in variant.template, "the quote is the definition, verbatim"
    else:
        assert located.evidence and located.evidence in variant.body, "the quote is the operative sentence, verbatim"


def assert_not_escalated(variant: Variant) -> None:
    results = _verdicts(variant)  # no finding at all is fine too: nothing is escalated
    assert all(r.verdict not in ("RED", "MISSING") for r in results), [(r.verdict, r.clause_id, r.message) for r in results]


@pytest.mark.parametrize("variant", _each(REPORT_SETS))
def test_redrafted_issue_is_found_at_its_operative_clause(variant):
    assert_found_at_operative_clause(variant)


@pytest.mark.parametrize("variant", _each(MARKET_SETS))
def test_market_drafting_is_not_escalated(variant):
    assert_not_escalated(variant)
