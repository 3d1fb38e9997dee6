"""A position's redline in Word changes the operative words: the figure the reading found, the party a
provision binds, a one-sided sentence, a provision the fix supersedes; in the contract's own names; and only
from positions of the contract's type.

The bundled example (examples/services_agreement.md, acting for the Customer) is reviewed as Markdown and as a
Word document; a share purchase agreement (tests/data/review_cases/spa_a) gets no clause of another type."""

from __future__ import annotations

import copy
import json
import zipfile
from pathlib import Path

import docx
import pytest
from docx.oxml.ns import qn
from docx_fixtures import accept_all, reject_all
from lxml import etree

from paralaw.skills.documents.loaders import parse_document_text
from paralaw.skills.positions import resolve_positions
from paralaw.skills.positions.engine import evaluate_with_side
from paralaw.skills.positions.schema import Position, Redline
from paralaw.skills.reports.advice import advice_reason

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "services_agreement.md"
SPA = ROOT / "tests" / "data" / "review_cases" / "spa_a" / "share_purchase_agreement.md"
LINES = [line.lstrip("# ") for line in EXAMPLE.read_text(encoding="utf-8").splitlines() if line.strip()]
CAP_BEFORE = ("8.2 The Supplier's total aggregate liability under or in connection with this Agreement shall not exceed the "
              "Charges paid in the one (1) month before the event giving rise to the claim.")
CAP_AFTER = ("8.2 Each party's total aggregate liability under or in connection with this Agreement shall not exceed the "
             "Charges paid in the twelve (12) months before the event giving rise to the claim.")


@pytest.fixture
def review(succeeding_review):
    return succeeding_review


def example_docx(path: Path) -> Path:
    """The bundled example as a Word document: its headings as Word headings, each other line a paragraph."""
    document = docx.Document()
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            document.add_heading(line.lstrip("# "), level=len(line) - len(line.lstrip("#")))
        elif line.strip():
            document.add_paragraph(line)
    document.save(str(path))
    return path


def body(path: Path):
    with zipfile.ZipFile(path) as archive:
        return etree.fromstring(archive.read("word/document.xml"))


def text(p) -> str:
    return "".join(t.text or "" for t in p.iter(qn("w:t")))


def paragraph(root, start: str):
    return next(p for p in root.iter(qn("w:p")) if "".join(t.text or "" for t in p.iter(qn("w:t"), qn("w:delText"))).startswith(start))


def changes(p) -> list[tuple[str, str]]:
    """The paragraph's run-level revisions in order: ('del', words) and ('ins', words)."""
    out = []
    for element in p:
        if element.tag == qn("w:del"):
            out.append(("del", "".join(t.text or "" for t in element.iter(qn("w:delText")))))
        elif element.tag == qn("w:ins"):
            out.append(("ins", "".join(t.text or "" for t in element.iter(qn("w:t")))))
    return out


@pytest.mark.parametrize("given", ["md", "docx"])
def test_the_cap_changes_by_its_figure_and_the_unlimited_liability_it_supersedes_is_struck(tmp_path, review, given):
    source = EXAMPLE if given == "md" else example_docx(tmp_path / "contract.docx")
    review(str(source), "--party", "Customer", "--docx", "out.docx", "--json", "r.json")
    root = body(tmp_path / "out.docx")

    # 8.2: one w:del of the old figure and one w:ins of the new, and the cap made each party's; nothing else
    assert changes(paragraph(root, "8.2 ")) == [("del", "The Supplier's"), ("ins", "Each party's"),
                                               ("del", "one (1) month"), ("ins", "twelve (12) months")]
    # 8.3, which the mutual cap supersedes, is struck; it keeps its number and reads "[Not used.]"
    assert changes(paragraph(root, "8.3 ")) == [("del", "The Customer's liability under or in connection with this "
                                                        "Agreement shall not be limited."), ("ins", "[Not used.]")]
    # 5.2: the payment period's figure only
    assert changes(paragraph(root, "5.2 ")) == [("del", "seven (7)"), ("ins", "thirty (30)")]

    # no tracked change is an instruction, a placeholder or a fragment
    ours = [e for e in root.iter(qn("w:ins")) if e.getparent().tag != qn("w:rPr")]
    assert ours and all(advice_reason("".join(t.text or "" for t in e.iter(qn("w:t")))) is None for e in ours)

    # accept all: the revised text; the clauses the positions' exact edits touch read as the edits say
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    edits = [e for c in report["clauses"] for r in c["risks"] for e in r.get("redline") or []]
    assert {e["position_id"] for e in edits} >= {"lol_cap_level", "our_liability_unlimited", "payment_period"}
    accepted = copy.deepcopy(root)
    accept_all(accepted)
    after = [text(p) for p in accepted.iter(qn("w:p"))]
    assert CAP_AFTER in after and CAP_BEFORE not in after
    assert "8.3 [Not used.]" in after and "8.3 " not in after
    for line in LINES:
        touched = [e for e in edits if e["kind"] != "insert" and e["sentence"] and e["sentence"] in line]
        if not touched or line.startswith(("8.2 ", "8.3 ")):
            continue
        revised = line
        for edit in touched:
            revised = revised.replace(edit["old"], edit["new"])
        assert revised in after, (line, revised)

    # reject all: the input
    reject_all(root)
    assert [text(p) for p in root.iter(qn("w:p"))] == LINES


