"""Review criteria: the schema a domain pack's criteria.yaml and a user's playbook share.

A criterion says what a reviewer expects of one kind of clause, from a party's side:

    - id: liability_cap_level
      title: Liability cap at least the annual fees
      topic: liability                        # the checklist item it belongs to
      clause_patterns: ['limitation of liability', 'aggregate liability']
      required_terms: []                      # regexes that must all appear
      forbidden_terms: ["{our_party}'s liability .{0,60}shall not be limited"]
      limits:
        - {label: "liability cap >= 100% of fees", measure: percent, op: ">=", value: 100, context: "liab|exceed"}
      severity: high
      rationale: A cap below a year's fees leaves the customer without a real remedy.

Patterns are case-insensitive regular expressions; `{our_party}` and `{counterparty}` stand for the
parties' names in the review. Files are YAML or JSON; a file that does not fit the schema is refused with
errors that name the line (from the YAML node marks; JSON is read the same way) and the key.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..errors import SkillFailure

Severity = Literal["high", "medium", "low"]
PERIOD_UNITS = ("days", "business_days", "working_days", "calendar_days", "weeks", "months", "years", "hours")
_DAYS_PER_UNIT = {"days": 1, "calendar_days": 1, "business_days": 7 / 5, "working_days": 7 / 5, "weeks": 7,
                  "months": 365 / 12, "years": 365, "hours": 1 / 24}
_OPS = {"<=": lambda a, b: a <= b, "<": lambda a, b: a < b, ">=": lambda a, b: a >= b,
        ">": lambda a, b: a > b, "==": lambda a, b: abs(a - b) < 1e-9}
PLACEHOLDERS = ("{our_party}", "{counterparty}")


class CriteriaError(SkillFailure):
    code = "INVALID_CRITERIA"


def _check_regex(pattern: str) -> str:
    probe = pattern
    for placeholder in PLACEHOLDERS:
        probe = probe.replace(placeholder, "Party")
    try:
        re.compile(probe)
    except re.error as exc:
        raise ValueError(f"not a valid regular expression ({exc}): {pattern!r}") from exc
    return pattern


def to_days(value: float, unit: str) -> float:
    """A period in calendar days (business days counted as 7/5 calendar days), for comparing limits."""
    return value * _DAYS_PER_UNIT.get(unit, 1)


class Limit(BaseModel):
    """A number the clause must respect: 'claim notice >= 28 days', 'retention <= 5%'."""

    model_config = ConfigDict(extra="forbid")

    label: str = Field(description="The limit in words, e.g. 'claim notice >= 28 days'.")
    measure: Literal["percent", "money", "period"]
    op: Literal["<=", "<", ">=", ">", "=="]
    value: float
    unit: str = Field("", description="For periods: days, business_days, months, years...; for money: an ISO currency.")
    context: str = Field("", description="Regex that must match near the number (80 characters before it, 25 after).")

    @field_validator("context")
    @classmethod
    def _context_regex(cls, value: str) -> str:
        return _check_regex(value)

    @model_validator(mode="after")
    def _unit_fits_measure(self) -> "Limit":
        if self.measure == "period" and self.unit not in PERIOD_UNITS:
            raise ValueError(f"a period limit needs unit one of {', '.join(PERIOD_UNITS)} (got {self.unit!r})")
        if self.measure == "money" and self.unit and not re.fullmatch(r"[A-Z]{3}", self.unit):
            raise ValueError(f"a money limit's unit is an ISO 4217 code such as USD (got {self.unit!r})")
        return self

    def holds(self, amount: float) -> bool:
        """True when `amount` (in this limit's unit) satisfies the limit."""
        return _OPS[self.op](amount, self.value)


class Criterion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[A-Za-z0-9_.-]+$")
    title: str
    topic: str = Field("", description="Checklist item the criterion belongs to, e.g. 'liability'.")
    clause_ids: list[str] = Field(default_factory=list, description="Clause numbers it always applies to.")
    clause_patterns: list[str] = Field(default_factory=list, description="Regexes; it applies to a clause whose title or text matches one.")
    required_terms: list[str] = Field(default_factory=list, description="Regexes that must all appear in the clause.")
    forbidden_terms: list[str] = Field(default_factory=list, description="Regexes that must not appear in the clause.")
    limits: list[Limit] = Field(default_factory=list)
    our_party_roles: list[str] = Field(default_factory=list, description="Applies only when we act for one of these roles; empty: any.")
    language: Literal["any", "en", "zh"] = "any"
    severity: Severity = "medium"
    rationale: str = ""

    @field_validator("clause_patterns", "required_terms", "forbidden_terms")
    @classmethod
    def _regexes(cls, values: list[str]) -> list[str]:
        return [_check_regex(v) for v in values]

    @model_validator(mode="after")
    def _is_usable(self) -> "Criterion":
        if not (self.clause_ids or self.clause_patterns):
            raise ValueError("give clause_ids or clause_patterns, or the criterion applies to nothing")
        if not (self.required_terms or self.forbidden_terms or self.limits):
            raise ValueError("give required_terms, forbidden_terms or limits, or the criterion checks nothing")
        return self

    def applies_to(self, clause_id: str, heading_and_text: str, *, language: str = "en", our_party: str = "") -> bool:
        """Whether this criterion concerns a clause (by number or by its words) in this review."""
        if self.language != "any" and language != self.language:
            return False
        if self.our_party_roles and our_party and our_party.lower() not in {r.lower() for r in self.our_party_roles}:
            return False
        if clause_id in self.clause_ids:
            return True
        return any(_found(_fill(p, our_party, ""), heading_and_text) for p in self.clause_patterns)


class CriteriaSet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = ""
    description: str = ""
    version: str = ""
    extends_pack: bool = Field(False, description="A playbook that extends the domain pack adds to its criteria; else it replaces them.")
    criteria: list[Criterion] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_ids(self) -> "CriteriaSet":
        seen: set[str] = set()
        for criterion in self.criteria:
            if criterion.id in seen:
                raise ValueError(f"criterion id '{criterion.id}' is used twice")
            seen.add(criterion.id)
        return self

    def merged_over(self, base: "CriteriaSet") -> "CriteriaSet":
        """This set's criteria on top of `base`: same id replaces, new ids are added."""
        mine = {c.id for c in self.criteria}
        kept = [c for c in base.criteria if c.id not in mine]
        return self.model_copy(update={"criteria": kept + list(self.criteria)})


@lru_cache(maxsize=2048)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


@lru_cache(maxsize=4096)
def _found(pattern: str, text: str) -> bool:
    """Whether the pattern occurs in the text (case-insensitive). Cached: several criteria share a clause
    pattern, and listing a clause's criteria and assessing it both test every pattern on the same text."""
    return _compiled(pattern).search(text) is not None


def _fill(pattern: str, our_party: str, counterparty: str) -> str:
    """A pattern with the parties' names in place of its placeholders ('' names match nothing useful)."""
    return (pattern.replace("{our_party}", re.escape(our_party) if our_party else "(?!x)x")
            .replace("{counterparty}", re.escape(counterparty) if counterparty else "(?!x)x"))


def fill_placeholders(pattern: str, our_party: str, counterparty: str) -> str:
    return _fill(pattern, our_party, counterparty)


def uses_placeholders(pattern: str) -> bool:
    return any(p in pattern for p in PLACEHOLDERS)


# --- reading files, with errors that name the line and the key -------------------------------------------


def _key_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _marks(text: str) -> dict[tuple[Any, ...], int]:
    """Line (1-based) of every key path in a YAML (or JSON) text, from the composed node tree."""
    try:
        root = yaml.compose(text)
    except yaml.YAMLError:
        return {}
    lines: dict[tuple[Any, ...], int] = {}

    def walk(node: yaml.Node, path: tuple[Any, ...]) -> None:
        lines[path] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                child = path + (key.value,)
                walk(value, child)
                lines[child] = key.start_mark.line + 1
        elif isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                walk(item, path + (index,))

    if root is not None:
        walk(root, ())
    return lines


def _line_for(loc: tuple[Any, ...], lines: dict[tuple[Any, ...], int]) -> int | None:
    for cut in range(len(loc), -1, -1):
        if loc[:cut] in lines:
            return lines[loc[:cut]]
    return None


PLAYBOOK_ONLY_KEYS = ("checklist", "positions")  # a playbook may carry its own checklist and review positions


def _validate(data: Any, source: str, lines: dict[tuple[Any, ...], int], wrapped: bool) -> CriteriaSet:
    payload = {"criteria": data} if wrapped else data
    if isinstance(payload, dict):
        payload = {k: v for k, v in payload.items() if k not in PLAYBOOK_ONLY_KEYS}
    if not isinstance(payload, dict):
        raise CriteriaError(f"{source}: expected a mapping with a 'criteria' list (or a list of criteria), got {type(data).__name__}",
                            details={"source": source})
    try:
        return CriteriaSet.model_validate(payload)
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            loc = tuple(err["loc"])
            file_loc = loc[1:] if wrapped and loc[:1] == ("criteria",) else loc
            line = _line_for(file_loc, lines) if lines else None
            problems.append({"key": _key_path(loc), "line": line, "problem": describe_problem(err)})
        text = "; ".join(f"{'line ' + str(p['line']) + ' ' if p['line'] else ''}{p['key']}: {p['problem']}" for p in problems[:3])
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise CriteriaError(f"{source}: invalid criteria: {text}{more}", details={"source": source, "problems": problems}) from exc


def _field_names() -> set[str]:
    return {name for model in (CriteriaSet, Criterion, Limit) for name in model.model_fields} | set(PLAYBOOK_ONLY_KEYS)


def describe_problem(err: dict[str, Any], known: set[str] | None = None) -> str:
    """A validation error's message with the value given, or for an unknown key the key it is likely a typo of."""
    message = err["msg"]
    if err["type"] == "extra_forbidden":
        import difflib

        close = difflib.get_close_matches(str(err["loc"][-1]), sorted(known or _field_names()), n=1, cutoff=0.6)
        return f"{message} (did you mean '{close[0]}'?)" if close else f"{message} (an unknown key)"
    if err["type"] == "missing" or "input" not in err or isinstance(err["input"], (dict, list)):
        return message
    value = repr(err["input"])
    return f"{message} (got {value[:60] + '...' if len(value) > 60 else value})"


def parse_criteria(text: str, source: str = "criteria", fmt: str | None = None) -> CriteriaSet:
    """Criteria from YAML or JSON text (format from `fmt`, else guessed from the first character)."""
    if not text.strip():
        raise CriteriaError(f"{source}: the criteria file is empty", details={"source": source})
    fmt = fmt or ("json" if text.lstrip()[:1] in "[{" else "yaml")
    try:
        data = json.loads(text) if fmt == "json" else yaml.safe_load(text)
    except json.JSONDecodeError as exc:
        raise CriteriaError(f"{source}: line {exc.lineno} column {exc.colno}: not valid JSON: {exc.msg}",
                            details={"source": source, "line": exc.lineno}) from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1} column {mark.column + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise CriteriaError(f"{source}: {where}not valid YAML: {problem}",
                            details={"source": source, "line": mark.line + 1 if mark else None}) from exc
    return _validate(data, source, _marks(text), wrapped=isinstance(data, list))


def load_criteria_file(path: str | Path) -> CriteriaSet:
    """A user's playbook from a .yaml/.yml/.json file, read through the file gate (no link followed, a regular
    file within the size limit, the read off no FIFO or device, no YAML alias bomb: documents/gate.py)."""
    from ..documents.gate import read_data_file
    from ..errors import DocumentError

    path = Path(path).expanduser()
    if path.suffix.lower() not in (".yaml", ".yml", ".json"):
        raise CriteriaError(f"{path.name}: a playbook must be a .yaml, .yml or .json file", code="INVALID_ARGUMENT",
                            details={"path": str(path)})
    try:
        text, fmt = read_data_file(path, code="INVALID_CRITERIA")
    except DocumentError as exc:
        code = exc.code if exc.code in ("FILE_NOT_FOUND", "FILE_TOO_LARGE", "NOT_A_FILE", "ACCESS_DENIED") else "INVALID_CRITERIA"
        raise CriteriaError(f"playbook {exc.message}" if exc.code == "FILE_NOT_FOUND" else exc.message, code=code,
                            details={"path": str(path), **exc.details}) from exc
    return parse_criteria(text, source=path.name, fmt=fmt)


def criteria_from_data(data: Any, source: str = "playbook") -> CriteriaSet:
    """Criteria already loaded into Python (a review's playbook): errors name the key."""
    if isinstance(data, CriteriaSet):
        return data
    return _validate(data, source, {}, wrapped=isinstance(data, list))


@lru_cache(maxsize=None)
def pack_criteria(domain: str) -> CriteriaSet:
    """The domain pack's criteria.yaml, validated (a broken pack file fails loudly, naming the line)."""
    from . import resolve_domain

    domain = resolve_domain(domain)
    path = resources.files(__package__).joinpath("data", domain, "criteria.yaml")
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    if not text.strip():
        return CriteriaSet(name=domain)
    return parse_criteria(text, source=f"{domain}/criteria.yaml", fmt="yaml")
