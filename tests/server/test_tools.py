"""Tool listing and calls in process: domain tools, annotations, schemas, describe_tools, clear errors."""

from __future__ import annotations

import anyio
import mcp_types as types
import pytest
from jsonschema import Draft202012Validator
from mcp import Client

from mcp_flow import CASES, DATA, MSA, open_msa, payload, tools_by_name
from paralaw.server import build_server
from paralaw.server.listing import EMPTY_SCHEMA, one_line
from paralaw.skills.packs import all_registrations

pytestmark = pytest.mark.anyio
WAIT = 15
SPA = CASES / "spa_a" / "share_purchase_agreement.md"
FIDIC = CASES / "fidic_a"


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture
def server():
    return build_server(":memory:", allowed_dirs=[str(DATA)])


def test_every_skill_is_a_tool_with_a_valid_output_schema(server):
    catalog = server.paralaw_state.catalog
    for registration in all_registrations():
        spec = catalog.get(registration.skill_id)
        assert spec is not None, registration.skill_id
        assert "review_id" in spec.input_schema["properties"]
        assert not {"document_structure", "state_snapshot"} & set(spec.input_schema["properties"])
        if registration.output_schema is not None:
            Draft202012Validator.check_schema(spec.output_schema)
            assert spec.output_schema["type"] == "object"


def test_one_line_descriptions():
    assert one_line("Read one clause. Start here before judging.") == "Read one clause."
    assert one_line("第一句。第二句。") == "第一句。"
    assert one_line("Clause 14.7 e.g. payment") == "Clause 14.7 e.g. payment"
    assert len(one_line("word " * 100)) <= 110
    # a long first sentence keeps its first whole phrase, never an unclosed parenthesis
    long = "Check the cross-references of a clause (or of the whole document with clause_id '*'): " + "each ref, " * 10
    assert one_line(long) == "Check the cross-references of a clause"
    assert one_line("Check refs (those cited: by number or title) of a clause: " + "each ref, " * 10) == \
        "Check refs (those cited: by number or title) of a clause"
    ranked = "Find the passages of a review document that deal with a clause or a topic, ranked by relevance (BM25; English and Chinese)."
    assert one_line(ranked) == "Find the passages of a review document that deal with a clause or a topic, ranked by relevance"
    chinese = "列出条款中的金额（包括合同价、违约金：上限与比例）：" + "每一项都归一化并标注类型" * 10
    assert one_line(chinese, limit=40) == "列出条款中的金额（包括合同价、违约金：上限与比例）"


def test_lazy_listing_is_a_tenth_of_the_full_one():
    """The point of lazy listing (P7-3): what every session pays for before it calls anything."""
    from bench.listing_size import measure

    for row in anyio.run(measure):
        assert row["lazy_bytes"] <= 0.10 * row["full_bytes"], row


async def test_every_domain_is_listed_from_the_start_and_mismatches_are_refused(server):
    with anyio.fail_after(WAIT):
        async with Client(server, mode="legacy") as client:
            first = tools_by_name(await client.list_tools())
            assert {"spa_extract_conditions", "sha_governance_check", "fidic_calculate_time_bar"} <= set(first)
            for tool in first.values():
                assert tool.annotations.open_world_hint is False
                if tool.name != "describe_tools":
                    assert tool.input_schema == EMPTY_SCHEMA
            await open_msa(client)
            result = await client.call_tool("open_review", {"documents": [{"path": str(SPA)}], "our_party": "Buyer"})
            opened = result.structured_content
            assert opened["domain"] == "sha_spa" and "spa_extract_conditions" in opened["domain_tools"]
            assert not any(n.startswith("fidic_") for n in opened["domain_tools"])
            assert list(tools_by_name(await client.list_tools())) == list(first)  # the same list, in the same order

            # two reviews are open now: a skill needs to be told which
            ambiguous = payload(await client.call_tool("get_clause_context", {"clause_id": "1"}))
            assert ambiguous["code"] == "AMBIGUOUS_REVIEW" and len(ambiguous["details"]["open_reviews"]) == 2
            msa_id = next(r["review_id"] for r in payload(await client.call_tool("list_reviews", {}))["reviews"]
                          if r["domain"] == "generic")
            mismatch = payload(await client.call_tool("spa_extract_conditions", {"clause_id": "4", "review_id": msa_id}))
            assert mismatch["code"] == "DOMAIN_MISMATCH" and "domain='sha_spa'" in mismatch["message"]


async def test_fidic_documents_with_roles(server):
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            result = await client.call_tool("open_review", {"documents": [
                {"path": str(FIDIC / "general_conditions.md"), "role": "gc"},
                {"path": str(FIDIC / "particular_conditions.md"), "role": "primary"},
                {"path": str(FIDIC / "employers_requirements.md"), "role": "er"},
            ], "our_party": "Contractor"})
            opened = result.structured_content
            assert opened["domain"] == "fidic"
            assert [d["role"] for d in opened["documents"]] == ["gc", "primary", "er"]
            outline = payload(await client.call_tool("get_outline", {"document": "general_conditions.md", "limit": 3}))
            assert outline["filename"] == "general_conditions.md" and outline["total"] > 79


