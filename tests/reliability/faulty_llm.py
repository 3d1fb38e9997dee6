"""The scripted model server of tests/agent (ScriptedLLM) with the faults a real network adds on top of HTTP
errors. A turn may be, besides what ScriptedLLM takes:
    {"fault": "reset"}        the connection is closed with a TCP reset before any answer
    {"fault": "truncate"}     a 200 whose body stops halfway (Content-Length promises more, then the socket closes)
    {"fault": "non_json"}     a 200 application/json whose body is not JSON
    {"fault": "html"}         a 200 text/html error page, as a proxy in front of the model sends
    {"fault": "empty"}        a 200 with an empty JSON object (no choices)
"""

from __future__ import annotations

import json
import socket
import struct
from http.server import BaseHTTPRequestHandler

from reliability_support import scripted_llm_module

ScriptedLLM = scripted_llm_module().ScriptedLLM
tool_call_turn = scripted_llm_module().tool_call_turn

FAULTS = ("reset", "truncate", "non_json", "html", "empty")


class FaultyLLM(ScriptedLLM):
    def _handler(self) -> type[BaseHTTPRequestHandler]:
        base = super()._handler()
        llm = self

        class Handler(base):  # type: ignore[misc, valid-type]
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) or b"{}"
                body = json.loads(raw)
                turn = llm._next_turn(body)
                fault = turn.get("fault")
                if fault is None:
                    self._answer(body, turn)
                elif fault == "reset":
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.close_connection = True
                    self.connection.close()
                elif fault == "truncate":
                    data = json.dumps(llm._completion(body, {"content": "[]"})).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data[: len(data) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                elif fault in ("non_json", "html", "empty"):
                    data = {"non_json": b'{"id": "x", "choices": [ {"message": ', "html": b"<html><body>502 Bad Gateway</body></html>",
                            "empty": b"{}"}[fault]
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html" if fault == "html" else "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                else:
                    raise ValueError(f"unknown fault {fault!r}")

        return Handler
