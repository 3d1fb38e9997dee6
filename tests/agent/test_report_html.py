"""The HTML report, read back with the standard library's HTML parser: self-contained, every risk present with
its severity, clause, highlighted quote, reason and proposed wording, filters by severity, contract text
escaped; and the header's sentence about the model tells the truth."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from paralaw.skills.reports import answered_by, to_html

CLAUSE_21 = ("2.1 The Supplier's total liability under this Agreement shall not exceed the Charges paid in the three "
             "months before the event giving rise to the claim.\n(a) This cap does not apply to fraud.")


def risk(number, clause_id, level, quote, description, **extra):
    return {"id": f"r{number}", "clause_id": clause_id, "risk_level": level, "risk_type": "liability",
            "description": description, "reason": f"Because {description.lower()}", "analysis": "",
            "location": {"original_text": quote} if quote else None, "quote_verified": True, "source": "model", **extra}


def sample_report(model="gpt-4o-mini", modes=None):
    risks = [
        risk(1, "2.1", "high", "shall not exceed the Charges paid in the three\n months", "Low liability cap",
             proposed_wording="shall not exceed the Charges paid in the twelve months"),
        risk(2, "2.1", "low", "does not apply to fraud", "Fraud carve-out is narrow", suggestion="does not apply to fraud or wilful default"),
        risk(3, "<b>1</b>", "medium", "", "Payment <term> is long & one-sided", quote_verified=None),
    ]
    return {
        "review": {"domain": "generic", "language": "en", "our_party": "Customer",
                   "documents": [{"filename": "msa<script>.md", "role": "primary"}]},
        "mode": "checklist", "model": model, "finished": "2026-03-02T10:00:00+00:00",
        "summary": {"risks": {"high": 1, "medium": 1, "low": 1, "total": 3}, "clauses_reviewed": 2,
                    "unverified_quotes": 0, "modes": modes or {"checklist": 2}},
        "clauses": [
            {"clause_id": "2.1", "title": "Cap", "mode": "checklist", "tools_used": ["assess_deviation"],
             "checklist_item": {"clause_name": "Limitation of liability"}, "risks": risks[:2]},
            {"clause_id": "<b>1</b>", "title": "<script>alert('x')</script>", "mode": "checklist", "tools_used": [],
             "checklist_item": {"clause_name": "Payment"}, "risks": risks[2:]},
        ],
        "not_found": [{"clause_name": "Insurance", "priority": "high", "description": "No insurance clause"}],
        "warnings": ["msa.docx holds unaccepted tracked changes"],
    }


class Page(HTMLParser):
    """Elements with their attributes, the text inside each risk, and anything that would reach outside."""

    def __init__(self):
        super().__init__()
        self.elements, self.external, self.scripts = [], [], 0
        self.stack, self.risk_text, self.marks = [], {}, []
        self.current_risk, self.in_mark = None, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        if tag == "script":
            self.scripts += 1
            if "src" in attrs:
                self.external.append(attrs["src"])
        if tag == "link" or (tag == "img" and not str(attrs.get("src", "")).startswith("data:")):
            self.external.append(attrs)
        if tag == "article":
            self.current_risk = attrs["id"]
            self.risk_text[self.current_risk] = ""
        self.in_mark = self.in_mark or tag == "mark"
        if tag == "mark":
            self.marks.append("")

    def handle_endtag(self, tag):
        if tag == "article":
            self.current_risk = None
        if tag == "mark":
            self.in_mark = False

    def handle_data(self, data):
        if self.current_risk:
            self.risk_text[self.current_risk] += data
        if self.in_mark:
            self.marks[-1] += data

    def text_of(self, tag):
        return [a for t, a in self.elements if t == tag]


def parse(text):
    page = Page()
    page.feed(text)
    return page


def test_page_is_self_contained_and_holds_every_risk():
    text = to_html(sample_report(), {"2.1": CLAUSE_21 + "\n\n## "})
    page = parse(text)
    assert page.external == [] and "http://" not in text and "https://" not in text and "url(" not in text
    assert page.scripts == 1  # the inline filter script, ours
    csp = next(a for t, a in page.elements if t == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert csp["content"].startswith("default-src 'none'")
    levels = {a["id"]: a["data-level"] for t, a in page.elements if t == "article"}
    assert levels == {"risk-1": "high", "risk-2": "medium", "risk-3": "low"}
    cap = page.risk_text["risk-1"]
    assert "Low liability cap" in cap and "Because low liability cap" in cap and "Clause 2.1" in cap
    assert "shall not exceed the Charges paid in the twelve months" in cap  # the proposed wording
    # the quote is highlighted inside the clause text, its line break matched as whitespace
    assert page.marks[0] == "shall not exceed the Charges paid in the three months"
    assert "2.1 The Supplier's total liability under this Agreement" in cap
    assert "##" not in text  # nothing of the next heading's marker
    assert "does not apply to fraud or wilful default" in page.risk_text["risk-3"]  # the older "suggestion" shape
    # severity filters, one per level; the risk table's rows and the risks carry the level they filter by
    boxes = [a["value"] for t, a in page.elements if t == "input" and a.get("type") == "checkbox"]
    assert boxes == ["high", "medium", "low"]
    assert [a["data-level"] for t, a in page.elements if t == "tr" and "data-level" in a] == ["high", "medium", "low"]
    assert "@media print" in text and "break-inside: avoid" in text


def test_contract_and_model_text_is_escaped():
    text = to_html(sample_report(), {"2.1": CLAUSE_21})
    page = parse(text)
    assert page.scripts == 1 and not any(t == "b" for t, _ in page.elements)
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in text
    assert "Payment &lt;term&gt; is long &amp; one-sided" in text
    assert "msa&lt;script&gt;.md" in text


def test_header_says_which_model_answered():
    assert "Model gpt-4o-mini answered 2 of 2 clauses (2 checklist)." in to_html(sample_report())
    fell_back = to_html(sample_report(modes={"offline": 3}))
    assert "Model gpt-4o-mini was configured but answered no clause: all 3 were reviewed with the skills&#x27; own findings (3 offline)." in fell_back
    assert answered_by({"modes": {"react": 4, "checklist": 1, "offline": 2}}, "qwen2.5") == (
        "Model qwen2.5 answered 5 of 7 clauses (1 checklist, 4 react); 2 offline without it (the skills' own findings).")
    assert answered_by({"modes": {"offline": 5}}, None) == "No model: 5 clauses reviewed with the skills' own findings (5 offline)."


def chromium(*args: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([shutil.which("chromium"), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--disable-dev-shm-usage", f"--user-data-dir={cwd / 'profile'}", *args],
                          check=True, timeout=180, capture_output=True, text=True, cwd=cwd)


@pytest.mark.skipif(shutil.which("chromium") is None, reason="headless Chromium is not installed (optional check)")
def test_chromium_renders_and_prints_the_page(tmp_path):
    from pypdf import PdfReader

    page = tmp_path / "report.html"
    page.write_text(to_html(sample_report(), {"2.1": CLAUSE_21}), encoding="utf-8")
    shot = tmp_path / "report.png"
    chromium(f"--screenshot={shot}", "--window-size=1100,1400", page.as_uri(), cwd=tmp_path)
    assert shot.stat().st_size > 20_000
    dom = chromium("--dump-dom", page.as_uri(), cwd=tmp_path).stdout
    assert dom.count('<article class="risk ') == 3 and "&lt;script&gt;alert" in dom
    printed = tmp_path / "report.pdf"
    chromium(f"--print-to-pdf={printed}", "--no-pdf-header-footer", page.as_uri(), cwd=tmp_path)
    text = " ".join(p.extract_text() for p in PdfReader(str(printed)).pages)
    assert "Low liability cap" in text and "Fraud carve-out is narrow" in text
    assert "Show:" not in text  # the filters are for the screen


def test_markdown_header_does_not_claim_a_model_that_never_answered():
    from paralaw.agent.report import to_markdown
    from paralaw.agent.units import ClauseUnit

    units = [ClauseUnit(item={"clause_name": "Liability"}, clause_id="8", mode="offline",
                        fallbacks=[{"mode": "checklist", "reason": "connection refused"}])]
    data = {"review": {"documents": [], "domain": "generic", "language": "en"}, "mode": "checklist",
            "model": "gpt-4o-mini", "units": units, "not_found": []}
    header = to_markdown(data).split("## Summary")[0]
    assert "Mode **checklist**. Model gpt-4o-mini was configured but answered no clause: all 1 were reviewed" in header
    units[0].mode = "checklist"
    assert "Model gpt-4o-mini answered 1 of 1 clause (1 checklist)." in to_markdown(data)


MARKDOWN_CLAUSE = "\n".join([
    '## 12 Warranty', "",
    '12.1 The Supplier warrants the Services for twelve months (the "**Warranty Period**"); *time is of the essence*.', "",
    "---", "",
    "| Service | Warranty |", "|---|---|", "| **Support** | 12 months |", "| Hosting | 6 months |",
])


def test_markdown_in_the_contract_is_drawn_not_shown():
    risks = [risk(1, "12", "high", 'for twelve months (the "**Warranty Period**")', "Short **warranty**",
                  proposed_wording="for twenty-four months (the **Warranty Period**)", reason="Market is *24 months*"),
             risk(2, "12", "medium", 'the Services for twelve months (the "Warranty Period")', "Quoted without markup"),
             risk(3, "12", "low", "| Hosting | 6 months |", "Short hosting warranty")]
    report = sample_report()
    report["clauses"] = [{"clause_id": "12", "title": "**Warranty**", "mode": "checklist", "tools_used": [], "risks": risks}]
    text = to_html(report, {"12": MARKDOWN_CLAUSE})
    page = parse(text)
    body = "".join(page.risk_text.values())
    for markup in ("**", "|---", "| ", "##", "---", "*time", "*24"):
        assert markup not in body, markup
    assert "Warranty Period" in body and "time is of the essence" in body
    assert [t for t, _ in page.elements].count("table") == 3 + 2  # summary, risk list, and each card's schedule
    assert "<strong>Warranty Period</strong>" in text and "<em>time is of the essence</em>" in text
    assert "<strong>warranty</strong>" in text and "<em>24 months</em>" in text  # the model's emphasis, drawn
    assert "<hr>" in text and "<th>Service</th>" in text
    # the quote is highlighted whether it was written with the markup or without it; a row's quote in its cells
    assert page.marks == ['for twelve months (the "Warranty Period")', 'the Services for twelve months (the "Warranty Period")',
                          "Hosting", "6 months"]
    assert "not found verbatim" not in body
