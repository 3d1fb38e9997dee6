"""Reports for people from a review's findings (the JSON report's shape): the contract as Word with comments
and tracked changes, a self-contained HTML page, and Markdown. Used by the agent's command and by the
server's export_review tool, so they know nothing of either."""

from .header import answered_by
from .html_page import to_html, write_html
from .markdown import to_markdown_page
from .word import DocxResult, proposed_wording, report_risks, write_docx

__all__ = ["answered_by", "to_html", "write_html", "to_markdown_page", "DocxResult", "proposed_wording",
           "report_risks", "write_docx"]
