"""The due-diligence matrix on a small data room written here: three short contracts (Markdown, a Markdown file
in a subfolder, Word) and a PDF that is not one. The same room runs in this process, on the process pool and on
a Dask LocalCluster, and the three must agree; the JSON shape, resumability, the exports and the command's
errors are checked on the way."""

from __future__ import annotations

import csv
import json
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from paralaw.agent.cli import app
from paralaw.server.matrix import CATEGORY_GROUPS, MatrixStore, build_matrix, category_names
from paralaw.server.matrix.export import write_json, write_xlsx

SUPPLY = """# Supply Agreement

This Supply Agreement is made on 1 March 2024 between Northwind Components Ltd ("Supplier") and Harbor Robotics Inc. ("Customer").

## 1. Supply
1.1 The Supplier shall supply the Products to the Customer in accordance with purchase orders issued under this Agreement.
1.2 The Customer shall purchase from the Supplier not less than 10,000 units of the Products in each contract year.

## 2. Term
2.1 This Agreement commences on the Effective Date and continues for an initial term of three (3) years.
2.2 This Agreement shall automatically renew for successive periods of five (5) years unless either party gives written notice of non-renewal at least twelve (12) months before the end of the then-current term.

## 3. Exclusivity
3.1 During the term the Customer shall purchase the Products exclusively from the Supplier and shall not purchase similar products from any third party.

## 4. Assignment and Change of Control
4.1 Neither party may assign or transfer this Agreement without the prior written consent of the other party.
4.2 If the Customer undergoes a change of control, the Supplier may terminate this Agreement on thirty (30) days' written notice.

## 5. Liability
5.1 The Supplier's total liability under this Agreement shall not exceed the fees paid in the six (6) months before the claim.

## 6. Governing Law
6.1 This Agreement is governed by the laws of England and Wales.
"""

SPA = """# Share Purchase Agreement

This Share Purchase Agreement is dated 5 May 2024 between Alder Holdings Limited (the "Seller") and Birch Capital Limited (the "Buyer") for the sale and purchase of the entire issued share capital of Cedar Software Limited (the "Company").

## 1. Sale and Purchase
1.1 The Seller shall sell and the Buyer shall buy the Shares with full title guarantee, free from all Encumbrances.

## 2. Consideration
2.1 The consideration for the Shares is GBP 12,000,000, payable in cash at Completion.

## 3. Warranties
3.1 The Seller warrants to the Buyer that each Warranty is true and accurate at the date of this Agreement.
3.2 The Seller's total liability for all Claims shall not exceed the Consideration.

## 4. Restrictive Covenants
4.1 For two (2) years after Completion the Seller shall not carry on any business that competes with the business of the Company.
4.2 For two (2) years after Completion the Seller shall not solicit any employee of the Company.

## 5. Governing Law
5.1 This Agreement is governed by the laws of England and Wales and the courts of England have exclusive jurisdiction.
"""

LICENCE = [
    "SOFTWARE LICENCE AGREEMENT",
    "1. Licence",
    "1.1 The Licensor grants the Licensee a non-exclusive, non-transferable licence to use the Software for its internal business purposes.",
    "1.2 The Licensee may not sublicense, assign or transfer the licence to any third party.",
    "2. Fees and Audit",
    "2.1 The Licensee shall pay the annual licence fee set out in the Order.",
    "2.2 The Licensor may audit the Licensee's use of the Software once in each calendar year on ten (10) business days' notice.",
    "3. Termination",
    "3.1 Either party may terminate this Agreement for convenience on ninety (90) days' written notice.",
    "4. Governing Law",
    "4.1 This Agreement is governed by the laws of the State of New York.",
]

FILES = ["broken.pdf", "deals/spa.md", "licence.docx", "supply.md"]


def make_room(root: Path) -> Path:
    import docx

    (root / "deals").mkdir(parents=True)
    (root / "supply.md").write_text(SUPPLY, encoding="utf-8")
    (root / "deals" / "spa.md").write_text(SPA, encoding="utf-8")
    document = docx.Document()
    for line in LICENCE:
        document.add_paragraph(line)
    document.save(root / "licence.docx")
    (root / "broken.pdf").write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nendobj\n%% cut off here")
    (root / "notes.png").write_bytes(b"\x89PNG not a contract")  # not a contract type: not in the matrix
    return root


