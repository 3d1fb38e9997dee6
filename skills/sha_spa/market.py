"""Market ranges for the limitation regime of a share purchase, with where they come from.

The pack's criteria file (skills/packs/data/sha_spa/criteria.yaml, schema in skills/packs/criteria.py) and a
review's playbook are where a firm sets its own figures: `market_ranges()` takes a bound from any criterion
listed in CRITERIA_BOUNDS and falls back to the defaults below.

The defaults are private-M&A norms as reported in the public deal-point studies (figures rounded; they
move year to year and between markets):
- CMS European M&A Study (annual): liability caps below 50% of the price in most deals and 10-25% common
  with W&I insurance; de minimis around 0.1% of the price; baskets (thresholds) around 0.5-1% of the price;
  general warranty claims periods of 12-24 months; tax claims aligned with limitation periods (often 4-7 years).
- ABA Private Target M&A Deal Points Study (US): caps most often about 10% of the purchase price; baskets
  around 0.5-1% of the price, deductible more often than tipping; survival of general reps 12-18 months.
- UK practice (English-law SPAs): a tax covenant or tax deed alongside the tax warranties is standard;
  fundamental warranties (title, capacity) are capped at 100% of the consideration.
- MAUD (LegalBench, public-target mergers): the bring-down of fundamental representations is usually
  "true and correct in all respects" at closing as if made then, which is why a buyer expects the
  warranties to be repeated at completion.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Range:
    """A market range [low, high] in `unit`, with the reason a reviewer would cite."""

    id: str
    low: float
    high: float
    unit: str  # "% of consideration" | "months" | "years"
    source: str

    def describe(self) -> str:
        return f"market {self.low:g}-{self.high:g} {self.unit}: {self.source}"


DEFAULTS: dict[str, Range] = {
    "cap_pct": Range("cap_pct", 10, 100, "% of consideration",
                     "CMS European M&A Study; ABA Private Target Deal Points Study: caps rarely below 10% without W&I insurance"),
    "de_minimis_pct": Range("de_minimis_pct", 0.05, 0.1, "% of consideration",
                            "CMS European M&A Study: per-claim de minimis around 0.1% of the price"),
    "basket_pct": Range("basket_pct", 0.5, 1.0, "% of consideration",
                        "ABA Private Target Deal Points Study; CMS European M&A Study: basket about 0.5-1% of the price"),
    "claims_period_months": Range("claims_period_months", 12, 24, "months",
                                  "CMS European M&A Study: general warranty claims periods of 12-24 months (a full audit cycle)"),
    "tax_claims_period_years": Range("tax_claims_period_years", 4, 7, "years",
                                     "UK practice: tax claims run with the tax authorities' assessment periods (4-7 years)"),
    "specific_indemnity_cap_pct": Range("specific_indemnity_cap_pct", 100, 100, "% of consideration",
                                        "UK practice: indemnities for known issues are capped at the consideration"),
    "specific_indemnity_period_years": Range("specific_indemnity_period_years", 3, 7, "years",
                                             "UK practice: specific indemnities run for 3-7 years depending on the risk"),
    "drag_threshold_pct": Range("drag_threshold_pct", 50, 75, "% of shares",
                                "Venture and private-equity SHAs: drag-along at a majority to 75% of the shares, usually with investor consent"),
}

# Pack criteria (skills/packs/criteria.py) that set one bound of one of our ranges: criterion id -> range id.
CRITERIA_BOUNDS = {
    "warranty_cap_level": "cap_pct",
    "claims_period_length": "claims_period_months",
    "threshold_level": "basket_pct",
    "drag_along_threshold": "drag_threshold_pct",
}
_MONTHS = {"months": 1.0, "years": 12.0, "weeks": 12 / 52, "days": 12 / 365, "calendar_days": 12 / 365}


def market_ranges(snapshot: dict[str, Any] | None = None) -> dict[str, Range]:
    """The defaults, with bounds taken from the sha_spa pack's criteria and a review playbook where they set them.

    A criterion's `>=` limit sets the low end of its range and a `<=` limit the high end; periods are
    converted to the range's unit.
    """
    ranges = dict(DEFAULTS)
    for criterion in _criteria(snapshot or {}):
        key = CRITERIA_BOUNDS.get(criterion.id)
        if key is None:
            continue
        for limit in criterion.limits:
            value = limit.value * _MONTHS.get(limit.unit, 1.0) if limit.measure == "period" else limit.value
            bound = "low" if limit.op in (">=", ">") else "high"
            current = ranges[key]
            source = f"{criterion.rationale.strip() or criterion.title} (criterion {criterion.id})"
            ranges[key] = replace(current, source=source, **{bound: value})
    return ranges


def _criteria(snapshot: dict[str, Any]) -> list[Any]:
    try:
        from ..packs.criteria import criteria_from_data, pack_criteria
    except ImportError:  # the criteria schema is optional: the defaults stand on their own
        return []
    criteria = pack_criteria("sha_spa")
    playbook = snapshot.get("playbook")
    if playbook:
        mine = criteria_from_data(playbook, source="playbook")
        criteria = mine.merged_over(criteria) if mine.extends_pack else mine
    return list(criteria.criteria)
