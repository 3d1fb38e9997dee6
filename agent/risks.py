"""Risks: parsing the model's final answer, normalising every risk to one shape (SPEC-20 §5.2), and checking
that each quote appears verbatim in the contract.

A risk is a dict: {id, clause_id, risk_level high|medium|low, risk_type, description, reason, analysis,
location {original_text} | None, quote_verified true|false|None, source (model | tool id)}, and for a review
position's verdict, position_source: whose position it is (playbook: the user's playbook, pack: the domain pack).
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any, Iterable

_LEVELS = {
    "high": "high", "critical": "high", "severe": "high", "major": "high", "高": "high", "重大": "high", "严重": "high",
    "medium": "medium", "moderate": "medium", "material": "medium", "中": "medium", "中等": "medium",
    "low": "low", "minor": "low", "info": "low", "none": "low", "低": "low", "轻微": "low",
}
_ARRAY = re.compile(r"\[.*\]", re.S)
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)
_SPACE = re.compile(r"\s+")
_LETTERS = re.compile(r"[^\W\d_]+")
_PLACEHOLDERS = {"n/a", "none", "null", "tbd", "todo", "string", "text", "description", "reason", "...", "无"}
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "})


def level_of(value: Any) -> str | None:
    """high, medium or low as the model wrote it (any of the words above); None when it named no level."""
    text = str(value or "").strip().lower()
    if text in _LEVELS:
        return _LEVELS[text]
    for key, level in _LEVELS.items():
        if key and key in text:
            return level
    return None


def normalize_risk_level(value: Any) -> str:
    return level_of(value) or "medium"


def _in_words(value: Any) -> bool:
    """Text a reader can use: a string with at least three letters (CJK characters count), not a placeholder."""
    if not isinstance(value, str):
        return False
    letters = _LETTERS.findall(value)
    return sum(len(w) for w in letters) >= 3 and value.strip().lower() not in _PLACEHOLDERS


def risk_problems(risks: list[Any]) -> list[str]:
    """Why a final answer cannot be taken as risks ([] when it can): every risk needs a level, and a description
    and a reason in words. A small model's tool-call-shaped array ({name, arguments}) fails here, so it never
    becomes a risk with an empty description."""
    problems = []
    for index, risk in enumerate(risks):
        if not isinstance(risk, dict):
            problems.append(f"item {index + 1} is not a JSON object")
            continue
        missing = [key for key, ok in (("risk_level", level_of(risk.get("risk_level") or risk.get("severity")) is not None),
                                       ("description", _in_words(risk.get("description"))),
                                       ("reason", _in_words(risk.get("reason")))) if not ok]
        if missing:
            shape = " (it looks like a tool call, not a risk)" if "name" in risk and "arguments" in risk else ""
            problems.append(f"item {index + 1} lacks {', '.join(missing)}{shape}")
    return problems


def parse_risk_list(text: str | None) -> list[dict[str, Any]] | None:
    """The risks in a final answer: a JSON array (bare, fenced, inside prose, or under "risks"); None if unreadable."""
    if text is None:
        return None
    text = text.strip()
    if not text:
        return []
    candidates = [text] + [m.strip() for m in _FENCE.findall(text)] + [m.group(0) for m in [_ARRAY.search(text)] if m]
    for candidate in candidates:
        try:
            value = json.loads(candidate)
        except (json.JSONDecodeError, TypeError):
            continue
        if isinstance(value, dict):
            value = value.get("risks", [value] if "risk_level" in value else None)
        if isinstance(value, list):
            return [item for item in value if isinstance(item, dict)]
    return None


def normalize_risk(raw: dict[str, Any], *, clause_id: str, source: str = "model", language: str = "en") -> dict[str, Any]:
    original = raw.get("original_text") or raw.get("evidence") or raw.get("quote") or ""
    if isinstance(original, list):
        original = " ".join(str(x) for x in original)
    default_type = "未分类风险" if (language or "").startswith("zh") else "unclassified"
    return {
        "id": uuid.uuid4().hex[:12],
        "clause_id": str(raw.get("clause_id") or clause_id),
        "risk_level": normalize_risk_level(raw.get("risk_level") or raw.get("severity")),
        "risk_type": str(raw.get("risk_type") or raw.get("kind") or default_type),
        "description": str(raw.get("description") or raw.get("message") or ""),
        "reason": str(raw.get("reason") or ""),
        "analysis": str(raw.get("analysis") or ""),
        "location": {"original_text": str(original)} if original else None,
        "quote_verified": None,
        "source": source,
        **{key: raw[key] for key in ("verdict", "topic", "proposed_wording", "position_source", "expected_in") if raw.get(key)},
        **({"redline": [e for e in raw["redline"] if isinstance(e, dict)]} if isinstance(raw.get("redline"), list) else {}),
    }


def _loose(text: str) -> str:
    return _SPACE.sub(" ", text.translate(_QUOTES)).strip()


def verify_quotes(risks: Iterable[dict[str, Any]], texts: list[str]) -> None:
    """Mark each risk's quote: True when it is in the contract (exactly, or up to whitespace and curly quotes),
    False when it is not (the report flags it), None when the risk has no quote."""
    loose_texts = None
    for risk in risks:
        quote = (risk.get("location") or {}).get("original_text", "")
        if not quote:
            risk["quote_verified"] = None
            continue
        if any(quote in text for text in texts):
            risk["quote_verified"] = True
            continue
        if loose_texts is None:
            loose_texts = [_loose(t) for t in texts]
        risk["quote_verified"] = any(_loose(quote) in t for t in loose_texts)


def risk_key(risk: dict[str, Any]) -> tuple[str, str, str]:
    quote = (risk.get("location") or {}).get("original_text", "")
    return (risk.get("clause_id", ""), risk.get("risk_type", ""), _loose(quote) or risk.get("description", ""))
