"""Which heading candidates are real: the best consistent numbering, and sub-paragraph lists.

A clause number is believable when it continues the numbering: "5.4" after "5.3" (or after anything inside
5.3), "6" after anything in 5, "5.3.1" right after "5.3". A number in running text ("up to 1.5 Million",
a page number, a wrapped line starting "30 days") rarely fits that succession, and when it does, the real
heading it competes with fits better. So the chain is the heaviest path through the candidates in which
every step is a valid succession: a longest-path over a DAG, computed in one pass with a table keyed by
number prefixes (linear in the number of candidates, since a step looks back over a bounded set of keys).
"""

from __future__ import annotations

from .headings import Candidate
from .numbering import cn_to_int, roman_to_int

SKIP_COST = 0.8  # per number skipped ("5.3" straight to "5.5")
MAX_SKIP = 6
JUMP_COST = 0.5  # a trusted heading may break the succession (Particular Conditions list amended clauses)
# A paragraph of its own that opens with a number inside the clause it sits in ("8.8 Delay Damages are ..." under
# "8. Commencement", "4.12" after "4.2") continues that clause however many numbers it skips: Particular
# Conditions and amending agreements list only the sub-clauses they change.
PARAGRAPH_JUMP_COST = 1.2


def _start_cost(parts: tuple[int, ...]) -> float:
    skipped = max(0, parts[0] - 1) + sum(max(0, p - 1) for p in parts[1:])
    return SKIP_COST * skipped


BREAK_WEIGHT = 1.0  # a schedule or exhibit heading that opens a part
MIN_BODY = 6.0  # the body comes first: about three well-formed headings before any part may open
_NONE = (float("-inf"), -1)


def _chain_scores(candidates: list[Candidate]) -> tuple[list[float], list[int]]:
    """For each candidate, the weight of the heaviest valid chain ending there, and its predecessor.

    Candidates of kind "schedule" are part headings: a chain may pass through one (once the body before it
    weighs MIN_BODY), and after it the numbering may start again from 1, as in "EXHIBIT B  1. Resale". A part
    heading pays off only when the restarted numbering after it would otherwise be lost, so a line that
    merely mentions "Exhibit A" in the body is never taken: everything numbered after it would be dropped.
    """
    score: list[float] = []
    back: list[int] = []
    by_prefix: dict[tuple[int, ...], tuple[float, int]] = {}
    by_exact: dict[tuple[int, ...], tuple[float, int]] = {}
    best_any: tuple[float, int] = (0.0, -1)
    best_part: tuple[float, int] = _NONE  # the best chain ending on a part heading so far
    amending: tuple[float, int] | None = None  # in an amending part: the best chain ending in it so far
    for i, cand in enumerate(candidates):
        if cand.kind == "schedule":
            entry = (best_any[0] + BREAK_WEIGHT, best_any[1]) if best_any[0] >= MIN_BODY else _NONE
            score.append(entry[0])
            back.append(entry[1])
            if (entry[0], i) > best_part:
                best_part = (entry[0], i)
            if (entry[0], i) >= best_any:
                best_any = (entry[0], i)
            amending = (entry[0], i) if cand.keyword == "amends" and entry != _NONE else None
            continue
        q = cand.parts
        options: list[tuple[float, int]] = [(-_start_cost(q), -1)]
        if amending is not None and (candidates[amending[1]].kind == "schedule" or candidates[amending[1]].parts < q):
            options.append(amending)  # an amending part lists the sub-clauses it changes, in order, skipping the rest
        if best_part[1] >= 0 and candidates[best_part[1]].keyword != "data":  # numbering restarted by a part (a
            # Contract Data table numbers no paragraphs); an amending part lists only what it changes
            restart = 0.0 if candidates[best_part[1]].keyword == "amends" else _start_cost(q)
            options.append((best_part[0] - restart, best_part[1]))
        if cand.suffix:
            if (found := by_prefix.get(q)) is not None:
                options.append(found)
        else:
            for gap in range(1, MAX_SKIP + 1):
                if q[-1] - gap < 0:
                    break
                found = by_prefix.get(q[:-1] + (q[-1] - gap,))
                if found is not None:
                    options.append((found[0] - SKIP_COST * (gap - 1), found[1]))
            if len(q) > 1 and q[-1] <= MAX_SKIP and (found := by_exact.get(q[:-1])) is not None:
                options.append((found[0] - SKIP_COST * max(0, q[-1] - 1), found[1]))
            if len(q) > 1 and q[-1] <= 2 and q[-2] > 0 and (found := by_prefix.get(q[:-2] + (q[-2] - 1,))) is not None:
                # "3.1" straight after something in 2: the heading "3" was not found (or is not numbered)
                options.append((found[0] - SKIP_COST * q[-1], found[1]))
        if cand.paragraph and len(q) > 1 and not cand.suffix:  # forward only: after a lower sibling, or the heading
            for lower in range(q[-1] - 1, max(-1, q[-1] - 100), -1):
                if (found := by_prefix.get(q[:-1] + (lower,))) is not None:
                    options.append((found[0] - PARAGRAPH_JUMP_COST, found[1]))
                    break
            if (found := by_exact.get(q[:-1])) is not None:
                options.append((found[0] - PARAGRAPH_JUMP_COST, found[1]))
        if cand.strong:
            options.append((best_any[0] - JUMP_COST, best_any[1]) if best_any[1] >= 0 else (-JUMP_COST, -1))
        best = max(options)  # ties go to the later predecessor
        score.append(best[0] + cand.weight)
        back.append(best[1])
        entry = (score[i], i)
        key = q + ((ord(cand.suffix),) if cand.suffix else ())
        if by_exact.get(key, _NONE) <= entry:
            by_exact[key] = entry
        for cut in range(1, len(q) + 1):
            prefix = q[:cut]
            if by_prefix.get(prefix, _NONE) <= entry:
                by_prefix[prefix] = entry
        if entry >= best_any:
            best_any = entry
        if amending is not None and entry >= amending:
            amending = entry
    return score, back


