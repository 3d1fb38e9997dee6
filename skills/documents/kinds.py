"""What kind of contract a document is, from its title and opening: enough to keep a comparison with a pack
baseline to contracts of the same kind (a shareholders' agreement is not compared line by line with a share
purchase agreement)."""

from __future__ import annotations

import re

# Most specific first: an "investment and shareholders' agreement" is a shareholders' agreement.
_KINDS: list[tuple[str, re.Pattern[str]]] = [
    ("shareholders", re.compile(r"shareholders?'?\s+agreement|stockholders?'?\s+agreement|joint venture|investors?'?\s+rights|"
                                r"members'?\s+agreement|operating agreement|股东协议|合资|合营|增资协议|投资协议", re.I)),
    ("share_purchase", re.compile(r"share (sale|purchase)|stock purchase|sale and purchase of (the )?shares|equity transfer|"
                                  r"股权转让|股份转让|股权收购", re.I)),
    ("nda", re.compile(r"non-?disclosure|confidentiality agreement|保密协议", re.I)),
    ("construction", re.compile(r"conditions of contract|construction|works contract|施工合同|工程合同", re.I)),
    ("services", re.compile(r"services? agreement|service contract|supply agreement|licen[cs]e agreement|saas|subscription agreement|"
                            r"服务合同|服务协议|采购合同|许可协议", re.I)),
]


def contract_kind(text: str) -> str:
    """'shareholders', 'share_purchase', 'nda', 'construction', 'services', or '' when the opening does not say."""
    opening = text[:1500]
    for kind, pattern in _KINDS:
        if pattern.search(opening):
            return kind
    return ""