def test_the_comment_says_each_exact_change(tmp_path, review):
    review(str(EXAMPLE), "--party", "Customer", "--docx", "out.docx")
    with zipfile.ZipFile(tmp_path / "out.docx") as archive:
        comments = etree.fromstring(archive.read("word/comments.xml"))
    said = ["\n".join(text(p) for p in c.iter(qn("w:p"))) for c in comments.iter(qn("w:comment"))]
    cap = next(s for s in said if "clause 8.3" in s.split("\n")[0])
    assert "Struck (clause 8.3)" in cap and "Replaced (clause 8.2): \u201cThe Supplier's\u201d with \u201cEach party's\u201d" in cap


@pytest.mark.parametrize("party", ["Seller", "Buyer"])
def test_a_share_purchase_gets_no_clause_of_another_contract_type(tmp_path, review, party):
    review(str(SPA), "--party", party, "--docx", "out.docx", "--json", "r.json")
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    positions, _ = resolve_positions("sha_spa", None, None)
    generic, _ = resolve_positions("generic", None, None)
    types = {p.id: p.applies.types for p in positions.positions + generic.positions if isinstance(p, Position)}
    for clause in report["clauses"]:
        for risk in clause["risks"]:
            for edit in risk.get("redline") or []:
                assert not types.get(edit["position_id"]) or "spa" in types[edit["position_id"]], edit
    root = body(tmp_path / "out.docx")
    inserted = " ".join(text(e) for e in root.iter(qn("w:ins")) if e.getparent().tag != qn("w:rPr"))
    for foreign in ("Supplier", "Customer", "Services", "tag-along", "Tag-Along", "Reserved Matters", "management accounts"):
        assert foreign not in inserted, inserted


def test_the_redline_names_the_contracts_parties_and_the_playbooks_figure():
    renamed = EXAMPLE.read_text(encoding="utf-8").replace("Customer", "Client").replace("Supplier", "Provider")
    structure = parse_document_text(renamed)
    playbook = {"positions": [{"id": "lol_cap_level", "parameters": {"min_cap_months": 18}}]}
    positions, _ = resolve_positions("generic", playbook, None)
    results, side, ctype = evaluate_with_side(positions, structure, domain="generic", our_party="Client")
    assert (side.party, ctype) == ("Client", "services")
    edits = {r.position_id: r.redline for r in results if r.redline}
    assert [(e["old"], e["new"]) for e in edits["lol_cap_level"]] == [("one (1) month", "eighteen (18) months")]
    ownership = edits["ip_ownership"][0]["new"]
    assert "vest in the Client" in ownership and "the Provider assigns them to the Client" in ownership
    assert not any("Customer" in e["new"] or "Supplier" in e["new"] for es in edits.values() for e in es)
    by_id = {r.position_id: r for r in results}
    assert by_id["payment_period"].proposed_wording.startswith("The Client shall pay")


def test_a_redline_holds_contract_text_and_only_positions_over_the_reading_make_one():
    with pytest.raises(ValueError, match="instruction"):
        Redline.model_validate({"replace_sentence": "Ask for a mutual cap."})
    with pytest.raises(ValueError, match="placeholder"):
        Redline.model_validate({"replace": {"quantity": "period", "with": "[thirty] days"}})
    with pytest.raises(ValueError, match="provision"):
        Position.model_validate({"id": "x", "title": "x", "topic": "x", "find": {"cues": ["cap"]},
                                 "redline": {"strike": True}})
    positions, _ = resolve_positions("generic", None, None)
    for position in positions.positions:  # every pack redline reads as contract text once its names are filled
        for piece in [position.redline.replace_sentence, *(r.with_ for r in position.redline.replace)]:
            assert not piece or advice_reason(piece.replace("{", "").replace("}", "")) is None, position.id
