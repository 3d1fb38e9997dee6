"""classify_clauses: a whole contract sorted into CUAD's 41 clause categories by the clause-type model.

For each category the model finds with confidence: the clauses (best first, each with a clause_id every
tool accepts and its offsets), a verbatim quote (the clause's sentence the model rates highest for the
category), and, where CUAD records one, the key value read from that quote (governing law, dates, renewal
term, notice period, warranty duration, liability cap, parties). Categories found in no clause are listed
apart, so "no Non-Compete clause" is an answer rather than a silence.

Read-only; the document's passages are classified once and cached with its search index (the same
probabilities find_clauses uses).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from threading import Lock

from pydantic import BaseModel, Field

from ..framework.base import ClauseInput, require_structure
from ..framework.schema import SkillRegistration
from ..framework.state import state_snapshot
from ..text.retrieval import ClauseIndex
from .model import categories, probabilities
from .search import passage_probabilities
from .denials import only_denies
from .values import key_value

_SENTENCE = re.compile(r"[^.;\n]+(?:[.;](?=\s|$))?")
QUOTE_CHARS = 400


class ClassifyClausesInput(ClauseInput):
    clause_id: str = Field("", description="Not needed: the whole document is classified.")
    threshold: float = Field(0.5, ge=0.05, le=0.99, description="Least model probability for a clause to count for a category.")
    max_clauses: int = Field(3, ge=1, le=20, description="Most clauses listed per category, best first.")
    only: list[str] = Field(default_factory=list, description="Only these categories (CUAD names, e.g. 'Governing Law'); default all 41.")


class ClassifiedClause(BaseModel):
    clause_id: str = Field(description="Clause id every tool accepts ('preamble' and 'text@START-END' for unnumbered text).")
    title: str
    probability: float
    quote: str = Field(description="Verbatim sentence of the clause the model rates highest for the category.")
    start: int
    end: int


class CategoryResult(BaseModel):
    category: str
    clauses: list[ClassifiedClause]
    value: str = Field("", description="CUAD's key value as written in the best quote (a law, date, period or amount); '' when none applies.")


class ClassifyClausesOutput(BaseModel):
    document_id: str
    categories: list[CategoryResult] = Field(description="Categories found, in CUAD's order.")
    not_found: list[str] = Field(description="Categories no clause reached the threshold for.")
    passages: int = Field(description="How many passages were classified.")
    summary: str


def _best_sentence(text: str, start: int, end: int, column: int) -> tuple[str, int, int]:
    """The passage's sentence with the highest probability for the category (one batched model call)."""
    sentences = [(m.start(), m.end()) for m in _SENTENCE.finditer(text, start, end) if len(m.group(0).strip()) > 20]
    if not sentences:
        return text[start:end].strip()[:QUOTE_CHARS], start, end
    scores = probabilities([text[s:e] for s, e in sentences])[:, column]
    s, e = sentences[int(scores.argmax())]
    piece = text[s:e]
    lead = len(piece) - len(piece.lstrip())
    quote = piece.strip()
    return quote[:QUOTE_CHARS], s + lead, s + lead + len(quote[:QUOTE_CHARS])


def _best_passages(probs, column: int, n: int) -> list[int]:
    return [int(i) for i in probs[:, column].argsort()[::-1][:n]]


# the answer per document index and question: a host asks again for each clause of one review, and the answer is
# the whole document's; the index is kept with it, so its id is never another document's
_ANSWERS: OrderedDict[tuple, tuple[ClauseIndex, "ClassifyClausesOutput"]] = OrderedDict()
_ANSWERS_SIZE = 16
_ANSWERS_LOCK = Lock()


