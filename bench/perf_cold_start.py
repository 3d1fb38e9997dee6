"""Cold start: how long `paralaw parse` and `paralaw tools` take from a fresh interpreter, against
`python -c "import pydantic"` measured in the same run (issue 15), and which heavy libraries each loads.

Every command is a new process, as a user starts it; the commands alternate so that all see the same machine.
The goal is that the quick commands load neither the OpenAI client nor the MCP SDK; the times say what start-up
costs beside the bare import of pydantic, which every command needs.

    python -m bench.perf_cold_start [--runs 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from typing import Any

from .perf_support import ROOT, median, paralaw_command

EXAMPLE = ROOT / "examples" / "services_agreement.md"
HEAVY = ("openai", "mcp")
GOAL = "parse and tools load neither openai nor mcp"

PROBE = """
import sys
sys.argv = ["paralaw", *sys.argv[1:]]
from paralaw.agent.cli import main
try:
    main()
except SystemExit:
    pass
print("\\nLOADED " + ",".join(sorted({m.split(".")[0] for m in sys.modules} & set(HEAVY))))
""".replace("HEAVY", repr(HEAVY))


def commands() -> dict[str, list[str]]:
    paralaw = paralaw_command()
    return {
        "import pydantic": [sys.executable, "-c", "import pydantic"],
        "paralaw parse": paralaw + ["parse", str(EXAMPLE)],
        "paralaw tools": paralaw + ["tools"],
    }


def loaded_by(args: list[str]) -> list[str]:
    """The heavy libraries a paralaw command imports (run once more, in the probe)."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    line = next((line for line in done.stdout.splitlines() if line.startswith("LOADED ")), "LOADED ")
    return [name for name in line[len("LOADED "):].split(",") if name]


def _time(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=120)
    return time.perf_counter() - started


def measure(runs: int = 7) -> dict[str, Any]:
    named = commands()
    for command in named.values():  # warm the file cache once
        _time(command)
    times: dict[str, list[float]] = {name: [] for name in named}
    names = list(named)
    for round_number in range(runs):
        for name in names if round_number % 2 == 0 else names[::-1]:
            times[name].append(_time(named[name]))
    base = median(times["import pydantic"])
    rows = []
    for name in names:
        row = {"command": name, "runs": runs, "median_s": round(median(times[name]), 3),
               "min_s": round(min(times[name]), 3), "ratio_to_pydantic": round(median(times[name]) / base, 2) if base else None}
        if name.startswith("paralaw "):
            row["loads"] = loaded_by(named[name][len(paralaw_command()):])
        rows.append(row)
    met = all(not row.get("loads") for row in rows)
    return {"rows": rows, "goal": GOAL, "met": met, "pydantic_s": round(base, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    result = measure(options.runs)
    if options.json:
        print(json.dumps(result, indent=2))
        return 0
    for row in result["rows"]:
        loads = f"; loads {', '.join(row['loads']) or 'neither openai nor mcp'}" if "loads" in row else ""
        print(f"{row['command']:<16} median {row['median_s']:.3f} s (min {row['min_s']:.3f} s), "
              f"{row['ratio_to_pydantic']}x import pydantic{loads}")
    print(f"goal: {result['goal']}: {'met' if result['met'] else 'missed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
