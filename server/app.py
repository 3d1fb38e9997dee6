"""build_server: the SDK's low-level Server with a handler table built from the skill registry.

No per-skill code: every registered skill becomes a tool through listing.skill_spec, and the server's own
tools come from builtin_tools. tools/list_changed is advertised for clients of both protocol eras: in the
handshake capabilities (older protocol versions) and by serving subscriptions/listen (2026-07-28).
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.subscriptions import ListenHandler

from paralaw.skills.framework.dispatcher import SkillDispatcher
from paralaw.skills.framework.schema import SkillRegistration
from paralaw.skills.packs import all_registrations

from . import prompts, resources
from .access import no_folder_error, roots_from_config
from .builtin_tools import builtin_specs
from .calls import call_tool
from .context import ServerState, owned_store, session_scope
from .export_tool import export_spec
from .playbook_tools import save_playbook_spec
from .matrix_tools import matrix_specs
from .listing import ToolCatalog, ToolSpec, skill_spec
from .store import ReviewStore, SqliteReviewStore

logger = logging.getLogger(__name__)

INSTRUCTIONS = (
    "paralaw reviews contracts. Start with open_review (a contract file inside the allowed folders, or its text), "
    "then get_checklist / get_outline / find_clauses to pick clauses, and the skill tools (clause_id plus their "
    "arguments) to analyse them. Tools may be listed without their parameters: call describe_tools, or call the "
    "tool and read the schema in the error."
)


class ParalawServer(Server[Any]):
    """A low-level Server whose handshake always advertises list_changed for tools and resources (the SDK's
    in-memory and HTTP transports call create_initialization_options() without arguments)."""

    paralaw_state: ServerState  # the store, the tool catalog and the settings; tests and benchmarks read it

    def create_initialization_options(self, notification_options: NotificationOptions | None = None,
                                      experimental_capabilities: dict[str, dict[str, Any]] | None = None,
                                      extensions: dict[str, dict[str, Any]] | None = None):
        options = notification_options or NotificationOptions(tools_changed=True, resources_changed=True)
        return super().create_initialization_options(options, experimental_capabilities, extensions)


def build_server(store: str | ReviewStore | None = None, schema_mode: Literal["lazy", "full"] = "lazy",
                 allowed_dirs: list[str] | None = None, *,
                 registrations: list[SkillRegistration] | None = None,
                 retention_days: float | None = None) -> ParalawServer:
    """The MCP server over a review store (a path, ':memory:', a ReviewStore, or None for the default file).

    `registrations` defaults to every skill in the registry (paralaw.skills.all_registrations()), read when
    the server is built, so a newly registered skill is served without any change here.
    """
    if schema_mode not in ("lazy", "full"):
        raise ValueError(f"schema_mode must be 'lazy' or 'full', not {schema_mode!r}")
    review_store = (store if store is not None and not isinstance(store, str)
                    else SqliteReviewStore(store, retention_days=retention_days))
    registrations = [r for r in (all_registrations() if registrations is None else registrations) if r.status == "active"]
    skills = listable_skills(registrations)
    state = ServerState(
        store=review_store,
        catalog=ToolCatalog(builtin_specs() + [export_spec(), save_playbook_spec()] + matrix_specs() + [spec for _, spec in skills]),
        dispatcher=SkillDispatcher([r for r, _ in skills]),
        schema_mode=schema_mode,
        configured_roots=roots_from_config(allowed_dirs),
    )
    if not state.configured_roots:
        logger.warning("paralaw: %s", no_folder_error().message)

    async def on_list_tools(ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=state.catalog.listing(state.schema_mode, session_scope(ctx).expanded))

    async def on_call_tool(ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams):
        return await call_tool(state, ctx, params)

    def tool_input_schema(name: str):
        spec = state.catalog.get(name)
        return spec.input_schema if spec is not None else None

    server = ParalawServer(
        "paralaw",
        version=_version(),
        title="paralaw contract review",
        instructions=INSTRUCTIONS,
        lifespan=state.lifespan,
        get_tool_input_schema=tool_input_schema,
        on_list_tools=on_list_tools,
        on_call_tool=on_call_tool,
        on_list_resources=lambda ctx, params: resources.list_resources(owned_store(state, ctx)),
        on_list_resource_templates=lambda ctx, params: resources.list_templates(),
        on_read_resource=lambda ctx, params: resources.read_resource(owned_store(state, ctx), params.uri),
        on_list_prompts=lambda ctx, params: prompts.list_prompts(),
        on_get_prompt=lambda ctx, params: prompts.get_prompt(owned_store(state, ctx), params.name, params.arguments or {}),
        on_subscriptions_listen=ListenHandler(state.bus),
    )
    server.paralaw_state = state
    return server


def listable_skills(registrations: list[SkillRegistration]) -> list[tuple[SkillRegistration, ToolSpec]]:
    """Each skill with its tool; one whose input or output model cannot be a JSON schema is left out with a
    warning, so one broken skill takes down neither the listing nor the server."""
    kept = []
    for registration in registrations:
        try:
            kept.append((registration, skill_spec(registration)))
        except Exception as exc:
            logger.warning("skill %s is not served: its schema cannot be generated (%s: %s)",
                           registration.skill_id, type(exc).__name__, str(exc).splitlines()[0][:300])
    return kept


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("paralaw")
    except PackageNotFoundError:
        return "0.0.0"
