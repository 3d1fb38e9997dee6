"""Asking the user before a write: elicitation where the client supports it, else an explicit confirm=true.

On the handshake protocol versions the server sends elicitation/create in-band; on 2026-07-28 it returns an
InputRequiredResult whose elicitation the client answers and sends back with the retried call.
"""

from __future__ import annotations

import logging
from typing import Any

import anyio
import mcp_types as types

from .context import CallContext

logger = logging.getLogger(__name__)

ELICIT_TIMEOUT = 300.0  # a person is answering
KEY = "confirm"


def confirm_schema(title: str) -> dict[str, Any]:
    return {"type": "object", "properties": {KEY: {"type": "boolean", "title": title}}, "required": [KEY]}


def _field(response: Any, name: str) -> Any:
    return response.get(name) if isinstance(response, dict) else getattr(response, name, None)


async def ask(call: CallContext, message: str, title: str,
              params: types.CallToolRequestParams) -> bool | types.InputRequiredResult | None:
    """True/False from the user, an InputRequiredResult to return (2026-07-28), or None when nobody can be asked."""
    if not call.client_has(types.ClientCapabilities(elicitation=types.ElicitationCapability())):
        return None
    if call.modern:
        response = (params.input_responses or {}).get(KEY)
        if response is None:
            request = types.ElicitRequest(params=types.ElicitRequestFormParams(message=message, requested_schema=confirm_schema(title)))
            return types.InputRequiredResult(input_requests={KEY: request})
    else:
        if not call.request.session.can_send_request:
            return None
        try:
            with anyio.fail_after(ELICIT_TIMEOUT):
                response = await call.request.session.elicit_form(message, confirm_schema(title),
                                                                  related_request_id=call.request.request_id)
        except Exception as exc:
            logger.warning("elicitation failed (%s); asking for confirm=true instead", exc)
            return None
    content = _field(response, "content") or {}
    return _field(response, "action") == "accept" and bool(content.get(KEY))
