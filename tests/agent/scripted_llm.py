"""A scripted OpenAI-compatible chat.completions server on 127.0.0.1, for driving the real openai client.

Each request consumes the next turn of the script. A turn is a dict:
    {"content": "..."}                                    a text answer
    {"tool_calls": [("name", {args} | "raw json")], "content": ""}   tool calls (content None on the wire unless given;
                                                          "ids": [...] sets their ids, as servers that reuse ids do)
    {"status": 429, "headers": {"Retry-After": "2"}}      an HTTP error (any status), with optional headers/body
    {"hang": True}                                        no answer until the client gives up (or the server stops)
or a callable(request_json) -> turn. When the script runs out, `default` is used (if given), else a 500 that
says so, so a test that makes one request too many fails loudly. `reject_null_content` answers 400 when an
assistant message carries content null, like some servers do. Every request body is recorded in `requests`.
"""

from __future__ import annotations

import itertools
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

Turn = dict[str, Any] | Callable[[dict[str, Any]], dict[str, Any]]


def tool_call_turn(*calls: tuple[str, Any], content: str | None = None) -> dict[str, Any]:
    return {"tool_calls": list(calls), "content": content}


class ScriptedLLM:
    def __init__(self, turns: list[Turn], *, default: Turn | None = None, reject_null_content: bool = False) -> None:
        self.turns = list(turns)
        self.default = default
        self.reject_null_content = reject_null_content
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ids = itertools.count(1)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> "ScriptedLLM":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _next_turn(self, body: dict[str, Any]) -> dict[str, Any]:
        with self._lock:
            self.requests.append(body)
            turn = self.turns.pop(0) if self.turns else self.default
        if turn is None:
            return {"status": 500, "body": {"error": {"message": "script exhausted", "type": "server_error"}}}
        return turn(body) if callable(turn) else turn

    def _completion(self, body: dict[str, Any], turn: dict[str, Any]) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": turn.get("content")}
        finish = "stop"
        if turn.get("tool_calls"):
            ids = turn.get("ids") or [f"call_{next(self._ids)}" for _ in turn["tool_calls"]]
            message["tool_calls"] = [
                {"id": call_id, "type": "function",
                 "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)}}
                for call_id, (name, args) in zip(ids, turn["tool_calls"])
            ]
            finish = "tool_calls"
        elif message["content"] is None:
            message["content"] = ""
        prompt = sum(len(str(m.get("content") or "")) for m in body.get("messages", [])) // 4
        completion = len(json.dumps(message)) // 4
        return {"id": f"chatcmpl-{next(self._ids)}", "object": "chat.completion", "created": 1_700_000_000,
                "model": body.get("model", "scripted"), "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        llm = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for key, value in (headers or {}).items():
                    self.send_header(key, value)
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                if not self.path.endswith("/chat/completions"):
                    self._send(404, {"error": {"message": f"no route {self.path}"}})
                    return
                if llm.reject_null_content and any(m.get("content") is None for m in body.get("messages", [])):
                    with llm._lock:
                        llm.requests.append(body)
                    self._send(400, {"error": {"message": "content must be a string", "type": "invalid_request_error"}})
                    return
                self._answer(body, llm._next_turn(body))

            def _answer(self, body: dict[str, Any], turn: dict[str, Any]) -> None:
                if turn.get("hang"):
                    llm._stop.wait(timeout=10)
                    return
                if "status" in turn:
                    self._send(turn["status"], turn.get("body") or {"error": {"message": f"scripted {turn['status']}"}},
                               turn.get("headers"))
                    return
                self._send(200, llm._completion(body, turn))

        return Handler
