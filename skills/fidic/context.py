"""Which document of a FIDIC review is the GC, the PC and the ER.

The review state names roles (gc, pc, er). Users often load the GC and the PC both as 'primary' (the
review cases do), so a `kind` on the document or the look of its text decides next; a review of one
document (a Chinese construction contract, a PC-only upload) treats that document as the contract.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict

from ..documents.model import Clause, DocumentStructure
from ..documents.parser import parse_text
from ..errors import SkillFailure

_PC_HEAD = re.compile(r"Particular Conditions|Special (?:Conditions|Provisions)|Conditions of Particular Application|Contract Data|Appendix to Tender|专用(?:合同)?条款", re.I)
_GC_HEAD = re.compile(r"General Conditions|通用(?:合同)?条款", re.I)
_ER_HEAD = re.compile(r"Employer'?s Requirements|Specification|发包人要求|技术标准和要求", re.I)
_AMEND = re.compile(
    r"\b(?:Delete|Insert|Add|Replace|Substitute)\b[^\n]{0,80}\b(?:Sub-Clause|substitute|the following)\b"
    r"|\bis deleted\b|\bat the end of\b|修改为|替换为|末尾增加|删除第",
    re.I,
)


class FidicDocuments(BaseModel):
    """The documents a FIDIC skill works on; any may be missing."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    gc: DocumentStructure | None = None
    pc: DocumentStructure | None = None
    er: DocumentStructure | None = None
    contract: DocumentStructure | None = None  # the document to read when there is no GC/PC pair


def split_conditions(structure: DocumentStructure) -> tuple[DocumentStructure, DocumentStructure] | None:
    """A contract whose General Conditions are followed, in the same file, by a part of Particular Conditions
    ("PART C – PARTICULAR CONDITIONS", "第三部分 专用合同条款"; the parser opens it as a part of its own): the
    GC (everything before that part) and the PC (the part to the end, with its Contract Data), each parsed as
    the separate document it would otherwise be. None when the file holds no such part after a body."""
    part = conditions_part(structure)
    return None if part is None else _split(structure.text, part.start, structure.filename)


def conditions_part(structure: DocumentStructure) -> Clause | None:
    """The part of Particular Conditions after a body of General Conditions in the same file, if there is one."""
    part = next((c for c in structure.clauses if c.children and c.start > 0 and "/" in c.children[0].clause_id
                 and _PC_HEAD.search(f"{c.label} {c.title}")), None)
    if part is None or not any(c.end <= part.start and c.children for c in structure.clauses):
        return None
    return part


@lru_cache(maxsize=8)
def _split(text: str, at: int, filename: str) -> tuple[DocumentStructure, DocumentStructure]:
    return (parse_text(text[:at], filename=f"{filename} (General Conditions)"),
            parse_text(text[at:], filename=f"{filename} (Particular Conditions)"))


def looks_like_pc(structure: DocumentStructure) -> bool:
    head = structure.text[:3000]
    return bool(_PC_HEAD.search(head)) and len(_AMEND.findall(structure.text)) >= 2


def looks_like_gc(structure: DocumentStructure) -> bool:
    return bool(_GC_HEAD.search(structure.text[:1500])) and not looks_like_pc(structure)


_ER_NAME = re.compile(r"(?:^|[_\-. ])er(?:[_\-. ]|$)|employers?_?requirements|发包人要求", re.I)


def looks_like_er(structure: DocumentStructure) -> bool:
    """An ER by its heading, or (as SPEC-19 §6.5 finds it) by a file name such as 'project_ER.docx'."""
    named = bool(_ER_NAME.search(structure.filename or ""))
    return (named or bool(_ER_HEAD.search(structure.text[:600]))) and not looks_like_pc(structure)


def as_structure(value: Any, what: str) -> DocumentStructure | None:
    """Accept a structure or its dict form; anything else is a clear error, not a crash."""
    if value is None or isinstance(value, DocumentStructure):
        return value
    if isinstance(value, dict):
        return DocumentStructure.model_validate(value)
    raise SkillFailure(f"{what} must be a parsed document", code="INVALID_ARGUMENT")


def resolve_documents(state: dict[str, Any], primary: DocumentStructure | None) -> FidicDocuments:
    docs = [d for d in state.get("documents", []) if d.get("structure") is not None]

    def by(role: str) -> DocumentStructure | None:
        for d in docs:
            if d.get("role") == role:
                return d["structure"]
        for d in docs:
            if str(d.get("kind", "")).lower() == role:
                return d["structure"]
        return None

    gc, pc, er = by("gc"), by("pc"), by("er")
    candidates = [d["structure"] for d in docs if d.get("role") in ("primary", "reference")]
    if primary is not None and all(primary is not c for c in candidates):
        candidates.insert(0, primary)
    if gc is None and pc is None:
        for candidate in candidates:
            if (pair := split_conditions(candidate)) is not None:  # one file holding both: read as the pair it is
                gc, pc = pair
                candidates = [c for c in candidates if c is not candidate]
                break
    if pc is None:
        pc = next((c for c in candidates if c is not gc and looks_like_pc(c)), None)
    if gc is None:
        gc = next((c for c in candidates if c is not pc and looks_like_gc(c)), None)
    if er is None:
        er = next((c for c in candidates if c is not gc and c is not pc and looks_like_er(c)), None)
    contract = None
    if gc is None and pc is None:
        contract = primary or (candidates[0] if candidates else None)
    return FidicDocuments(gc=gc, pc=pc, er=er, contract=contract)
