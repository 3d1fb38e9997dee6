"""A fast start: `paralaw parse` and `paralaw tools` load neither the OpenAI client nor the MCP SDK, and `paralaw
serve` not the OpenAI client (issue 15). Measured in a fresh interpreter, as a user starts the command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from paralaw.agent import cli_options

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "services_agreement.md"
HEAVY = ("openai", "mcp", "mcp_types")

PROBE = """
import json, sys
sys.argv = ["paralaw", *json.loads(sys.argv[1])]
from paralaw.agent.cli import main
try:
    main()
except SystemExit as exc:
    code = exc.code
else:
    code = 0
loaded = sorted({m.split(".")[0] for m in sys.modules} & HEAVY)
print("\\nPROBE " + json.dumps({"code": code, "loaded": loaded}))
""".replace("HEAVY", repr(set(HEAVY)))


def run_command(*args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(list(args))], capture_output=True, text=True, timeout=120)
    line = next(line for line in done.stdout.splitlines() if line.startswith("PROBE "))
    return json.loads(line[len("PROBE "):]) | {"stdout": done.stdout, "stderr": done.stderr}


@pytest.mark.parametrize("args", [["parse", str(EXAMPLE)], ["parse", str(EXAMPLE), "--json"], ["tools"],
                                  ["tools", "--domain", "fidic", "--json"], ["--help"], ["mcp-config"]])
def test_quick_commands_load_neither_openai_nor_mcp(args):
    result = run_command(*args)
    assert result["code"] in (0, None), result["stderr"]
    assert result["loaded"] == [], f"paralaw {' '.join(args)} imported {result['loaded']}"


def test_serving_loads_the_sdk_but_not_the_openai_client():
    code = ("import sys; import paralaw.agent.cli; import paralaw.server; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'openai', 'mcp'}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "['mcp']", done.stderr


def test_the_agent_package_still_exports_its_names():
    import paralaw.agent as agent

    assert {"OpenAIChatModel", "connect", "run_review", "to_markdown", "get_settings"} <= set(agent.__all__)
    assert agent.run_review.__module__ == "paralaw.agent.pipeline"
    with pytest.raises(AttributeError):
        agent.not_a_name  # noqa: B018


def test_option_values_match_the_modules_they_stand_in_for():
    from paralaw.agent import pipeline, report
    from paralaw.skills.packs import DOMAINS

    assert cli_options.MODES == pipeline.MODES and cli_options.LEVELS == report.LEVELS
    assert cli_options.DOMAINS == DOMAINS
