"""Tools as MCP `Tool` objects: full or lazy, annotated from each skill's effect, filtered by domain.

A skill's tool comes from `SkillRegistration.to_tool_definition()` plus an optional `review_id`; the
server's own tools (open_review, ...) come from their pydantic input models the same way. Lazy listing
(P7-3) gives a tool its name, a one-line description and an empty object schema until the tool is expanded
for the session (a call that lacks arguments, or describe_tools); expanded and `always_full` tools are
listed with their full schemas. The list of tools is the same for the whole session: every domain's tools are
listed from the start, because a host that lists once (many ignore tools/list_changed) would never see a tool
added later. A domain tool called on a review of another domain answers DOMAIN_MISMATCH.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Iterable, Literal

import mcp_types as types
from pydantic import BaseModel

from paralaw.skills.framework.schema import SkillRegistration
from paralaw.skills.framework.tool_fields import system_fields

SchemaMode = Literal["lazy", "full"]
EMPTY_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}}
REVIEW_ID = {"type": "string", "description": "Review to work on (from open_review); may be left out when only one review is open."}
# a tool's domain pack: "*" (built-in), "generic", "fidic", "sha_spa", "dataroom"; a client reviewing one
# contract offers its model only the tools of that review's domain (agent.mcp_client.in_domain)
DOMAIN_META = "paralaw/domain"
CONFIRM = {"type": "boolean", "default": False, "description": "True once the user has agreed to this change."}


@dataclass
class ToolSpec:
    """Everything the server knows about one tool; `registration` is set for skills, `handler` for built-ins."""

    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any] | None = None
    effect: str = "query"
    domain: str = "*"
    registration: SkillRegistration | None = None
    input_model: type[BaseModel] | None = None
    handler: Callable[..., Awaitable[dict[str, Any]]] | None = None
    always_full: bool = False
    needs_confirmation: bool = False
    annotations: types.ToolAnnotations = field(init=False)
    summary: str = field(init=False)  # what the lazy listing says of the tool

    def __post_init__(self) -> None:
        self.annotations = annotations_for(self.effect)
        self.summary = one_line(self.description)


def annotations_for(effect: str) -> types.ToolAnnotations:
    """MCP hints from the tool schema specification's effect: reads are safe to repeat; deletes destroy.

    The destructive and idempotent hints mean something only for tools that write, so a read-only tool
    carries just `readOnlyHint` and `openWorldHint` (its display title is the tool's own `title`).
    """
    if effect in ("query", "stats"):
        return types.ToolAnnotations(read_only_hint=True, open_world_hint=False)
    return types.ToolAnnotations(read_only_hint=False, destructive_hint=effect in ("update", "delete"),
                                 idempotent_hint=effect != "create", open_world_hint=False)


def one_line(description: str, limit: int = 110) -> str:
    """What a lazy listing says of a tool: the description's first sentence, or when that runs past `limit`
    characters, its first whole phrase (at least 20 characters, cut at a colon, semicolon or parenthesis
    that leaves no parenthesis open)."""
    text = " ".join(description.split())
    match = re.search(r"(?<=[a-z)\]][.!?])\s+(?=[A-Z\"'(])|(?<=[。！？])", text)
    first = text[: match.start()] if match else text
    if len(first) <= limit:
        return first
    for cut in re.finditer(r": |; | \(|：|；|（", first):
        head = first[: cut.start()].rstrip(",")
        if len(head) > limit:
            break
        if len(head) >= 20 and head.count("(") == head.count(")") and head.count("（") == head.count("）"):
            return head
    return first[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def model_input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """A pydantic input model as a tool input schema: no titles, the fields the system fills dropped."""
    schema = model.model_json_schema()
    hidden = system_fields(model)
    properties = {k: v for k, v in copy.deepcopy(schema.get("properties", {})).items() if k not in hidden}
    for prop in properties.values():
        prop.pop("title", None)
    parameters: dict[str, Any] = {"type": "object", "properties": properties,
                                  "required": [n for n in schema.get("required", []) if n in properties]}
    if "$defs" in schema:
        parameters["$defs"] = schema["$defs"]
    return parameters


def output_schema_for(model: type[BaseModel] | None) -> dict[str, Any] | None:
    if model is None:
        return None
    schema = model.model_json_schema(mode="serialization")
    return schema if schema.get("type") == "object" else None


def skill_spec(registration: SkillRegistration) -> ToolSpec:
    function = registration.to_tool_definition()["function"]
    parameters = copy.deepcopy(function["parameters"])
    parameters.setdefault("properties", {})["review_id"] = dict(REVIEW_ID)
    needs_confirmation = registration.requires_confirmation or registration.effect in ("create", "update", "delete")
    if needs_confirmation:
        parameters["properties"]["confirm"] = dict(CONFIRM)
    return ToolSpec(
        name=function["name"],
        title=registration.name,
        description=function["description"],
        input_schema=parameters,
        output_schema=output_schema_for(registration.output_schema),
        effect=registration.effect,
        domain=registration.domain,
        registration=registration,
        needs_confirmation=needs_confirmation,
    )


class ToolCatalog:
    """The server's tools by name, in listing order (built-ins first, then skills in registry order)."""

    def __init__(self, specs: Iterable[ToolSpec]) -> None:
        self._specs: dict[str, ToolSpec] = {}
        for spec in specs:
            if spec.name in self._specs:
                raise ValueError(f"two tools are named '{spec.name}'")
            self._specs[spec.name] = spec

    def get(self, name: str) -> ToolSpec | None:
        return self._specs.get(name)

    def names(self) -> list[str]:
        return list(self._specs)

    def specs(self) -> list[ToolSpec]:
        return list(self._specs.values())

    def listing(self, mode: SchemaMode, expanded: set[str]) -> list[types.Tool]:
        """Every tool, whatever reviews are open: only the schemas shown change (as tools are expanded)."""
        return [self.tool(spec, full=mode == "full" or spec.always_full or spec.name in expanded)
                for spec in self._specs.values()]

    @staticmethod
    def tool(spec: ToolSpec, *, full: bool) -> types.Tool:
        # the domain in _meta: a client on a shared server (where others' reviews open other domains) can offer
        # its model only the tools of its own review's domain
        meta = {DOMAIN_META: spec.domain}
        if not full:
            return types.Tool(name=spec.name, description=spec.summary,
                              input_schema=dict(EMPTY_SCHEMA), annotations=spec.annotations, _meta=meta)
        return types.Tool(name=spec.name, title=spec.title or None, description=spec.description,
                          input_schema=copy.deepcopy(spec.input_schema), output_schema=spec.output_schema,
                          annotations=spec.annotations, _meta=meta)

    @staticmethod
    def full_definition(spec: ToolSpec) -> dict[str, Any]:
        """What an error or describe_tools carries: the MCP tool in its wire form."""
        return ToolCatalog.tool(spec, full=True).model_dump(by_alias=True, mode="json", exclude_none=True)
