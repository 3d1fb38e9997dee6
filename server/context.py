"""Server-wide state, per-session state, and the context a tool handler receives.

"Session" means what the transport gives: one stdio or in-memory connection (the SDK enters the lifespan once
per run), or one Streamable HTTP session id. A 2026-07-28 request carries no session, so on HTTP its expansions
are shared by the server's modern clients. Sessions hold the lazily expanded tool names and the reviews they
opened (the default review is chosen among those).

Reviews belong to whoever opened them: over HTTP with tokens, the tenant of the token the request carried
(transports.py puts it in the request's scope); otherwise the local user (""). A handler sees the store only
through `OwnedStore`, which shows it its owner's reviews and nothing else: another tenant's review id is
simply not found.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.subscriptions import (InMemorySubscriptionBus, ResourcesListChanged, ServerEvent, SubscriptionBus,
                                      ToolsListChanged)
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from paralaw.skills.framework.dispatcher import SkillDispatcher

from .listing import SchemaMode, ToolCatalog
from .running import SkillRunner
from .store import Review, ReviewStore

logger = logging.getLogger(__name__)

MAX_HTTP_SESSIONS = 1024


@dataclass
class SessionScope:
    expanded: set[str] = field(default_factory=set)
    opened: set[str] = field(default_factory=set)  # review ids this session opened or resumed
    children: OrderedDict[str, "SessionScope"] = field(default_factory=OrderedDict)

    def child(self, session_id: str) -> "SessionScope":
        scope = self.children.get(session_id)
        if scope is None:
            scope = self.children[session_id] = SessionScope()
            while len(self.children) > MAX_HTTP_SESSIONS:
                self.children.popitem(last=False)
        self.children.move_to_end(session_id)
        return scope


@dataclass
class ServerState:
    store: ReviewStore
    catalog: ToolCatalog
    dispatcher: SkillDispatcher
    schema_mode: SchemaMode
    configured_roots: list[Path]
    bus: SubscriptionBus = field(default_factory=InMemorySubscriptionBus)
    runner: SkillRunner = field(default_factory=SkillRunner)
    matrices: Any = None  # matrix_tools.MatrixShelf, made on the first matrix call

    @asynccontextmanager
    async def lifespan(self, _server: Any) -> AsyncIterator[SessionScope]:
        yield SessionScope()


OWNER_KEY = "paralaw.owner"  # set in the ASGI scope by the HTTP token check


def owner_of(ctx: Any) -> str:
    """The tenant a request acts for: from the HTTP token it carried, else the local user ("")."""
    scope = getattr(getattr(ctx, "request", None), "scope", None)
    return str(scope.get(OWNER_KEY, "")) if isinstance(scope, dict) else ""


@dataclass
class OwnedStore:
    """The review store as one owner sees it: only that owner's reviews can be found, listed or deleted, and
    what it saves is its own. `opened` (the session's reviews) guides the choice of a default review."""

    store: ReviewStore
    owner: str
    opened: set[str] = field(default_factory=set)

    def get(self, review_id: str) -> Review | None:
        review = self.store.get(review_id)
        return review if review is not None and review.owner == self.owner else None

    def list(self, owner: str | None = None) -> list[Review]:
        return self.store.list(owner=self.owner)

    def save(self, review: Review) -> None:
        review.owner = self.owner
        self.store.save(review)
        self.opened.add(review.review_id)

    def delete(self, review_id: str) -> bool:
        return self.get(review_id) is not None and self.store.delete(review_id)

    def touch(self, review_id: str) -> None:
        """Opened again: its retention period starts again (stores without retention ignore it)."""
        self.opened.add(review_id)
        touch = getattr(self.store, "touch", None)
        if touch is not None and self.get(review_id) is not None:
            touch(review_id)

    def close(self) -> None:  # the server owns the real store
        pass


def owned_store(state: "ServerState", ctx: Any) -> OwnedStore:
    return OwnedStore(state.store, owner_of(ctx), session_scope(ctx).opened if ctx is not None else set())


def session_scope(ctx: ServerRequestContext[Any, Any]) -> SessionScope:
    base = ctx.lifespan_context if isinstance(ctx.lifespan_context, SessionScope) else SessionScope()
    headers = getattr(ctx.request, "headers", None)
    session_id = headers.get("mcp-session-id") if headers is not None else None
    return base.child(session_id) if session_id else base


@dataclass
class CallContext:
    """What a tool handler needs: the server state, its session, and the SDK's request context."""

    state: ServerState
    request: ServerRequestContext[Any, Any]
    session: SessionScope

    @property
    def store(self) -> OwnedStore:
        """The caller's view of the review store: its own reviews only."""
        return OwnedStore(self.state.store, owner_of(self.request), self.session.opened)

    @property
    def owner(self) -> str:
        return owner_of(self.request)

    @property
    def modern(self) -> bool:
        return self.request.protocol_version in MODERN_PROTOCOL_VERSIONS

    def client_has(self, capability: types.ClientCapabilities) -> bool:
        try:
            return self.request.session.check_client_capability(capability)
        except Exception:  # a connection without declared capabilities
            return False

    async def _announce(self, event: ServerEvent, notification: types.ServerNotification) -> None:
        """Both ways: the listen bus (2026-07-28 clients) and, for older clients, this request's session."""
        await self.state.bus.publish(event)
        if self.modern:
            return
        try:
            await self.request.session.send_notification(notification, related_request_id=self.request.request_id)
        except Exception as exc:  # a transport that cannot carry it must not fail the call
            logger.debug("%s not sent: %s", notification.method, exc)

    async def announce_tools_changed(self) -> None:
        await self._announce(ToolsListChanged(), types.ToolListChangedNotification())

    async def announce_resources_changed(self) -> None:
        """Reviews opened or closed: their documents come and go from resources/list."""
        await self._announce(ResourcesListChanged(), types.ResourceListChangedNotification())

    async def expand(self, names: list[str]) -> list[str]:
        """Mark tools expanded for this session; announce when that changes a lazy listing."""
        new = [n for n in names if n not in self.session.expanded]
        self.session.expanded.update(new)
        if new and self.state.schema_mode == "lazy":
            await self.announce_tools_changed()
        return new