def exported(store: MatrixStore, paths: list[str], target: Path) -> dict:
    write_json(store.rows(paths), target)
    return json.loads(target.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def room(tmp_path_factory) -> Path:
    return make_room(tmp_path_factory.mktemp("matrix") / "room")


@pytest.fixture(scope="module")
def in_process(room, tmp_path_factory):
    """The room analysed once in this process: (the run, its JSON, the store's path)."""
    out = tmp_path_factory.mktemp("in_process")
    with MatrixStore(out / "m.matrix.db") as store:
        run = build_matrix([room], store, workers=0, party="Customer")
        matrix = exported(store, run.paths, out / "m.json")
        domains = {row["file"]: domain for row, domain in store.rows(run.paths)}
    return run, matrix, out / "m.matrix.db", domains


def test_every_row_has_the_fixed_shape_and_all_41_categories(in_process):
    run, matrix, _, _ = in_process
    assert list(matrix) == ["contracts"]
    assert [row["file"] for row in matrix["contracts"]] == FILES
    assert len(category_names()) == 41
    assert sorted(n for names in CATEGORY_GROUPS.values() for n in names) == sorted(category_names())
    for row in matrix["contracts"]:
        assert set(row) == {"file", "error", "categories", "flags"}
        assert list(row["categories"]) == list(category_names())
        for cell in row["categories"].values():
            assert set(cell) == {"found", "clause_ids", "quote", "value"}
            assert isinstance(cell["found"], bool) and isinstance(cell["clause_ids"], list)
            assert cell["found"] == bool(cell["clause_ids"]) == bool(cell["quote"])
    assert (run.analysed, run.skipped, run.errors) == (4, 0, 1)


def test_cells_cite_the_clauses_that_say_it(in_process):
    rows = {row["file"]: row for row in in_process[1]["contracts"]}
    supply = rows["supply.md"]["categories"]
    assert supply["Governing Law"]["clause_ids"][0] == "6.1" and "England" in supply["Governing Law"]["value"]
    assert supply["Change Of Control"]["clause_ids"][0] == "4.2" and "change of control" in supply["Change Of Control"]["quote"]
    assert supply["Anti-Assignment"]["clause_ids"][0] == "4.1"
    assert supply["Renewal Term"]["found"] and "five (5) years" in supply["Renewal Term"]["value"]
    assert not supply["Source Code Escrow"]["found"]
    licence = rows["licence.docx"]["categories"]  # read from Word
    assert licence["Audit Rights"]["clause_ids"][0] == "2.2" and "New York" in licence["Governing Law"]["value"]
    assert rows["deals/spa.md"]["categories"]["Non-Compete"]["clause_ids"][0] == "4.1"


def test_flags_are_red_yellow_and_missing_positions_shaped_like_review_risks(in_process):
    rows = {row["file"]: row for row in in_process[1]["contracts"]}
    flags = rows["supply.md"]["flags"]
    assert {f["verdict"] for f in flags} == {"RED", "YELLOW", "MISSING"}
    # a cap of six months' fees is inside the acceptable range but short of the standard: YELLOW, not RED
    cap = next(f for f in flags if f["risk_type"] == "position_lol_cap_level")
    assert cap["verdict"] == "YELLOW" and cap["clause_id"] == "5.1" and "six (6) months" in cap["location"]["original_text"]
    control = next(f for f in flags if f["risk_type"] == "position_change_of_control")
    assert control["verdict"] == "RED" and control["clause_id"] == "4.2"
    renewal = next(f for f in flags if f["risk_type"] == "position_renewal_term")
    assert renewal["verdict"] == "RED" and renewal["clause_id"] == "2.2" and renewal["risk_level"] in ("high", "medium", "low")
    assert "five (5) years" in renewal["location"]["original_text"] and renewal["description"]
    assert in_process[3] == {"broken.pdf": "", "deals/spa.md": "sha_spa", "licence.docx": "generic", "supply.md": "generic"}


def test_a_broken_file_gets_a_row_with_its_error(in_process):
    broken = in_process[1]["contracts"][0]
    assert broken["file"] == "broken.pdf" and broken["error"]["code"] == "CORRUPT_FILE"
    assert "broken.pdf" in broken["error"]["message"] and broken["flags"] == []
    assert not any(cell["found"] for cell in broken["categories"].values())


def test_a_rerun_skips_unchanged_files_and_redoes_changed_ones(room, in_process, tmp_path):
    store_path = tmp_path / "m.matrix.db"
    store_path.write_bytes(in_process[2].read_bytes())
    seen = []
    with MatrixStore(store_path) as store:
        again = build_matrix([room], store, workers=0, party="Customer", on_result=lambda c, row: seen.append(row))
        assert (again.analysed, again.skipped, again.errors) == (0, 4, 1) and seen == [None] * 4
        assert exported(store, again.paths, tmp_path / "again.json") == in_process[1]
        other = build_matrix([room], store, workers=0, party="Supplier")  # other settings: all redone
        assert other.analysed == 4
    changed = make_room(tmp_path / "changed")
    with MatrixStore(tmp_path / "c.db") as store:
        build_matrix([changed], store, workers=0)
        (changed / "supply.md").write_text(SUPPLY.replace("England and Wales", "Scotland"), encoding="utf-8")
        third = build_matrix([changed], store, workers=0)
        assert (third.analysed, third.skipped) == (1, 3)
        rows = {row["file"]: row for row, _ in store.rows(third.paths)}
        assert rows["supply.md"]["categories"]["Governing Law"]["value"] == "Scotland"


def test_the_process_pool_gives_the_same_matrix(room, in_process, tmp_path):
    with MatrixStore(tmp_path / "pool.db") as store:
        run = build_matrix([room], store, workers=2, party="Customer")
        assert run.analysed == 4
        assert exported(store, run.paths, tmp_path / "pool.json") == in_process[1]


def test_a_dask_local_cluster_gives_the_same_matrix(room, in_process, tmp_path):
    from distributed import LocalCluster

    # in this process (threads) but over real TCP on 127.0.0.1, as a remote scheduler is reached
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp", host="127.0.0.1",
                      dashboard_address=None) as cluster, MatrixStore(tmp_path / "dask.db") as store:
        run = build_matrix([room], store, scheduler=cluster.scheduler_address, party="Customer")
        assert run.analysed == 4
        assert exported(store, run.paths, tmp_path / "dask.json") == in_process[1]


