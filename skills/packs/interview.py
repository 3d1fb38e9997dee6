"""The playbook interview: which positions a lawyer is asked about for a contract type and a side, and the
playbook their answers make.

    topics = interview_topics("services", "payer")        # the positions that apply, each with its questions
    data = playbook_from_answers(topics, answers)          # {position_id: {parameter: value, must_have: bool}}
    text = playbook_text(topics, data, "services", "payer")   # commented YAML: ids, figures, priorities, words

The questions are data (each pack's questions.yaml, `ask`); the defaults are the pack's figures. The playbook
holds no regular expression: each entry changes the pack's position of its id (skills/positions/schema.py,
PositionUpdate). The terminal (`paralaw playbook init`), an answers file and the MCP prompt build_playbook all
go through here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..positions.packs import pack_positions, pack_words, worded
from ..positions.schema import Position

TYPES = ("services", "supply", "distribution", "licence", "lease", "nda", "spa", "sha", "construction")
_DOMAIN = {"spa": "sha_spa", "sha": "sha_spa", "construction": "fidic"}
_KIND = {"services": "services", "nda": "nda", "spa": "share_purchase", "sha": "shareholders", "construction": "construction"}
_OPENING = {"services": "services agreement", "supply": "supply agreement", "distribution": "distribution agreement",
            "licence": "software licence agreement", "lease": "lease agreement", "nda": "mutual non-disclosure agreement",
            "spa": "share purchase agreement", "sha": "shareholders' agreement",
            "construction": "conditions of contract for construction works"}
SIDE_WORDS = {"payer": "the side that pays (customer, buyer, licensee, distributor, investor)",
              "provider": "the side that is paid (supplier, seller, licensor, contractor)",
              "recipient": "the side that receives confidential information",
              "discloser": "the side that discloses confidential information"}
PRIORITIES = ("must_have", "should_have", "nice_to_have")


class AnswersError(ValueError):
    """Answers the interview cannot take: an unknown position or parameter, or a value of the wrong kind."""


@dataclass
class Question:
    parameter: str
    ask: str
    default: float | int | str


@dataclass
class Topic:
    """One position of the interview: its figures' questions (none for a position without parameters)."""

    position: Position
    questions: list[Question] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.position.id


def domain_of(contract_type: str) -> str:
    return _DOMAIN.get(contract_type, "generic")


def interview_topics(contract_type: str, side: str) -> list[Topic]:
    """The positions that apply to a contract of this type when acting for this side, in the pack's order."""
    from ..positions.engine import applies

    if contract_type not in TYPES:
        raise AnswersError(f"unknown contract type '{contract_type}'; choose one of {', '.join(TYPES)}")
    domain = domain_of(contract_type)
    asks = pack_words()
    topics = []
    for position in pack_positions(domain).positions:
        if not applies(position, domain=domain, ours=set(), language="en", opening=_OPENING[contract_type],
                       kind=_KIND.get(contract_type, ""), ctype=contract_type, side=side):
            continue
        ask = (asks.get(position.id) or {}).get("ask") or {}
        topics.append(Topic(position, [Question(name, ask.get(name, name.replace("_", " ")), value)
                                       for name, value in position.parameters.items()]))
    return topics


def answer_value(topic: Topic, name: str, value: Any) -> float | int | str:
    default = topic.position.parameters[name]
    if isinstance(default, str):
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise AnswersError(f"{topic.id}.{name}: give words (got {value!r})")
        return str(value).strip()
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise AnswersError(f"{topic.id}.{name}: give a number (got {value!r})") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise AnswersError(f"{topic.id}.{name}: give a number of zero or more (got {value!r})")
    return int(value) if float(value).is_integer() else float(value)


