"""The review pipeline: open a review over MCP, take its checklist, and review each checklist clause in the
requested mode, falling back react -> checklist -> offline when a mode fails. Clauses run concurrently up to a
limit. Every risk is normalised and its quote checked against the contract; each clause records its mode, the
fallbacks taken and why, the tools called, iterations and token usage, and its message history (the audit trail).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Awaitable, Callable

import anyio

from .checklist import SkillRun, analyze_clause, run_required_skills
from .llm import ChatModel, LLMUnavailable
from .locate import ClauseReader, drop_covered, is_descendant, pinpoint_risks
from .merge import merge_risks
from .mcp_client import McpToolSession
from .offline import risks_from_findings
from .prompts import build_react_agent_messages
from .react import react_agent_loop
from .risks import normalize_risk, risk_key, verify_quotes
from .settings import AgentSettings
from .sweep import WHOLE as WHOLE_DOCUMENT, sweep_unit
from .units import ClauseUnit, outline, plan_units

logger = logging.getLogger(__name__)

MODES = ("react", "checklist", "offline")
MODEL_DOWN_AFTER = 2  # model failures in a row (each one after the client's own retries)
UNUSABLE_AFTER = 3  # clauses in a row whose every model answer was refused (not risks, or risks without words)
UNUSABLE = ("unparsable", "invalid_answer")
TEXT_SUFFIXES = {".md", ".txt", ".markdown"}
ProgressFn = Callable[[int, int, str], None]


@dataclass
class DocumentInput:
    path: str
    role: str = "primary"
    kind: str = ""


@dataclass
class ReviewRequest:
    documents: list[DocumentInput]
    domain: str | None = None
    our_party: str = ""
    language: str | None = None
    playbook: str | None = None


@dataclass
class ReviewContext:
    tools: McpToolSession
    settings: AgentSettings
    llm: ChatModel | None
    review: dict[str, Any]
    mode: str
    model_failures: int = 0
    unusable_clauses: int = 0  # clauses in a row where the model answered, but never usably

    @property
    def review_id(self) -> str:
        return self.review["review_id"]

    @property
    def language(self) -> str:
        return self.review.get("language") or "en"

    @property
    def model_down(self) -> bool:
        """After MODEL_DOWN_AFTER model failures in a row, or UNUSABLE_AFTER clauses in a row where every answer
        was unusable (a model too small for the task), stop asking it: each try costs requests that, on a local
        server, take a minute each. Clauses not yet started go offline, and clauses under way are refused at
        their next turn (ModelGate)."""
        return self.down_reason is not None

    @property
    def down_reason(self) -> str | None:
        if self.unusable_clauses >= UNUSABLE_AFTER:  # first: the gate's own refusals count as failures after it
            return f"model gave no usable answer on {UNUSABLE_AFTER} clauses in a row"
        if self.model_failures >= MODEL_DOWN_AFTER:
            return "model unavailable"
        return None


class ModelGate:
    """The review's model, refused at once while it is down, so a clause already under way stops asking it at its
    next turn instead of spending its own timeouts and retries on a server that earlier clauses found dead."""

    def __init__(self, llm: ChatModel, down_reason: Callable[[], str | None]) -> None:
        self.llm = llm
        self.down_reason = down_reason

    async def chat(self, messages: list[dict[str, Any]], **options: Any) -> Any:
        reason = self.down_reason()
        if reason == "model unavailable":
            raise LLMUnavailable("model unavailable (earlier requests failed)")
        if reason:
            raise LLMUnavailable(f"not asked: the {reason}")
        return await self.llm.chat(messages, **options)


def document_payload(doc: DocumentInput, *, send_text: bool) -> dict[str, Any]:
    """A document for open_review: its path, or its text for a remote server that cannot read our files."""
    path = Path(doc.path)
    payload: dict[str, Any] = {"role": doc.role, "kind": doc.kind}
    if send_text and path.suffix.lower() in TEXT_SUFFIXES:
        payload.update(text=path.read_text(encoding="utf-8"), filename=path.name)
    else:
        payload["path"] = str(path.resolve())
    return payload


async def contract_texts(tools: McpToolSession, review: dict[str, Any], request: ReviewRequest) -> list[str]:
    """The documents' text as the quote check reads it: the server's parsed text (what skills quote from, for
    .docx and .pdf too), else the local files in text formats."""
    texts = []
    for doc in review.get("documents", []):
        text = await tools.document_text(review["review_id"], doc["document_id"])
        if text:
            texts.append(text)
    if texts:
        return texts
    for doc in request.documents:
        path = Path(doc.path)
        if path.suffix.lower() in TEXT_SUFFIXES and path.is_file():
            texts.append(path.read_text(encoding="utf-8"))
    return texts


async def _clause_context(ctx: ReviewContext, unit: ClauseUnit) -> None:
    outcome = await ctx.tools.call_tool("get_clause_context", {"clause_id": unit.clause_id, "review_id": ctx.review_id,
                                                               "max_chars": 20000})
    if outcome.ok:
        unit.title = outcome.data.get("title", "") or unit.title
        unit.text = outcome.data.get("text", "")
    if not unit.text:
        unit.text = f"{unit.item.get('clause_name', '')}\n{unit.item.get('description', '')}".strip() or unit.clause_id


def _prompt_args(ctx: ReviewContext, unit: ClauseUnit) -> dict[str, Any]:
    item = unit.item
    return dict(language=ctx.language, our_party=ctx.review.get("our_party") or "", clause_id=unit.clause_id,
                clause_name=item.get("clause_name") or unit.title, description=item.get("description", ""),
                priority=item.get("priority", "medium"), clause_text=unit.text, domain_id=ctx.review.get("domain"))


def _from_model(raw: list[dict[str, Any]], unit: ClauseUnit, ctx: ReviewContext) -> list[dict[str, Any]]:
    return [normalize_risk(r, clause_id=unit.clause_id, source="model", language=ctx.language) for r in raw]


async def _react(ctx: ReviewContext, unit: ClauseUnit) -> bool:
    s = ctx.settings
    # the suggested skills' parameters (query, top_k, term...) are in the first request, not only their names
    await ctx.tools.describe(unit.item.get("required_skills") or [])
    messages = build_react_agent_messages(**_prompt_args(ctx, unit), suggested_skills=unit.item.get("required_skills"),
                                          tools=ctx.tools.openai_tools())
    result = await react_agent_loop(ctx.llm, ctx.tools, messages, unit.clause_id, review_id=ctx.review_id,
                                    max_iterations=s.react_max_iterations, temperature=s.react_temperature,
                                    max_tool_result_chars=s.max_tool_result_chars, language=ctx.language,
                                    relevant=unit.item.get("required_skills") or [])
    unit.messages, unit.iterations = result.messages, result.iterations
    unit.tools_called += result.tools_called
    unit.usage.add(result.usage)
    if result.succeeded:
        unit.risks = _from_model(result.risks, unit, ctx)
        ctx.model_failures = 0
        return True
    if result.stop_reason == "llm_error":
        ctx.model_failures += 1
    unit.fallbacks.append({"mode": "react", "reason": f"{result.stop_reason}: {result.error}".strip(": ")})
    return False


async def _checklist(ctx: ReviewContext, unit: ClauseUnit, run: SkillRun) -> bool:
    try:
        analysis = await analyze_clause(ctx.llm, skill_context=run.skill_context, temperature=ctx.settings.react_temperature,
                                        **_prompt_args(ctx, unit))
    except LLMUnavailable as exc:
        ctx.model_failures += 1
        unit.fallbacks.append({"mode": "checklist", "reason": f"llm_error: {exc}"})
        return False
    unit.messages = unit.messages + [{"role": "system", "content": "--- checklist analysis ---"}] + analysis.messages \
        if unit.messages else analysis.messages
    unit.usage.add(analysis.usage)
    unit.iterations += 1
    if analysis.risks is None:
        unit.fallbacks.append({"mode": "checklist", "reason": f"unparsable: {analysis.error}"})
        return False
    ctx.model_failures = 0
    unit.risks = _from_model(analysis.risks, unit, ctx)
    return True


async def _guarded(step: Awaitable[bool], unit: ClauseUnit, mode: str) -> bool:
    """A mode that fails in a way nobody planned for (a bug, a malformed reply) falls back like any other failure."""
    try:
        return await step
    except Exception as exc:
        logger.exception("%s mode failed on clause %s", mode, unit.clause_id)
        unit.fallbacks.append({"mode": mode, "reason": f"error: {type(exc).__name__}: {exc}"})
        return False


async def review_unit(ctx: ReviewContext, unit: ClauseUnit) -> ClauseUnit:
    """One clause through the mode chain; never raises for a model or tool failure."""
    started = time.monotonic()
    await _clause_context(ctx, unit)
    modes = list(MODES[MODES.index(ctx.mode):])
    if ctx.llm is None or ctx.model_down:
        if ctx.mode != "offline":
            unit.fallbacks.append({"mode": ctx.mode, "reason": "no model available" if ctx.llm is None else ctx.down_reason})
        modes = ["offline"]
    if "react" in modes and await _guarded(_react(ctx, unit), unit, "react"):
        unit.mode = "react"
    else:
        run = await run_required_skills(ctx.tools, unit.item.get("required_skills") or [], unit.clause_id, ctx.review_id)
        unit.tools_called += run.calls
        unit.skipped_skills = run.skipped
        if "checklist" in modes and not ctx.model_down and await _guarded(_checklist(ctx, unit, run), unit, "checklist"):
            unit.mode = "checklist"
        else:
            unit.mode = "offline"
            unit.risks = risks_from_findings(run.skill_context, unit.clause_id, ctx.language)
    _count_unusable(ctx, unit)
    unit.seconds = round(time.monotonic() - started, 3)
    return unit


def _count_unusable(ctx: ReviewContext, unit: ClauseUnit) -> None:
    """A clause the model answered in every mode it was asked, never usably, counts toward UNUSABLE_AFTER; a
    clause it answered usably starts the count again."""
    if unit.mode in ("react", "checklist"):
        ctx.unusable_clauses = 0
        return
    reasons = [f["reason"] for f in unit.fallbacks if f["mode"] in ("react", "checklist")]
    if reasons and all(r.startswith(UNUSABLE) for r in reasons):
        ctx.unusable_clauses += 1


async def run_review(tools: McpToolSession, request: ReviewRequest, *, settings: AgentSettings, mode: str,
                     llm: ChatModel | None = None, send_text: bool = False,
                     progress: ProgressFn | None = None) -> dict[str, Any]:
    """Review the request's documents; returns the report data (see report.py for its shape)."""
    if mode not in MODES:
        raise ValueError(f"unknown mode '{mode}': choose one of {', '.join(MODES)}")
    started = time.time()
    review = await tools.call("open_review", documents=[document_payload(d, send_text=send_text) for d in request.documents],
                              domain=request.domain, our_party=request.our_party or None, language=request.language,
                              playbook_path=request.playbook)
    tools.domain = review.get("domain")  # only this review's tools, even where other reviews share the server
    await tools.refresh()  # a domain review brings its domain's tools
    checklist = await tools.call("get_checklist", review_id=review["review_id"])
    if not any(d.role == "baseline" for d in request.documents):
        checklist["items"] = without_baseline(checklist.get("items", []))
    units, missing = plan_units(checklist.get("items", []), await outline(tools, review["review_id"]))
    ctx = ReviewContext(tools=tools, settings=settings, llm=None, review=review, mode=mode)
    ctx.llm = ModelGate(llm, lambda: ctx.down_reason) if llm is not None else None
    limiter = anyio.CapacityLimiter(settings.concurrency)
    done = 0
    if progress:
        progress(0, len(units), "")

    async def worker(unit: ClauseUnit) -> None:
        nonlocal done
        async with limiter:
            await review_unit(ctx, unit)
        done += 1
        if progress:
            progress(done, len(units), f"{unit.item.get('clause_name', '')} ({unit.clause_id})")

    async with anyio.create_task_group() as tg:
        for unit in units:
            tg.start_soon(worker, unit)
    sweep, positions = await sweep_unit(tools, checklist.get("items", []), review["review_id"], ctx.language)
    if sweep is not None:
        units.append(sweep)
    reader = ClauseReader(tools, review["review_id"])
    for unit in units:
        await pinpoint_risks(reader, unit.risks)
    _finish_risks(units, await contract_texts(tools, review, request), {**positions, "finding_topics": checklist.get("finding_topics") or {}})
    favourable = take_favourable(units)
    arrange_in_document_order(units, await outline(tools, review["review_id"]))
    warnings = []
    if not checklist.get("items"):
        warnings.append(f"the server has no checklist for the {review.get('domain')} domain: no clause was reviewed "
                        f"one by one (is the domain pack's data installed?)")
    return {"review": review, "domain": checklist.get("domain", review.get("domain")), "mode": mode, "warnings": warnings,
            "model": settings.model if llm is not None else None, "units": units, "not_found": missing,
            "started": started, "finished": time.time(), "schema_refreshed": list(tools.refreshed),
            "positions": positions.get("verdicts", []), "positions_source": positions.get("source", ""),
            "acting_for": positions.get("acting_for", ""), "contract_type": positions.get("contract_type", ""),
            "parties": positions.get("parties", []),
            "favourable": favourable}