def test_the_command_writes_json_csv_and_xlsx_then_resumes(room, in_process, tmp_path):
    import openpyxl

    out = tmp_path / "out"
    args = ["matrix", str(room), "--json", str(out / "m.json"), "--csv", str(out / "m.csv"), "--xlsx", str(out / "m.xlsx"),
            "--workers", "0", "--party", "Customer"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "4 analysed, 0 unchanged, 1 with errors" in first.output and (out / "m.matrix.db").exists()
    assert json.loads((out / "m.json").read_text(encoding="utf-8")) == in_process[1]
    lines = list(csv.reader((out / "m.csv").open(encoding="utf-8")))
    assert len(lines) == 5 and len(lines[0]) == 4 + 4 * 41 + 4 and all(len(line) == len(lines[0]) for line in lines)
    assert lines[1][:3] == ["broken.pdf", "", "CORRUPT_FILE"]
    supply_line = dict(zip(lines[0], next(line for line in lines if line[0] == "supply.md")))
    assert (supply_line["red_flags"], supply_line["yellow_flags"]) == ("4", "1")
    book = openpyxl.load_workbook(out / "m.xlsx", read_only=False)
    assert book.sheetnames == ["Summary", *(g.replace("&", "and") for g in CATEGORY_GROUPS), "RED flags"]
    assert all(sheet.freeze_panes == "B2" for sheet in book)
    reds = [(row["file"], f["clause_id"]) for row in in_process[1]["contracts"] for f in row["flags"] if f["verdict"] == "RED"]
    assert reds and [(r[0], r[1]) for r in book["RED flags"].iter_rows(min_row=2, values_only=True)] == reds
    basics = book["Basics"]
    header = [c.value for c in basics[1]]
    supply = next(r for r in basics.iter_rows(min_row=2, values_only=True) if r[0] == "supply.md")
    assert supply[header.index("Governing Law: value")] == "England"
    second = CliRunner().invoke(app, args)
    assert second.exit_code == 0 and "0 analysed, 4 unchanged" in second.output


PLAYBOOK = """\
positions:
  - id: renewal_term
    title: Automatic renewal for no more than five years at a time
    topic: renewal_term
    applies: {domains: [generic]}
    find:
      headings: ['term', 'renew']
      cues: ['(automatic\\w*|shall) renew']
    extract:
      renewal: {kind: period_days, near: 'renew|successive'}
    escalate: {when: 'renewal > 1830', text: 'automatic renewal for more than five years at a time'}
    standard: {when: 'not renewal or renewal <= 1830', text: 'renewal for five years at a time at most'}
    severity: high
"""


def test_a_playbook_changes_the_flags_and_the_page_shows_them_escaped(room, in_process, tmp_path):
    (tmp_path / "playbook.yaml").write_text(PLAYBOOK, encoding="utf-8")
    hostile = tmp_path / "hostile"
    hostile.mkdir()
    (hostile / "<script>x.md").write_text(SUPPLY.replace("England and Wales", "<script>alert(1)</script>"), encoding="utf-8")
    page = tmp_path / "m.html"
    result = CliRunner().invoke(app, ["matrix", str(room), str(hostile), "--json", str(tmp_path / "m.json"), "--html",
                                      str(page), "--workers", "0", "--party", "Customer", "--playbook", str(tmp_path / "playbook.yaml")])
    assert result.exit_code == 0, result.output
    rows = {row["file"]: row for row in json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))["contracts"]}
    before = {f["risk_type"]: f["verdict"] for f in next(r for r in in_process[1]["contracts"] if r["file"] == "supply.md")["flags"]}
    after = {f["risk_type"]: f["verdict"] for f in rows["supply.md"]["flags"]}
    assert before["position_renewal_term"] == "RED" and "position_renewal_term" not in after  # five years is within it now
    assert after["position_renewal_notice"] == "RED"  # the pack's other positions still apply
    html = page.read_text(encoding="utf-8")
    assert html.count("<tr data-red=") == 5 and "supply.md" in html and "CORRUPT_FILE" in html
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;script&gt;x.md" in html
    assert "position_renewal_notice" not in html and "Notice to stop automatic renewal" in html