def _best_path(candidates: list[Candidate]) -> list[Candidate]:
    if not candidates:
        return []
    score, back = _chain_scores(candidates)
    end = max(range(len(candidates)), key=lambda k: (score[k], k))
    if score[end] <= 0:
        return []
    path: list[Candidate] = []
    while end >= 0:
        path.append(candidates[end])
        end = back[end]
    path.reverse()
    return path


def choose_parts(numbered: list[Candidate], parts: list[Candidate]) -> tuple[list[Candidate], list[tuple[Candidate, list[Candidate]]]]:
    """The body's headings, and each chosen part heading (schedule, exhibit) with the headings of its part.

    One pass over numbered and part headings together (linear in their number, however many schedules a
    file declares).
    """
    path = _best_path(sorted(numbered + parts, key=lambda c: c.start))
    body: list[Candidate] = []
    chosen: list[tuple[Candidate, list[Candidate]]] = []
    for cand in path:
        if cand.kind == "schedule":
            chosen.append((cand, []))
        else:
            (chosen[-1][1] if chosen else body).append(cand)
    return body, chosen


_ALPHA_MAX = 26


def _readings(cand: Candidate) -> list[tuple[str, int]]:
    """The list schemes a marker can belong to: "(i)" is a roman one or the ninth letter."""
    mark = cand.clause_id
    if cand.kind == "cn_top":
        return [("cntop", cand.parts[0])]
    if cand.scheme == "list":
        return [("list", int(mark))]
    if mark.isdigit():
        return [("num", int(mark))]
    if mark[0] >= "\u4e00":
        value = cn_to_int(mark)
        return [("cn", value)] if value else []
    out: list[tuple[str, int]] = []
    if mark.islower():
        if (value := roman_to_int(mark)) is not None:
            out.append(("roman", value))
        if len(set(mark)) == 1 and len(mark) <= 2:
            out.append(("alpha", (ord(mark[0]) - 96) + _ALPHA_MAX * (len(mark) - 1)))
    elif mark.isupper():
        if len(mark) == 1:
            out.append(("upper", ord(mark) - 64))
        if (value := roman_to_int(mark)) is not None:
            out.append(("uroman", value))
    return out


class _List:
    __slots__ = ("scheme", "last", "node")

    def __init__(self, scheme: str, last: int, node: Candidate) -> None:
        self.scheme, self.last, self.node = scheme, last, node


def assign_paragraphs(candidates: list[Candidate], max_depth: int = 3) -> list[tuple[Candidate, Candidate | None]]:
    """Sub-paragraphs of one clause: each accepted marker with its parent marker (None: the clause itself).

    A marker is accepted when it continues an open list ("(c)" after "(b)") or opens a new list one level
    down ("(i)" under "(c)"); anything else ("(b)" out of the blue, "(1998)") stays running text.
    """
    stack: list[_List] = []
    accepted: list[tuple[Candidate, Candidate | None]] = []
    for cand in candidates:
        readings = _readings(cand)
        chosen: tuple[int, str, int] | None = None
        for depth in range(len(stack) - 1, -1, -1):
            for scheme, value in readings:
                if stack[depth].scheme == scheme and value == stack[depth].last + 1:
                    chosen = (depth, scheme, value)
                    break
            if chosen:
                break
        if chosen:
            depth, scheme, value = chosen
            del stack[depth + 1:]
            stack[depth].last, stack[depth].node = value, cand
            accepted.append((cand, stack[depth - 1].node if depth else None))
            continue
        opening = [(s, v) for s, v in readings if v == 1 and all(open_.scheme != s for open_ in stack)]
        if opening and len(stack) < max_depth:
            cand.scheme = opening[0][0]
            accepted.append((cand, stack[-1].node if stack else None))
            stack.append(_List(opening[0][0], 1, cand))
    return accepted


def assign_lettered(candidates: list[Candidate]) -> list[tuple[Candidate, Candidate | None]]:
    """Lettered paragraphs of one schedule ("B.1", "B.2", "B.2.1", "CD.7"): each accepted marker with its parent
    marker (None: the heading it sits under).

    Each letter keeps a numbering of its own ("A.1" may follow "B.3": Part A and Part B of one schedule). A marker
    is accepted when it moves that numbering forward, however far: Contract Data lists only the items it fills in
    ("CD.7", "CD.8"). A repeated or lower number ("B.1" again after "B.3") is a quoted paragraph or a reference
    that landed at a line's start, and stays text. "B.1.2" nests under "B.1" when B.1 was accepted.
    """
    last: dict[str, tuple[int, ...]] = {}
    made: dict[tuple[str, tuple[int, ...]], Candidate] = {}
    accepted: list[tuple[Candidate, Candidate | None]] = []
    for cand in candidates:
        if cand.prefix in last and cand.parts <= last[cand.prefix]:
            continue
        last[cand.prefix] = cand.parts
        parent = None
        for cut in range(len(cand.parts) - 1, 0, -1):
            if (parent := made.get((cand.prefix, cand.parts[:cut]))) is not None:
                break
        made[(cand.prefix, cand.parts)] = cand
        accepted.append((cand, parent))
    return accepted