BASELINE_SKILL = "compare_with_baseline"


def without_baseline(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The checklist without the baseline comparison: a review compares the contract only with a baseline the
    user gave, never with a pack's template whose parties and kind of contract may not be this one's."""
    return [{**item, "required_skills": [s for s in item.get("required_skills") or [] if s != BASELINE_SKILL]} for item in items]


def _finish_risks(units: list[ClauseUnit], texts: list[str], positions: dict[str, Any] | None = None) -> None:
    """Check quotes against the contract (and the clause texts the server gave), then report every issue once:
    exact repeats go, a section's risk yields to the same risk on its sub-clause, and findings of several skills
    about one provision merge (merge.py)."""
    seen: set[tuple[str, str, str]] = set()
    clause_texts = [u.text for u in units if u.text]
    for unit in units:
        verify_quotes(unit.risks, texts + clause_texts)
        kept = []
        for risk in unit.risks:
            key = risk_key(risk)
            if key in seen:
                continue
            seen.add(key)
            kept.append(risk)
        unit.risks = kept
    positions = positions or {}
    green = {v.get("topic", "") for v in positions.get("verdicts", []) if v.get("verdict") == "GREEN"}
    everything = drop_covered([r for unit in units for r in unit.risks])
    merged = merge_risks(everything, positions.get("finding_topics") or {}, green)
    home = {id(r): unit for unit in units for r in unit.risks}
    for unit in units:
        unit.risks = []
    for risk in merged:
        home[id(risk)].risks.append(risk)


def take_favourable(units: list[ClauseUnit]) -> list[dict[str, Any]]:
    """Departures in our favour (verdict GREEN) leave the risks: the report lists them as such."""
    favourable = []
    for unit in units:
        favourable += [r for r in unit.risks if r.get("verdict") == "GREEN"]
        unit.risks = [r for r in unit.risks if r.get("verdict") != "GREEN"]
    return favourable


def arrange_in_document_order(units: list[ClauseUnit], clauses: list[dict[str, Any]]) -> None:
    """Each whole-document risk moves to the checklist unit whose clause holds it, and every unit's risks follow
    the contract's order, so the report reads like the contract."""
    order = {c["clause_id"]: i for i, c in enumerate(clauses)}
    clause_units = [u for u in units if u.clause_id != WHOLE_DOCUMENT]
    for unit in units:
        if unit.clause_id != WHOLE_DOCUMENT:
            continue
        staying = []
        for risk in unit.risks:
            target = next((u for u in clause_units if risk.get("clause_id") == u.clause_id
                           or is_descendant(risk.get("clause_id", ""), u.clause_id)), None)
            (target.risks if target is not None else staying).append(risk)
        unit.risks = staying
    for unit in units:
        unit.risks.sort(key=lambda r: order.get(r.get("clause_id", ""), len(order)))
    units.sort(key=lambda u: (u.clause_id == WHOLE_DOCUMENT, order.get(u.clause_id, len(order))))