def test_a_bad_playbook_is_one_line_before_any_work(room, tmp_path):
    (tmp_path / "bad.yaml").write_text("positions:\n  - id: x\n    escalate: {when: 'open(1)'}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["matrix", str(room), "--json", str(tmp_path / "m.json"), "--playbook", str(tmp_path / "bad.yaml")])
    assert result.exit_code == 2 and result.output.startswith("error [INVALID_") and len(result.output.strip().splitlines()) == 1
    assert not (tmp_path / "m.json").exists() and not (tmp_path / "m.matrix.db").exists()


def test_text_that_looks_like_a_formula_stays_text(tmp_path):
    import openpyxl

    from paralaw.server.matrix import empty_row
    from paralaw.server.matrix.export import write_csv

    row = empty_row("odd.md")
    row["categories"]["Cap On Liability"] = {"found": True, "clause_ids": ["9"], "quote": "=HYPERLINK(\"http://x\")", "value": "+100"}
    write_xlsx([(row, "generic")], tmp_path / "odd.xlsx")
    sheet = openpyxl.load_workbook(tmp_path / "odd.xlsx")["Money and liability"]
    cells = {c.value: c.data_type for c in sheet[2]}
    assert cells["=HYPERLINK(\"http://x\")"] == "s" and cells["+100"] == "s"
    write_csv([(row, "generic")], tmp_path / "odd.csv")
    assert "'=HYPERLINK" in (tmp_path / "odd.csv").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, code", [
    (["matrix", "no/such/folder", "--json", "m.json"], "FILE_NOT_FOUND"),
    (["matrix", "."], "INVALID_OPTION"),
    (["matrix", ".", "--json", "m.json", "--domain", "tax"], "UNKNOWN_DOMAIN"),
    (["matrix", "empty", "--json", "m.json"], "NO_CONTRACTS"),
    (["matrix", "room", "--json", "m.json", "--scheduler", "tcp://nowhere::"], "INVALID_OPTION"),
    (["matrix", "room", "--json", "m.json", "--scheduler", "tcp://127.0.0.1:8786", "--workers", "2"], "INVALID_OPTION"),
])
def test_bad_input_is_one_line_and_exit_2(args, code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    (tmp_path / "room").mkdir()
    (tmp_path / "room" / "a.md").write_text("1. Term\nThis Agreement lasts one year.\n", encoding="utf-8")
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and result.output.strip().splitlines() == [result.output.strip()]
    assert f"error [{code}]" in result.output


def test_a_contract_that_kills_its_worker_costs_only_its_own_row(tmp_path):
    from matrix_tasks import crash_or_answer

    from paralaw.server.matrix.files import Contract
    from paralaw.server.matrix.row import RowSettings
    from paralaw.server.matrix.run import _local

    names = ["a.md", "b.md", "crash.md", "c.md", "d.md", "e.md", "f.md"]
    jobs = [Contract(str(tmp_path / name), name) for name in names]
    results = {contract.file: result["row"] for contract, result in _local(jobs, RowSettings(), 2, threading.Event(), task=crash_or_answer)}
    assert sorted(results) == sorted(names)
    assert results["crash.md"]["error"]["code"] == "WORKER_LOST"
    assert all(results[name]["error"] is None for name in names if name != "crash.md")


def test_a_contract_past_its_cpu_budget_gets_document_too_complex():
    import resource
    import time

    from paralaw.server.matrix.limits import OverTime, cpu_budget

    before = resource.getrlimit(resource.RLIMIT_CPU)
    started = time.process_time()
    with pytest.raises(OverTime) as caught:
        with cpu_budget(0.5):
            while time.process_time() - started < 30:  # a parser stuck on a hostile file
                sum(range(10_000))
    assert caught.value.code == "DOCUMENT_TOO_COMPLEX" and time.process_time() - started < 5
    assert resource.getrlimit(resource.RLIMIT_CPU) == before  # the next contract gets its own budget
