"""PDF contracts as printed: wrapped lines, words hyphenated at the margin, running headers and footers with
page numbers, a sentence running over a page break. The PDF is typeset here line by line (so the breaks fall
where the test says), and the parsed clauses must read as the sentences they were."""

from __future__ import annotations

import textwrap

from paralaw.skills import load_document
from paralaw.skills.documents.pdf_lines import join_lines

CLAUSES = [
    "1 Definitions",
    "1.1 \"Charges\" means the fees payable by the Customer under the Order Form, excluding VAT and any "
    "third-party costs the Customer has approved in writing.",
    "1.2 \"Services\" means the managed hosting services described in Schedule 1.",
    "2 Liability",
    "2.1 The Supplier's total liability under this Agreement shall not exceed the Charges paid in the twelve "
    "months before the event giving rise to the claim.",
    "2.2 Nothing in this Agreement limits liability for death or personal injury caused by negligence, for fraud, "
    "or for any other liability which cannot be limited or excluded by law.",
    "2.3 The Customer's remedies for late delivery are subject to the limitation in clause 2.1 and to "
    "clause 2.2.",
    "3 Indemnity",
    "3.1 The Supplier shall indemnify the Customer against all losses arising from any claim that the Services "
    "infringe the intellectual property rights of a third party, subject to clause 3.2.",
    "3.2 The Customer shall notify the Supplier of any such claim promptly and allow the Supplier to conduct "
    "its defence.",
]


def typeset(path, lines_per_page: int = 9, width: int = 62):
    """A PDF whose lines are wrapped at `width` characters, with a running header and a numbered footer."""
    from fpdf import FPDF

    lines: list[str] = []
    for paragraph in CLAUSES:
        wrapped = textwrap.wrap(paragraph, width)
        lines += wrapped
    # one word split at the margin, as a typesetter would: "limi-" / "tation"
    index = next(i for i, line in enumerate(lines) if line.startswith("2.3 "))
    lines[index:index + 2] = ["2.3 The Customer's remedies for late delivery are subject to the limi-",
                              "tation in clause 2.1 and to clause 2.2."]
    pages = [lines[i:i + lines_per_page] for i in range(0, len(lines), lines_per_page)]

    class Contract(FPDF):
        def header(self):
            self.set_font("Helvetica", size=8)
            self.cell(0, 5, "Managed Hosting Agreement - CONFIDENTIAL DRAFT", new_x="LMARGIN", new_y="NEXT")

        def footer(self):
            self.set_y(-15)
            self.set_font("Helvetica", size=8)
            self.cell(0, 5, f"Page {self.page_no()} of {{nb}}")

    pdf = Contract()
    pdf.alias_nb_pages()
    for page in pages:
        pdf.add_page()
        pdf.set_font("Helvetica", size=10)
        for line in page:
            pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))
    return path


def test_wrapped_sentences_are_whole_again(tmp_path):
    doc = load_document(typeset(tmp_path / "hosting.pdf"))
    assert [c.clause_id for c in doc.iter_clauses()] == ["1", "1.1", "1.2", "2", "2.1", "2.2", "2.3", "3", "3.1", "3.2"]
    assert doc.get_clause("2.1").text == CLAUSES[4]
    assert doc.get_clause("2.2").text == CLAUSES[5]
    assert doc.get_clause("3.1").text == CLAUSES[8]
    assert doc.get_clause("2").title == "Liability"


def test_hyphenation_undone_unless_the_word_has_a_hyphen(tmp_path):
    doc = load_document(typeset(tmp_path / "hosting.pdf"))
    assert doc.get_clause("2.3").text == CLAUSES[6]
    # "third-party" is written with its hyphen elsewhere: a break after "third-" keeps it
    assert join_lines(["1.4 The Supplier shall procure every third-party licence needed for the Services.",
                       "1.5 The Customer may recover the reasonable costs of obtaining a replacement third-",
                       "party licence for the Software."]).splitlines() == [
        "1.4 The Supplier shall procure every third-party licence needed for the Services.",
        "1.5 The Customer may recover the reasonable costs of obtaining a replacement third-party licence for the Software."]


def test_running_header_footer_and_page_numbers_are_gone(tmp_path):
    doc = load_document(typeset(tmp_path / "hosting.pdf", lines_per_page=6))
    assert "CONFIDENTIAL" not in doc.text and "Page " not in doc.text
    # a sentence broken by a page break (and the footer and header between) reads through
    for clause in doc.iter_clauses():
        assert clause.text == next(c for c in CLAUSES if c.startswith(clause.clause_id + " ")), clause.clause_id


def test_short_lines_and_block_starts_stay_apart():
    text = join_lines([
        "SCHEDULE 1 SERVICE LEVELS AND SERVICE CREDITS FOR THE HOSTING",
        "The Supplier shall meet the availability target in every month of the Term and report on it",
        "monthly:",
        "(a) availability of 99.9% measured at the network boundary, excluding planned maintenance notified",
        "30 days ahead;",
        "(b) a response within 4 hours.",
        "Service Credits",
        "第一条 付款",
        "承包人应当在收到发包人书面通知后七日内向发包人提交付款申请及全部证明材料和",
        "相关文件。",
    ])
    assert text.splitlines() == [
        "SCHEDULE 1 SERVICE LEVELS AND SERVICE CREDITS FOR THE HOSTING",
        "The Supplier shall meet the availability target in every month of the Term and report on it monthly:",
        "(a) availability of 99.9% measured at the network boundary, excluding planned maintenance notified 30 days ahead;",
        "(b) a response within 4 hours.",
        "Service Credits",
        "第一条 付款",
        "承包人应当在收到发包人书面通知后七日内向发包人提交付款申请及全部证明材料和相关文件。",
    ]
