"""The reading layer's patterns (data/lexicon.yaml), checked against the vocabulary and compiled once."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from .model import ACTIONS, CONDITIONS

_FILE = Path(__file__).with_name("data") / "lexicon.yaml"
MODALITY_ORDER = ("not_liable", "deemed", "shall_not", "may", "shall")


def _compile(patterns: str | list[str]) -> re.Pattern[str]:
    if isinstance(patterns, str):
        patterns = [patterns]
    return re.compile("|".join(f"(?:{p})" for p in patterns), re.I)


CJK_CHAR = re.compile(r"[\u3400-\u9fff]")


def _branches(pattern: str) -> list[str]:
    """The top-level alternatives of a pattern ('a|b(?:c|d)|[|]' -> ['a', 'b(?:c|d)', '[|]'])."""
    out, depth, start, i, in_class = [], 0, 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]":  # '[]...]': a literal ']' first in the class
                i += 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    out.append(pattern[start:])
    return out


def _by_script(patterns: str | list[str]) -> tuple[re.Pattern[str] | None, re.Pattern[str] | None]:
    """The pattern's alternatives that can match text without Chinese (no Chinese character in them) and those a
    Chinese sentence can match (a Chinese character, or no letter at all), compiled apart: a sentence in one script is
    tried against its own. None where there are none."""
    if isinstance(patterns, str):
        patterns = [patterns]
    branches = [b for p in patterns for b in _branches(p)]

    def letters(branch: str) -> bool:  # a letter outside escapes and group syntax ('\\b', '(?<!')
        return re.search(r"[A-Za-z]", re.sub(r"\\.|\(\?[:=!<>]+", "", branch)) is not None

    # an alternative with both ('^(?!.*\\binterim ...|.*进度款)...') is tried on either; one with neither ('\\d+\\s*%') too
    latin = [b for b in branches if letters(b) or not CJK_CHAR.search(b)]
    cjk = [b for b in branches if CJK_CHAR.search(b) or not letters(b)]
    return (re.compile("|".join(f"(?:{b})" for b in latin), re.I) if latin else None,
            re.compile("|".join(f"(?:{b})" for b in cjk), re.I) if cjk else None)


@dataclass(frozen=True)
class Lexicon:
    modalities: dict[str, re.Pattern[str]]
    both: re.Pattern[str]
    third: re.Pattern[str]
    pronoun_we: re.Pattern[str]
    pronoun_you: re.Pattern[str]
    pronoun_person: re.Pattern[str]
    person_role: re.Pattern[str]
    actions: dict[str, re.Pattern[str]]
    titled_action: dict[str, re.Pattern[str]]
    fixed_modality: dict[str, str]
    decided_by: dict[str, re.Pattern[str]]
    clause_level: tuple[str, ...]
    # each condition's alternatives without and with Chinese characters, for a sentence in one script only
    actions_latin: dict[str, re.Pattern[str]]
    actions_cjk: dict[str, re.Pattern[str]]
    conditions_latin: dict[str, re.Pattern[str]]
    conditions_cjk: dict[str, re.Pattern[str]]
    defines_acceptance: re.Pattern[str]
    default_modality: dict[str, str]
    passive: re.Pattern[str]
    limb: re.Pattern[str]
    object_before: re.Pattern[str]
    by_agent: re.Pattern[str]
    attributive: re.Pattern[str]
    agent_marker: re.Pattern[str]
    holder_of: re.Pattern[str]
    carried: tuple[str, ...]
    own_figures: tuple[str, ...]
    required_of: re.Pattern[str]
    granted_to: re.Pattern[str]
    foregoing: re.Pattern[str]
    such_liability: re.Pattern[str]
    jointly: str
    actor_after: dict[str, re.Pattern[str]]
    conditions: dict[str, re.Pattern[str]]
    denied: dict[str, re.Pattern[str]]
    period_of: dict[str, re.Pattern[str]]
    rate_per: dict[str, re.Pattern[str]]
    fees_basis: re.Pattern[str]
    place: tuple[re.Pattern[str], ...]
    immediate: re.Pattern[str]
    net_days: re.Pattern[str]
    whole_fees: re.Pattern[str]
    fees_after: re.Pattern[str]
    deadline_before: re.Pattern[str]
    after_end_before: re.Pattern[str]
    term_before: re.Pattern[str]
    renewal_before: re.Pattern[str]
    nominal: re.Pattern[str]
    annual_fees: re.Pattern[str]
    role_definition: re.Pattern[str]
    collective: re.Pattern[str]
    waived_after: re.Pattern[str]
    waived_before: re.Pattern[str]
    waivable: frozenset[str]
    waiver_condition: re.Pattern[str]
    proposal: re.Pattern[str]
    refers_back: re.Pattern[str]
    definition_operative: re.Pattern[str]
    negated_deemed: re.Pattern[str]
    collective_single: re.Pattern[str]
    superseded_by: re.Pattern[str]
    contract_value: re.Pattern[str]
    of_held: re.Pattern[str]
    someone_else: re.Pattern[str]
    threshold_before: re.Pattern[str]
    window_before: re.Pattern[str]
    after_end_after: re.Pattern[str]
    disapplies: re.Pattern[str]
    not_carried: dict[str, re.Pattern[str]]
    required_becomes: dict[str, str]
    disapplicable: tuple[str, ...]
    about_someone_else: tuple[str, ...]
    contract_level: tuple[str, ...]
    purpose_of: dict[str, frozenset[str]]
    purpose_marker: re.Pattern[str]
    payer_before: re.Pattern[str]
    payer_after: re.Pattern[str]
    at_will_actions: frozenset[str]
    at_will_only: frozenset[str]
    at_will_conditional: re.Pattern[str]


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    data = yaml.safe_load(_FILE.read_text(encoding="utf-8"))
    named_actions = (set(data["actions"]) | set(data.get("titled_action") or {}) | set(data["disapplicable"])
                     | set((data.get("required_becomes") or {}).values()))
    unknown = (named_actions - set(ACTIONS)) | (set(data["conditions"]) - set(CONDITIONS))
    if unknown:
        raise ValueError(f"{_FILE.name} names what the vocabulary does not: {sorted(unknown)}")
    actors = data["actors"]
    return Lexicon(
        modalities={name: _compile(data["modalities"][name]) for name in MODALITY_ORDER},
        both=_compile(actors["both"]), third=_compile(actors["third"]),
        pronoun_we=re.compile(actors["pronoun_we"]), pronoun_you=re.compile(actors["pronoun_you"]),
        pronoun_person=re.compile(actors["pronoun_person"]), person_role=re.compile(actors["person_role"], re.I),
        actions={name: _compile(patterns) for name, patterns in data["actions"].items()},
        titled_action={name: _compile(p) for name, p in (data.get("titled_action") or {}).items()},
        fixed_modality=dict(data.get("fixed_modality") or {}),
        decided_by={name: _compile(p) for name, p in (data.get("decided_by") or {}).items()},
        clause_level=tuple(data.get("clause_level") or ()),
        defines_acceptance=_compile(data["defines_acceptance"]),
        default_modality=dict(data.get("default_modality") or {}),
        passive=_compile(data["passive"]),
        limb=_compile(data["limb"]), object_before=_compile(data["object_before"]), by_agent=_compile(data["by_agent"]), attributive=_compile(data["attributive"]), agent_marker=_compile(data["agent_marker"]), holder_of=_compile(data["holder_of"]), carried=tuple(data["carried"]), own_figures=tuple(data["own_figures"]),
        required_of=_compile(data["required_of"]), granted_to=_compile(data["granted_to"]), foregoing=_compile(data["foregoing"]), such_liability=_compile(data["such_liability"]), jointly=data["jointly"],
        actor_after={name: re.compile(p, re.I) for name, p in (data.get("actor_after") or {}).items()},
        conditions={name: _compile(pattern) for name, pattern in data["conditions"].items()},
        actions_latin={name: split[0] for name, split in ((n, _by_script(p)) for n, p in data["actions"].items()) if split[0]},
        actions_cjk={name: split[1] for name, split in ((n, _by_script(p)) for n, p in data["actions"].items()) if split[1]},
        conditions_latin={name: split[0] for name, split in ((n, _by_script(p)) for n, p in data["conditions"].items()) if split[0]},
        conditions_cjk={name: split[1] for name, split in ((n, _by_script(p)) for n, p in data["conditions"].items()) if split[1]},
        denied={name: _compile(pattern) for name, pattern in (data.get("denied") or {}).items()},
        period_of={name: _compile(p) for name, p in data["period_of"].items()},
        rate_per={name: _compile(p) for name, p in data["rate_per"].items()},
        fees_basis=_compile(data["fees_basis"]),
        place=tuple(re.compile(p) for p in data["place"]),
        immediate=_compile(data["immediate"]),
        net_days=re.compile(data["net_days"], re.I), whole_fees=_compile(data["whole_fees"]),
        fees_after=_compile(data["fees_after"]), deadline_before=_compile(data["deadline_before"]),
        after_end_before=_compile(data["after_end_before"]),
        term_before=_compile(data["term_before"]), renewal_before=_compile(data["renewal_before"]), nominal=_compile(data["nominal"]),
        annual_fees=_compile(data["annual_fees"]),
        role_definition=re.compile(data["role_definition"], re.I),
        collective=_compile(data["collective"]), waived_after=_compile(data["waived_after"]),
        waived_before=_compile(data["waived_before"]), waivable=frozenset(data.get("waivable") or ()),
        waiver_condition=_compile(data["waiver_condition"]), proposal=_compile(data["proposal"]),
        refers_back=_compile(data["refers_back"]), definition_operative=_compile(data["definition_operative"]),
        negated_deemed=_compile(data["negated_deemed"]), collective_single=_compile(data["collective_single"]),
        superseded_by=_compile(data["superseded_by"]),
        contract_value=_compile(data["contract_value"]),
        of_held=_compile(data["of_held"]),
        someone_else=_compile(data["someone_else"]),
        threshold_before=_compile(data["threshold_before"]), window_before=_compile(data["window_before"]),
        after_end_after=_compile(data["after_end_after"]),
        disapplies=_compile(data["disapplies"]), disapplicable=tuple(data["disapplicable"]),
        not_carried={name: _compile(p) for name, p in (data.get("not_carried") or {}).items()},
        required_becomes=dict(data.get("required_becomes") or {}),
        purpose_of={k: frozenset(v) for k, v in (data.get("purpose_of") or {}).items()},
        purpose_marker=_compile(data["purpose_marker"]),
        contract_level=tuple(data.get("contract_level") or ()),
        about_someone_else=tuple(data.get("about_someone_else") or ()), payer_before=_compile(data["payer_before"]), payer_after=_compile(data["payer_after"]),
        at_will_actions=frozenset(data["at_will"]["actions"]), at_will_only=frozenset(data["at_will"]["only"]),
        at_will_conditional=_compile(data["at_will"]["conditional"]),
    )


# where one case of a listed definition ends and the next begins: '...; or (vi) ...', '……；（三）……'
_CASE_BREAK = re.compile(r"(?<=[;；:：])\s*(?:(?:or|and)\s+)?(?=[\(（]?(?:[ivx]{1,5}|[a-z]|\d{1,2}|[一二三四五六七八九十]{1,3})[\)）]\s*)")


def cases_carrying(text: str, names, masked_text) -> list[str]:
    """The cases of a listed definition ('"Cause" means any of the following: (i) ...; (vi) any act the Board in its
    sole discretion determines ...') whose own words state one of the conditions `names`: what the term carries, and
    the words to change. [] when the text lists no cases, or none states one. `masked_text` is the masking the
    conditions are matched against."""
    cases = [case.strip() for case in _CASE_BREAK.split(text) if case.strip()]
    if len(cases) < 2:
        return []
    lex = lexicon()
    return [case for case in cases if any(lex.conditions[name].search(masked_text(case)) for name in names)]

