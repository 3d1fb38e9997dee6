"""Where a reference may land: the checked document, its General Conditions, the Sub-Clauses its
Particular Conditions insert or delete, and the other documents of the review.

A FIDIC review holds the GC and the PC as separate documents; a reference in the PC to "Sub-Clause 2.4"
means the GC's 2.4 unless the PC itself has one, and a Sub-Clause the PC deletes is still found in the GC
but no longer exists in the contract. cross_reference_check asks this class those questions so that it
stays a list of rules.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any

from rapidfuzz import fuzz

from ..documents.model import CrossReference, DocumentStructure
from ..documents.numbering import normalise_clause_id, parent_candidates
from ..documents.references import resolve_reference

ROLE_NAMES = {
    "gc": ("general conditions",),
    "pc": ("particular conditions",),
    "er": ("employer's requirements", "employers requirements", "employer requirements"),
}
# "Clause 5 of the Agreement" and "Sub-Clause 8.7 of the Contract Data" stay inside this contract.
SELF_NAMES = {"agreement", "contract", "conditions", "conditions of contract", "contract data", "deed", "schedule",
              "annex", "appendix", "exhibit", "articles", "appendix to tender", "letter of tender"}
_AFTER = re.compile(r"\s*,?\s*(?:of|in|under)\s+(?P<det>the\s+|these\s+|this\s+)?"
                    r"(?P<name>[A-Z][\w'’&-]*(?:[ \t]+(?:of[ \t]+|and[ \t]+)?[A-Z][\w'’&-]*){0,6})")
# "Clauses 5 to 7 are not used in this edition": the text itself says the target is absent on purpose.
_OMITTED_AFTER = re.compile(r"[^.;\n]{0,60}?\b(?:is|are)\s+(?:not\s+used|omitted|intentionally\s+(?:omitted|left\s+blank)|"
                            r"not\s+reproduced|reserved)\b", re.I)
_TITLE_AFTER = re.compile(r"\s*[\[〔【][^\]〕】\n]{1,80}[\]〕】]")


def _stem_name(filename: str) -> str:
    return re.sub(r"[_\-]+", " ", filename.rsplit("/", 1)[-1].rsplit(".", 1)[0]).strip().lower()


class ReviewContext:
    def __init__(self, doc: DocumentStructure, review_documents: list[Any]) -> None:
        self.doc = doc
        self.documents = [d for d in review_documents if isinstance(d, dict) and isinstance(d.get("structure"), DocumentStructure)]
        self.role = next((d.get("role", "") for d in self.documents if d["structure"].document_id == doc.document_id), "primary")

    def _with_role(self, role: str) -> DocumentStructure | None:
        if self.role == role:
            return self.doc
        return next((d["structure"] for d in self.documents if d.get("role") == role), None)

    @cached_property
    def gc(self) -> DocumentStructure | None:
        return self._with_role("gc")

    @cached_property
    def pc(self) -> DocumentStructure | None:
        """The Particular Conditions: the `pc` document, else the checked document when it sits beside a GC."""
        found = self._with_role("pc")
        if found is None and self.gc is not None and self.gc is not self.doc:
            return self.doc
        return found

    @cached_property
    def amendments(self) -> list:
        if self.pc is None:
            return []
        from ..fidic.amendments import parse_pc  # only a review with Particular Conditions needs the FIDIC reader

        return parse_pc(self.pc.text).amendments

    def references(self) -> list[CrossReference]:
        """The document's references, less schedule headings ("SCHEDULE 1" starting its own line) and capitals
        read as a schedule number ("EXHIBIT HAS BEEN REDACTED"). In "Sections 2 and 7.1.2 [Listings]" the
        bracketed title belongs to the last target only."""
        text = self.doc.text
        out: list[CrossReference] = []
        for ref in self.doc.cross_references:
            line_start = text.rfind("\n", 0, ref.start) + 1
            if ref.kind == "schedule" and (not text[line_start: ref.start].strip(" \t#>*_|")
                                           or re.fullmatch(r"[A-Za-z]{3,}", ref.target_id.partition(" ")[2])):
                continue
            if out and out[-1].start == ref.start and out[-1].target_title:
                out[-1] = out[-1].model_copy(update={"target_title": None})
            out.append(ref)
        return out

    def found_in_text(self, ref: CrossReference) -> bool:
        """Whether the target number heads a paragraph somewhere, though the parser did not make it a clause
        ("     Section 2.3 NCM Equipment." inside a long line of an EDGAR filing)."""
        number = re.escape(ref.target_id.split("(", 1)[0])  # "5.2(b)" is found where 5.2 is
        pattern = re.compile(rf"(?:^|\n|\s{{3,}})[ \t#*]*(?:(?:Sub-Clause|Clause|Section|Article|SECTION|ARTICLE)\s+)?"
                             rf"{number}\.?[ \t]+[A-Z\u4e00-\u9fff]")
        return any(not (m.start() <= ref.start < m.end()) for m in pattern.finditer(self.doc.text))

    def lookup_order(self) -> list[DocumentStructure]:
        order = [self.doc]
        if self.gc is not None and self.gc is not self.doc:
            order.append(self.gc)
        return order

    def searched_names(self) -> list[str]:
        names = [s.filename or s.document_id for s in self.lookup_order()]
        if self.pc is self.doc and any(a.kind == "insert_new" for a in self.amendments):
            names.append("the Sub-Clauses the Particular Conditions insert")
        return names

    # Particular Conditions ------------------------------------------------------------------------------
    def _inserted(self) -> list:
        return [a for a in self.amendments if a.kind == "insert_new"] if self.pc is self.doc else []

    def inserted_range(self, clause_id: str) -> tuple[str, int, int] | None:
        wanted = normalise_clause_id(clause_id) or clause_id
        for amendment in self._inserted():
            if amendment.target == wanted and amendment.text_start >= 0:
                return amendment.target, amendment.start, amendment.text_end
        return None

    def inserted_source(self, offset: int) -> str | None:
        return next((a.target for a in self._inserted() if a.start <= offset < max(a.text_end, a.end)), None)

    def inserted_title(self, target_id: str) -> str | None:
        found = next((a for a in self.amendments if a.kind == "insert_new" and a.target == target_id), None)
        return (found.target_title or found.new_title or "") if found else None

    def deleted_target(self, target_id: str) -> str | None:
        deleted = {a.target for a in self.amendments if a.kind == "delete"}
        restored = {a.target for a in self.amendments if a.kind in ("insert_new", "substitute")}
        return next((t for t in (target_id, *parent_candidates(target_id)) if t in deleted and t not in restored), None)

    def is_amendment_instruction(self, offset: int) -> bool:
        """True for "Sub-Clause 13.7 [...] is deleted." itself: the PC must name what it deletes."""
        if self.pc is not self.doc:
            return False
        text = self.doc.text
        line_start, line_end = text.rfind("\n", 0, offset) + 1, text.find("\n", offset)
        line = text[line_start: line_end if line_end >= 0 else len(text)]
        return line.lstrip().startswith("#") or any(a.start <= offset < a.end for a in self.amendments)

    # Other documents -----------------------------------------------------------------------------------
    def instrument_after(self, ref: CrossReference) -> str | None:
        """The instrument a reference names after it ("of the Employer's Requirements", 《条例》第5条), if not this one."""
        text = self.doc.text
        if text[max(0, ref.start - 1): ref.start] == "》":
            opening = text.rfind("《", 0, ref.start)
            return text[opening + 1: ref.start - 1] if opening >= 0 else None
        after = ref.end
        title = _TITLE_AFTER.match(text, after)
        match = _AFTER.match(text, title.end() if title else after)
        if match is None or (match.group("det") or "").strip().lower() in ("this", "these"):
            return None
        name = match.group("name").strip(" .,")
        return None if name.lower() in SELF_NAMES else name

    def said_omitted(self, ref: CrossReference) -> bool:
        return _OMITTED_AFTER.match(self.doc.text, ref.end) is not None

    def document_named(self, name: str) -> DocumentStructure | None:
        key = re.sub(r"[’‘]", "'", name).lower()
        for entry in self.documents:
            structure = entry["structure"]
            if structure is self.doc:
                continue
            names = ROLE_NAMES.get(entry.get("role", ""), ()) + (_stem_name(structure.filename),)
            if any(n and fuzz.token_sort_ratio(key, n) >= 85 for n in names):
                return structure
        return None

    def schedule_exists(self, ref: CrossReference) -> bool:
        """A schedule exists when a line of this (or another review) document starts with its name."""
        if resolve_reference(self.doc, ref) is not None:
            return True
        word, _, number = ref.target_id.partition(" ")
        heading = re.compile(rf"(?im)^[ \t#>*_|]*{re.escape(word)}\s+{re.escape(number)}\b")
        texts = [self.doc.text] + [d["structure"].text for d in self.documents if d["structure"] is not self.doc]
        return any(not (m.start() <= ref.start < m.end()) for t in texts for m in heading.finditer(t))

    def title_hint(self, title: str) -> str:
        """' A clause titled "Arbitration" exists: 21.4 (general_conditions.md).' when one does."""
        if not title:
            return ""
        key = title.strip().lower()
        for structure in self.lookup_order():
            for clause in structure.iter_clauses():
                if clause.title and fuzz.ratio(clause.title.strip().lower(), key) >= 90:
                    return f" A clause titled '{clause.title}' exists: {clause.clause_id} ({structure.filename or structure.document_id})."
        return ""