def playbook_from_answers(topics: list[Topic], answers: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """Every topic's figures and must-have flag: the pack's, with the answers over them. AnswersError names an
    answer for a position the interview does not ask about, an unknown parameter or a value of the wrong kind."""
    answers = answers or {}
    if not isinstance(answers, dict):
        raise AnswersError(f"answers are a mapping of position id to {{parameter: value, must_have: true|false}} (got {type(answers).__name__})")
    by_id = {t.id: t for t in topics}
    unknown = [k for k in answers if k not in by_id]
    if unknown:
        import difflib

        close = difflib.get_close_matches(str(unknown[0]), sorted(by_id), n=1)
        raise AnswersError(f"answers name '{unknown[0]}', which is not asked for this contract type and side"
                           + (f" (did you mean '{close[0]}'?)" if close else f"; asked: {', '.join(by_id)}"))
    chosen = {}
    for topic in topics:
        given = answers.get(topic.id) or {}
        if not isinstance(given, dict):
            raise AnswersError(f"{topic.id}: give a mapping of parameter to value (got {given!r})")
        extra = [k for k in given if k != "must_have" and k not in topic.position.parameters]
        if extra:
            known = ", ".join(["must_have", *topic.position.parameters])
            raise AnswersError(f"{topic.id}: no parameter '{extra[0]}' (its answers: {known})")
        must = given.get("must_have", topic.position.priority == "must_have")
        if not isinstance(must, bool):
            raise AnswersError(f"{topic.id}.must_have: give true or false (got {must!r})")
        chosen[topic.id] = {**{q.parameter: answer_value(topic, q.parameter, given.get(q.parameter, q.default)) for q in topic.questions},
                            "must_have": must}
    return chosen


def _priority(topic: Topic, must_have: bool) -> str:
    pack = topic.position.priority
    if must_have:
        return "must_have"
    return "should_have" if pack == "must_have" else pack


def _scalar(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else (f"{value:g}" if isinstance(value, float) else str(value))


def playbook_text(topics: list[Topic], chosen: dict[str, dict[str, Any]], contract_type: str, side: str) -> str:
    """The playbook as commented YAML: for each position with figures, or whose priority the lawyer changed, its
    id, priority and parameters, each figure under its question; the other positions are left to the pack."""
    lines = [f"# Playbook for {contract_type} contracts, acting for {SIDE_WORDS.get(side, side)}.",
             "# Written by `paralaw playbook init`. Each entry changes the domain pack's position of its id: its figures",
             "# (parameters) and whether it is a must-have (priority: must_have, should_have or nice_to_have). The rules",
             "# that read the contract stay the pack's; positions not named here are the pack's as they are.",
             "#   paralaw playbook check FILE     checks the file, naming the line of each mistake",
             "#   paralaw playbook explain FILE   says each position back as a sentence to confirm",
             "#   paralaw review CONTRACT --playbook FILE",
             f"name: {_scalar(f'{contract_type.capitalize()} playbook ({side})')}",
             f"description: {_scalar(f'Our positions on {contract_type} contracts when we are {SIDE_WORDS.get(side, side)}.')}",
             "extends_pack: true",
             "positions:"]
    left = []
    for topic in topics:
        answer = chosen[topic.id]
        priority = _priority(topic, answer["must_have"])
        if not topic.questions and priority == topic.position.priority:
            left.append(f"{topic.id}: {topic.position.title}")
            continue
        figures = {q.parameter: answer[q.parameter] for q in topic.questions}
        title = worded(topic.position.model_copy(update={"parameters": figures})).title if figures != topic.position.parameters else topic.position.title
        lines += [f"  # {title}", f"  - id: {topic.id}", f"    priority: {priority}"]
        if topic.questions:
            lines.append("    parameters:")
            for question in topic.questions:
                lines += [f"      # {question.ask} (the pack's: {_scalar(question.default) if question.default != '' else 'none'})",
                          f"      {question.parameter}: {_scalar(figures[question.parameter])}"]
    if len(lines) and lines[-1] == "positions:":
        lines[-1] = "positions: []"
    if left:
        lines += ["", "# Left to the pack as they are (no figures to set, priority unchanged):"]
        lines += [f"#   {pid}" for pid in left]
    return "\n".join(lines) + "\n"


def must_haves(topics: list[Topic]) -> list[str]:
    return [t.id for t in topics if t.position.priority == "must_have"]


__all__ = ["AnswersError", "PRIORITIES", "answer_value", "Question", "SIDE_WORDS", "TYPES", "Topic", "domain_of", "interview_topics", "must_haves",
           "playbook_from_answers", "playbook_text"]
