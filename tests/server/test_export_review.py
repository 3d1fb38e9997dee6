"""export_review writes a review's findings into an allowed folder as .docx, .html, .md or .json, only with the
user's agreement, never outside the folders and never over an existing file unless asked."""

from __future__ import annotations

import json
import zipfile

import anyio
import docx
import mcp_types as types
import pytest
from docx.oxml.ns import qn
from lxml import etree
from mcp import Client

from paralaw.server import build_server

pytestmark = pytest.mark.anyio
WAIT = 30

CONTRACT = """# Hosting Agreement

## 1 Charges

1.1 The Customer shall pay each invoice within 60 days of receipt.

## 2 Liability

2.1 The Supplier's total liability shall not exceed the Charges paid in the three months before the claim.
"""

RISKS = [
    {"clause_id": "2.1", "risk_level": "high", "description": "Low liability cap", "reason": "Three months is below market.",
     "quote": "the Charges paid in the three months", "proposed_wording": "the Charges paid in the twelve months"},
    {"clause_id": "1.1", "risk_level": "low", "description": "Long <payment> term", "quote": "within 60 days"},
]


@pytest.fixture
def anyio_backend():
    return "asyncio"


def payload(result: types.CallToolResult) -> dict:
    return json.loads(result.content[0].text)


async def opened(client, folder):
    result = await client.call_tool("open_review", {"documents": [{"path": str(folder / "hosting.md")}], "our_party": "Customer"})
    assert not result.is_error, result.content[0].text
    return result.structured_content["review_id"]


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "hosting.md").write_text(CONTRACT, encoding="utf-8")
    return tmp_path


async def test_each_format_is_written_with_confirm(folder):
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(folder)]), mode="legacy") as client:
            listing = {t.name: t for t in (await client.list_tools()).tools}
            assert listing["export_review"].annotations.read_only_hint is False
            review_id = await opened(client, folder)
            results = {}
            for kind in ("docx", "html", "md", "json"):
                result = await client.call_tool("export_review", {"path": f"review.{kind}", "risks": RISKS, "confirm": True,
                                                                  "review_id": review_id, "model": "host-model"})
                assert not result.is_error, result.content[0].text
                results[kind] = payload(result)
    assert results["docx"]["comments"] == 2 and results["docx"]["tracked_changes"] == 1
    assert results["docx"]["quotes_not_found"] == 0 and results["docx"]["path"] == str(folder / "review.docx")
    assert len(list(docx.Document(str(folder / "review.docx")).comments)) == 2
    with zipfile.ZipFile(folder / "review.docx") as archive:
        root = etree.fromstring(archive.read("word/document.xml"))
    assert ["".join(t.text for t in e.iter(qn("w:t"))) for e in root.iter(qn("w:ins"))] == ["twelve"]
    page = (folder / "review.html").read_text(encoding="utf-8")
    assert "Low liability cap" in page and "Long &lt;payment&gt; term" in page and "Model host-model answered" in page
    assert "<mark>the Charges paid in the three months</mark>" in page
    markdown = (folder / "review.md").read_text(encoding="utf-8")
    assert "- **HIGH** [] Low liability cap" in markdown and "Proposed wording: the Charges paid in the twelve months" in markdown
    report = json.loads((folder / "review.json").read_text(encoding="utf-8"))
    assert [r["risk_level"] for c in report["clauses"] for r in c["risks"]] == ["high", "low"]
    assert all(r["quote_verified"] for c in report["clauses"] for r in c["risks"])


async def test_refusals(folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere")
    (folder / "taken.html").write_text("keep me", encoding="utf-8")
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(folder)]), mode="legacy") as client:
            await opened(client, folder)

            async def code(arguments):
                result = await client.call_tool("export_review", {"risks": RISKS, **arguments})
                assert result.is_error
                return payload(result)["code"]

            assert await code({"path": "review.docx"}) == "CONFIRMATION_REQUIRED"
            assert await code({"path": str(outside / "review.docx"), "confirm": True}) == "ACCESS_DENIED"
            assert await code({"path": "../review.docx", "confirm": True}) == "ACCESS_DENIED"
            assert await code({"path": "review.pdf", "confirm": True}) == "INVALID_ARGUMENT"
            assert await code({"path": "taken.html", "confirm": True}) == "FILE_EXISTS"
            replaced = await client.call_tool("export_review", {"path": "taken.html", "risks": RISKS, "confirm": True, "overwrite": True})
            assert not replaced.is_error
    assert not (folder / "review.docx").exists() and not list(outside.iterdir())
    assert "Low liability cap" in (folder / "taken.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("action, written", [("accept", True), ("decline", False)])
async def test_asks_the_user_through_elicitation(folder, action, written):
    asked = []

    async def elicit(context, params):
        asked.append(params.message)
        return types.ElicitResult(action=action, content={"confirm": True} if action == "accept" else None)

    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(folder)]), mode="legacy", elicitation_callback=elicit) as client:
            await opened(client, folder)
            result = await client.call_tool("export_review", {"path": "review.html", "risks": RISKS})
            assert not result.is_error, result.content[0].text
    assert payload(result)["written"] is written and "review.html" in asked[0]
    assert (folder / "review.html").exists() is written


async def test_the_original_docx_is_read_through_the_file_gate(folder, tmp_path_factory):
    """source_path, like every file the server reads, passes the gate: a symbolic link is refused."""
    secret = tmp_path_factory.mktemp("secret") / "other.docx"
    docx.Document().save(str(secret))
    (folder / "linked.docx").symlink_to(secret)
    with anyio.fail_after(WAIT):
        async with Client(build_server(":memory:", allowed_dirs=[str(folder)]), mode="legacy") as client:
            await opened(client, folder)
            result = await client.call_tool("export_review", {"path": "out.docx", "risks": RISKS, "confirm": True,
                                                              "source_path": "linked.docx"})
            assert result.is_error and payload(result)["code"] == "ACCESS_DENIED"
    assert not (folder / "out.docx").exists()