async def test_chinese_contract_detected_as_construction(server):
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            opened = (await client.call_tool("open_review", {"documents": [
                {"path": str(CASES / "zh_construction" / "construction_contract.md")}]})).structured_content
            assert opened["domain"] == "fidic" and opened["language"] == "zh"
            hits = payload(await client.call_tool("find_clauses", {"query": "工程款支付", "top_k": 3}))["hits"]
            assert hits and all(h["quote"] for h in hits)


async def test_describe_tools_expands_and_reports_unknown_names(server):
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            described = payload(await client.call_tool("describe_tools", {"names": ["get_outline", "no_such_tool"]}))
            assert described["tools"][0]["name"] == "get_outline"
            assert "limit" in described["tools"][0]["inputSchema"]["properties"]
            assert described["unknown"] == ["no_such_tool"]
            tools = tools_by_name(await client.list_tools())
            assert "offset" in tools["get_outline"].input_schema["properties"]
            assert tools["find_clauses"].input_schema == EMPTY_SCHEMA


async def test_errors_are_structured_tool_results(server):
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            none_open = payload(await client.call_tool("get_clause_context", {"clause_id": "1"}))
            assert none_open["code"] == "NO_REVIEW" and "open_review" in none_open["message"]
            unknown = await client.call_tool("no_such_tool", {})
            assert unknown.is_error and payload(unknown)["code"] == "UNKNOWN_TOOL"
            await open_msa(client)
            wrong_type = payload(await client.call_tool("get_clause_context", {"clause_id": ["15"]}))
            assert wrong_type["code"] == "INVALID_ARGUMENT"
            assert wrong_type["details"]["problems"][0]["field"] == "clause_id"
            # the usual encodings of clients and models are decoded: a whole number for a string, '2' for 2
            decoded = await client.call_tool("find_clauses", {"query": "liability cap", "top_k": "2"})
            assert len(payload(decoded)["hits"]) == 2
            assert (await client.call_tool("get_clause_context", {"clause_id": 15})).structured_content["clause_id"] == "15"
            missing_clause = payload(await client.call_tool("get_clause_context", {"clause_id": "99.9"}))
            assert missing_clause["code"] == "CLAUSE_NOT_FOUND"
            bad_file = payload(await client.call_tool("open_review", {"documents": [{"path": "nope/missing.md"}]}))
            assert bad_file["code"] == "FILE_NOT_FOUND"
            checklist = payload(await client.call_tool("get_checklist", {}))
            assert checklist["domain"] == "generic" and checklist["items"]
            liability = [i for i in checklist["items"] if "liab" in i["clause_name"].lower()]
            assert liability and "15" in [c.split(".")[0] for c in liability[0]["resolved_clause_ids"]]


async def test_text_documents_and_resources(server):
    text = MSA.read_text(encoding="utf-8")
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            opened = (await client.call_tool("open_review", {"documents": [
                {"text": text, "filename": "msa.md"}], "domain": "generic", "our_party": "Customer"})).structured_content
            assert opened["documents"][0]["filename"] == "msa.md"
            listing = await client.list_resources()
            uris = [str(r.uri) for r in listing.resources]
            assert "paralaw://domains/fidic/checklist" in uris
            doc_uri = next(u for u in uris if u.startswith(f"paralaw://reviews/{opened['review_id']}/documents/"))
            document = await client.read_resource(doc_uri)
            assert document.contents[0].text == text
            checklist = await client.read_resource("paralaw://domains/generic/checklist")
            assert checklist.contents[0].mime_type == "text/markdown" and checklist.contents[1].mime_type == "application/json"
            templates = await client.list_resource_templates()
            assert any("clauses/{clause_id}" in t.uri_template for t in templates.resource_templates)
            prompts = await client.list_prompts()
            assert {p.name for p in prompts.prompts} == {"review_contract", "review_clause", "build_playbook"}
            prompt = await client.get_prompt("review_contract", {"focus": "liability"})
            assert "get_checklist" in prompt.messages[0].content.text and "liability" in prompt.messages[0].content.text


def test_coerce_arguments_only_where_the_value_cannot_be_valid():
    from paralaw.server.arguments import coerce_arguments

    schema = {"type": "object", "properties": {
        "n": {"type": "integer"}, "flag": {"type": "boolean"}, "items": {"type": "array"},
        "maybe": {"anyOf": [{"type": "integer"}, {"type": "null"}]}, "name": {"type": "string"}, "ratio": {"type": "number"}}}
    given = {"n": "7", "flag": "false", "items": '["a", "b"]', "maybe": "3", "name": 12, "ratio": "0.5", "extra": "x"}
    assert coerce_arguments(schema, given) == {"n": 7, "flag": False, "items": ["a", "b"], "maybe": 3, "name": "12",
                                               "ratio": 0.5, "extra": "x"}
    unchanged = {"n": "seven", "flag": "maybe", "items": "not json", "name": 1.5}
    assert coerce_arguments(schema, unchanged) == unchanged


async def test_opening_the_same_matter_again_resumes_it(server):
    with anyio.fail_after(WAIT):
        async with Client(server) as client:
            first = await open_msa(client)
            again = await open_msa(client)
            assert again["review_id"] == first["review_id"] and again["resumed"] is True and first["resumed"] is False
            other_party = await client.call_tool("open_review", {"documents": [{"path": str(MSA)}], "our_party": "Supplier"})
            assert other_party.structured_content["review_id"] != first["review_id"]
            assert len(payload(await client.call_tool("list_reviews", {}))["reviews"]) == 2
