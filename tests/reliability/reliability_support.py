"""Paths and small helpers the reliability tests share (a uniquely named module: several test folders have a
conftest module, so nothing here is imported from one)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
from data_paths import CASES, DATA  # noqa: E402,F401
SERVICES = CASES / "services_a"
MSA = SERVICES / "master_services_agreement.md"
AGENT_TESTS = ROOT / "tests" / "agent"


def scripted_llm_module():
    """tests/agent/scripted_llm.py (the misbehaving OpenAI-compatible server), importable from here."""
    if str(AGENT_TESTS) not in sys.path:
        sys.path.append(str(AGENT_TESTS))
    import scripted_llm

    return scripted_llm


def payload(result: Any) -> dict:
    assert result.content and result.content[0].type == "text"
    return json.loads(result.content[0].text)


class ServerProcess:
    """`paralaw serve --http` in a child process on a port the OS picks (--port 0). The server prints its
    address on stderr once the socket is bound, so the wait is for that line (with a timeout), not a sleep."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, startup_timeout: float = 60.0) -> None:
        import os
        import queue
        import re
        import subprocess
        import threading

        command = [sys.executable, "-c", "from paralaw.agent.cli import main; main()", "serve", "--http", "--port", "0", *args]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        env={**os.environ, **(env or {})}, cwd=str(ROOT))
        self.stderr: list[str] = []
        lines: queue.Queue[str | None] = queue.Queue()

        def pump() -> None:
            for raw in self.process.stderr:
                line = raw.decode("utf-8", "replace")
                self.stderr.append(line)
                lines.put(line)
            lines.put(None)

        threading.Thread(target=pump, daemon=True).start()
        while True:
            try:
                line = lines.get(timeout=startup_timeout)
            except queue.Empty:
                self.kill()
                raise TimeoutError(f"the server did not start within {startup_timeout} s: {''.join(self.stderr)[-2000:]}")
            if line is None:
                raise RuntimeError(f"the server exited: {''.join(self.stderr)[-2000:]}")
            found = re.search(r"on (http://\S+/mcp)", line)
            if found:
                self.url = found.group(1)
                self.port = int(self.url.rsplit(":", 1)[1].split("/")[0])
                return

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when the machine loses power or the OOM killer strikes."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)

    def __enter__(self) -> "ServerProcess":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.kill()


def listening_addresses(port: int) -> list[str]:
    """Local addresses with a listening TCP socket on `port`, read from /proc/net/tcp and tcp6 (Linux)."""
    import ipaddress

    found = []
    for table, width in (("/proc/net/tcp", 4), ("/proc/net/tcp6", 16)):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            address, hex_port = fields[1].split(":")
            if fields[3] == "0A" and int(hex_port, 16) == port:
                raw = bytes.fromhex(address)
                # the kernel prints each 32-bit word in host (little-endian) order
                words = b"".join(raw[i:i + 4][::-1] for i in range(0, len(raw), 4))
                found.append(str(ipaddress.ip_address(words)))
    return found