def classify_clauses(data: ClassifyClausesInput) -> ClassifyClausesOutput:
    structure = require_structure(data.document_structure)
    names = categories()
    unknown = [c for c in data.only if c not in names]
    if unknown:
        from ..errors import SkillFailure

        raise SkillFailure(f"unknown categories {unknown}; the model knows: {', '.join(names)}", code="INVALID_ARGUMENT",
                           details={"unknown": unknown})
    index = ClauseIndex.for_document(structure)
    key = (id(index), structure.document_id, tuple(data.only), data.threshold, data.max_clauses)
    with _ANSWERS_LOCK:
        kept = _ANSWERS.get(key)
        if kept is not None and kept[0] is index:
            _ANSWERS.move_to_end(key)
            return kept[1].model_copy(deep=True)
    answer = _classify(structure, index, names, data)
    with _ANSWERS_LOCK:
        _ANSWERS[key] = (index, answer)
        while len(_ANSWERS) > _ANSWERS_SIZE:
            _ANSWERS.popitem(last=False)
    return answer.model_copy(deep=True)


def _classify(structure, index: ClauseIndex, names: list[str], data: ClassifyClausesInput) -> ClassifyClausesOutput:
    probs = passage_probabilities(index) if len(index) else None
    found: list[CategoryResult] = []
    missing: list[str] = []
    for column, category in enumerate(names):
        if data.only and category not in data.only:
            continue
        clauses: list[ClassifiedClause] = []
        if probs is not None:
            seen: set[str] = set()
            for i in sorted(range(len(index)), key=lambda i: -probs[i, column]):
                if probs[i, column] < data.threshold or len(clauses) == data.max_clauses:
                    break
                address = index.address(i)
                if address in seen:
                    continue
                seen.add(address)
                passage = index.passages[i]
                if only_denies(category, structure.text[passage.start:passage.end]):
                    continue  # "there are no third-party beneficiaries": the category's answer is no
                quote, start, end = _best_sentence(structure.text, passage.start, passage.end, column)
                clauses.append(ClassifiedClause(clause_id=address, title=passage.title, probability=round(float(probs[i, column]), 4),
                                                quote=quote, start=start, end=end))
        if clauses:
            # the best quote first, then the whole best passage: a date or a law may sit one sentence away
            # (the parties are named across a whole paragraph: there the passage comes first)
            passage = [structure.text[index.passages[i].start:index.passages[i].end] for i in _best_passages(probs, column, 1)]
            quotes = [c.quote for c in clauses]
            texts = passage + quotes if category == "Parties" else quotes + passage
            value = next((v for v in map(lambda t: key_value(category, t), texts) if v), "")
            found.append(CategoryResult(category=category, clauses=clauses, value=value))
        else:
            missing.append(category)
    name = structure.filename or structure.document_id
    summary = (f"{name}: {len(found)} of {len(found) + len(missing)} CUAD categories found in {len(index)} passages"
               + (f"; e.g. {', '.join(r.category for r in found[:5])}." if found else "."))
    return ClassifyClausesOutput(document_id=structure.document_id, categories=found, not_found=missing,
                                 passages=len(index), summary=summary)


def prepare_input(clause_id: str, primary_structure, state: dict) -> ClassifyClausesInput:
    return ClassifyClausesInput(clause_id=clause_id or "", document_structure=primary_structure,
                                state_snapshot=state_snapshot(state))


registration = SkillRegistration(
    skill_id="classify_clauses",
    name="Classify a contract's clauses",
    description=(
        "Sort the whole contract into CUAD's 41 clause categories (governing law, term and renewal, "
        "assignment, non-compete, exclusivity, liability cap, audit, insurance, licences ...) with a model "
        "trained on 498 labelled contracts. For each category found: the clauses with ids and probabilities, "
        "a verbatim quote and, where CUAD has one, the key value (law, date, period, amount). Lists the "
        "categories found nowhere."
    ),
    input_schema=ClassifyClausesInput,
    output_schema=ClassifyClausesOutput,
    local_handler=classify_clauses,
    prepare_input_fn=prepare_input,
    category="analysis",
)
