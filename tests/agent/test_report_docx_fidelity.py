"""A .docx input keeps everything Word gave it, and what paralaw adds is what Word expects.

The input (docx_fixtures.rich_contract) is built the way Word users send contracts: clauses numbered by Word,
a table, a header and a footer, a footnote, a text box, a comment and tracked changes of the counterparty's.
Rejecting every change gives back the input, numbering included; accepting every change gives the revised
text; the ids, namespaces and styles are those Word checks before it calls a file damaged.
"""

from __future__ import annotations

import io
import re
import zipfile

import docx
import pytest
from docx.oxml.ns import qn
from docx_fixtures import accept_all, reject_all, rich_contract
from lxml import etree

from paralaw.skills import load_document
from paralaw.skills.reports import write_docx
from paralaw.skills.reports.word_package import finish

W14 = "http://schemas.microsoft.com/office/word/2010/wordml"
W15 = "http://schemas.microsoft.com/office/word/2012/wordml"
W16CID = "http://schemas.microsoft.com/office/word/2016/wordml/cid"
DATE = "2026-03-02T10:00:00Z"


def risk(rid, clause_id, quote, wording="", **extra):
    return {"id": rid, "clause_id": clause_id, "risk_level": "high", "risk_type": "liability",
            "description": f"Issue {rid}", "reason": f"Reason {rid}",
            "location": {"original_text": quote} if quote else None, "proposed_wording": wording, **extra}


RISKS = [
    risk("pay", "1.1", "within 60 days", "within 30 days"),
    # beside the counterparty's own change in the same paragraph
    risk("notice", "1.2", "on written notice", "on ninety (90) days' written notice"),
    risk("cap", "2.1", "shall not exceed the Charges paid in the three months", "Ask for a cap of [20] months' Charges"),
    risk("sla", "3", "99.5% monthly availability", "99.9% monthly availability"),  # in a table cell
    risk("box", "1", "Draft for discussion only"),  # in the text box: never marked up there
    risk("bribery", "9", "", "Each party shall comply with the Bribery Act 2010.", verdict="MISSING"),  # at the end
]
REPLACED = [("within 60 days", "within 30 days"), ("on written notice", "on ninety (90) days' written notice"),
            ("99.5% monthly", "99.9% monthly")]


def report(risks):
    return {"clauses": [{"clause_id": r["clause_id"], "risks": [r]} for r in risks], "finished": "2026-03-02T10:00:00+00:00"}


@pytest.fixture
def reviewed(tmp_path):
    source = rich_contract(tmp_path / "msa.docx")
    out = tmp_path / "reviewed.docx"
    result = write_docx(report(RISKS), out, source=source, text=load_document(source).text, author="Jane Smith")
    return source, out, result


def parts(path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def xml(path, name="word/document.xml"):
    return etree.fromstring(parts(path)[name])


def text_after(path, change, tmp_path) -> str:
    """The text paralaw's reader gets from the document once every change is accepted or rejected (Word's
    numbering rendered, headings, table rows and footnotes included)."""
    document = docx.Document(str(path))
    change(document.element.body)
    target = tmp_path / f"{change.__name__}-{path.name}"
    document.save(str(target))
    return load_document(target).text


def paragraph_properties(root) -> list[bytes]:
    """Each body paragraph's properties (style, numbering, indents), as canonical XML."""
    return [etree.tostring(p.find(qn("w:pPr")), method="c14n") if p.find(qn("w:pPr")) is not None else b""
            for p in root.iter(qn("w:p"))]


def test_rejecting_every_change_gives_back_the_input_numbering_included(reviewed, tmp_path):
    source, out, result = reviewed
    assert (result.comments, result.revisions) == (6, 4)
    assert text_after(out, reject_all, tmp_path) == text_after(source, reject_all, tmp_path)
    ours, theirs = xml(out), xml(source)
    reject_all(ours)
    reject_all(theirs)
    assert paragraph_properties(ours) == paragraph_properties(theirs)


def test_accepting_every_change_gives_the_revised_text(reviewed, tmp_path):
    source, out, _ = reviewed
    expected = text_after(source, accept_all, tmp_path)
    for old, new in REPLACED:
        assert expected.count(old) == 1
        expected = expected.replace(old, new)
    last = expected.rstrip("\n").rsplit("\n", 1)[1]  # "5. Service credits ...": the new clause is numbered 6.
    expected += "\n\n6. Each party shall comply with the Bribery Act 2010."
    assert last.startswith("5. ")
    assert text_after(out, accept_all, tmp_path) == expected
    # the reader's own view (every change accepted) agrees
    assert load_document(out).text == expected


def test_numbering_styles_tables_headers_footers_notes_and_text_boxes_survive(reviewed):
    source, out, _ = reviewed
    before, after = parts(source), parts(out)
    for name in ("word/numbering.xml", "word/footnotes.xml", "word/header1.xml", "word/footer1.xml",
                 "word/theme/theme1.xml", "word/settings.xml", "word/fontTable.xml"):
        assert etree.tostring(etree.fromstring(after[name]), method="c14n") == \
            etree.tostring(etree.fromstring(before[name]), method="c14n"), name
    # every style the input had is there, unchanged; the comment styles are added
    styles_before = {s.get(qn("w:styleId")): etree.tostring(s, method="c14n") for s in etree.fromstring(before["word/styles.xml"]).iter(qn("w:style"))}
    styles_after = {s.get(qn("w:styleId")): etree.tostring(s, method="c14n") for s in etree.fromstring(after["word/styles.xml"]).iter(qn("w:style"))}
    assert {k: styles_after.get(k) for k in styles_before} == styles_before
    assert set(styles_after) - set(styles_before) == {"CommentReference", "CommentText", "CommentSubject"}
    # the text box is untouched (no revision, no comment marker inside it) and its text is still there
    boxes = [etree.tostring(b, method="c14n") for b in xml(out).iter(qn("w:txbxContent"))]
    assert boxes == [etree.tostring(b, method="c14n") for b in xml(source).iter(qn("w:txbxContent"))]
    assert b"Draft for discussion only" in boxes[0]
    # the table keeps its shape and style; the redline is inside its cell
    table = xml(out).find(f".//{qn('w:tbl')}")
    assert table.find(f"{qn('w:tblPr')}/{qn('w:tblStyle')}").get(qn("w:val")) == "TableGrid"
    assert len(table.findall(qn("w:tr"))) == 2
    assert ["".join(t.text for t in e.iter(qn("w:t"), qn("w:delText"))) for e in table.iter(qn("w:del"), qn("w:ins"))] == ["99.5%", "99.9%"]
    # the section still points at its header and footer
    section = xml(out).find(f"{qn('w:body')}/{qn('w:sectPr')}")
    assert len(section.findall(qn("w:headerReference"))) == 1 and len(section.findall(qn("w:footerReference"))) == 1
    assert len(list(xml(out).iter(qn("w:footnoteReference")))) == 1


def test_the_counterpartys_changes_and_comment_stay_theirs_and_ours_are_beside_them(reviewed):
    source, out, _ = reviewed
    root = xml(out)
    revisions = [e for e in root.iter(qn("w:ins"), qn("w:del")) if e.getparent().tag != qn("w:rPr")]
    by_author = {}
    for e in revisions:
        text = "".join(t.text for t in e.iter(qn("w:t"), qn("w:delText")))
        by_author.setdefault(e.get(qn("w:author")), []).append((e.tag.rsplit("}")[1], text))
    assert by_author["Counterparty"] == [("del", "at any time"), ("ins", "once a year")]
    assert by_author["Jane Smith"] == [("del", "60"), ("ins", "30"), ("del", "on"), ("ins", "on ninety (90) days'"),
                                        ("del", "99.5%"), ("ins", "99.9%"),
                                        ("ins", "Each party shall comply with the Bribery Act 2010.")]
    counterparty = [e for e in xml(source).iter(qn("w:ins"), qn("w:del"))]
    assert [e.get(qn("w:date")) for e in counterparty] == [e.get(qn("w:date")) for e in revisions if e.get(qn("w:author")) == "Counterparty"]
    comments = list(docx.Document(str(out)).comments)
    assert [c.author for c in comments] == ["Counterparty"] + ["Jane Smith"] * 6
    assert comments[0].text == "We cannot accept this."


def test_every_change_and_comment_has_an_author_a_date_and_unique_ids(reviewed):
    _, out, _ = reviewed
    root = xml(out)
    changes = list(root.iter(qn("w:ins"), qn("w:del")))
    assert changes and all(e.get(qn("w:author")) and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", e.get(qn("w:date")))
                           for e in changes)
    assert len({e.get(qn("w:id")) for e in changes}) == len(changes)
    ours = [e for e in changes if e.get(qn("w:author")) == "Jane Smith"]
    assert {e.get(qn("w:date")) for e in ours} == {DATE}
    comments = list(xml(out, "word/comments.xml").iter(qn("w:comment")))
    assert all(c.get(qn("w:author")) and c.get(qn("w:date")) and c.get(qn("w:initials")) for c in comments)
    assert [(c.get(qn("w:initials")), c.get(qn("w:date"))) for c in comments if c.get(qn("w:author")) == "Jane Smith"] == [("JS", DATE)] * 6
    # each comment is anchored once: range start, range end, and a reference run in the comment reference style
    for c in comments:
        cid = c.get(qn("w:id"))
        for tag in ("w:commentRangeStart", "w:commentRangeEnd", "w:commentReference"):
            assert len([e for e in root.iter(qn(tag)) if e.get(qn("w:id")) == cid]) == 1, (tag, cid)
    for reference in root.iter(qn("w:commentReference")):
        if reference.get(qn("w:id")) != "0":  # the counterparty's, as python-docx wrote it
            assert reference.getparent().find(f"{qn('w:rPr')}/{qn('w:rStyle')}").get(qn("w:val")) == "CommentReference"


def test_revisions_are_balanced_as_word_requires(reviewed):
    _, out, _ = reviewed
    root = xml(out)
    for deletion in (e for e in root.iter(qn("w:del")) if e.getparent().tag != qn("w:rPr")):
        assert list(deletion.iter(qn("w:delText"))) and not list(deletion.iter(qn("w:t")))
        assert not [e for e in deletion.iter(qn("w:ins"), qn("w:del")) if e is not deletion]
    for insertion in (e for e in root.iter(qn("w:ins")) if e.getparent().tag != qn("w:rPr")):
        assert list(insertion.iter(qn("w:t"))) and not list(insertion.iter(qn("w:delText")))
        assert not [e for e in insertion.iter(qn("w:ins"), qn("w:del")) if e is not insertion]
    # a w:ins that changes existing words has its w:del right before it; the only other is a new paragraph's
    mine = [e for e in root.iter(qn("w:ins")) if e.get(qn("w:author")) == "Jane Smith" and e.getparent().tag == qn("w:p")]
    new_paragraphs = [e for e in mine if not "".join(t.text for t in e.getparent().iter(qn("w:t")) if e not in t.iterancestors())]
    assert len(new_paragraphs) == 1
    assert all(e.getprevious().tag == qn("w:del") for e in mine if e not in new_paragraphs)


def test_comment_parts_are_complete_and_ids_within_words_limits(reviewed):
    _, out, _ = reviewed
    files = parts(out)
    comments = etree.fromstring(files["word/comments.xml"])
    assert comments.nsmap.get("w14") == W14
    assert "w14" in comments.get("{http://schemas.openxmlformats.org/markup-compatibility/2006}Ignorable").split()
    paragraph_ids = [p.get(f"{{{W14}}}paraId") for p in comments.iter(qn("w:p"))]
    assert all(paragraph_ids) and len(set(paragraph_ids)) == len(paragraph_ids)
    last_ids = [list(c.iter(qn("w:p")))[-1].get(f"{{{W14}}}paraId") for c in comments.iter(qn("w:comment"))]
    extended = etree.fromstring(files["word/commentsExtended.xml"])
    assert [e.get(f"{{{W15}}}paraId") for e in extended] == last_ids
    durable = etree.fromstring(files["word/commentsIds.xml"])
    assert [e.get(f"{{{W16CID}}}paraId") for e in durable] == last_ids
    every_id = re.findall(rb'(?:paraId|textId|durableId)="([0-9A-Fa-f]+)"', b"".join(files.values()))
    assert every_id and all(int(value, 16) < 0x80000000 for value in every_id)
    people = etree.fromstring(files["word/people.xml"])
    assert [p.get(f"{{{W15}}}author") for p in people] == ["Jane Smith"]
    # the parts are declared and related as Word looks for them
    types = files["[Content_Types].xml"].decode()
    rels = files["word/_rels/document.xml.rels"].decode()
    for name, kind in (("commentsExtended", "commentsExtended"), ("commentsIds", "commentsIds"), ("people", "people")):
        assert f'PartName="/word/{name}.xml"' in types and f"wordprocessingml.{kind}+xml" in types
        assert f'Target="{name}.xml"' in rels
    # the styles a comment uses exist: by their built-in names, with the ids the comments use
    styles = {s.find(qn("w:name")).get(qn("w:val")): s.get(qn("w:styleId"))
              for s in etree.fromstring(files["word/styles.xml"]).iter(qn("w:style"))}
    assert styles["annotation reference"] == "CommentReference" and styles["annotation text"] == "CommentText"
    used = {e.get(qn("w:val")) for e in comments.iter(qn("w:pStyle"), qn("w:rStyle"))}
    assert used <= set(styles.values())


def _package(path, replace: dict[str, bytes]) -> bytes:
    files = parts(path)
    files.update(replace)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


def broken_package(out) -> bytes:
    """Another tool's package: paraIds at or above 0x80000000, a comments.xml declaring only w, and comment
    styles under a German template's ids."""
    files = parts(out)
    comments = files["word/comments.xml"].decode()
    first = re.search(r'w14:paraId="([0-9A-F]{8})"', comments).group(1)
    broken = {name: files[name].replace(first.encode(), b"9ABCDEF0") for name in
              ("word/comments.xml", "word/commentsExtended.xml", "word/commentsIds.xml")}
    bare = re.sub(r"<w:comments [^>]*>", '<w:comments xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">',
                  broken["word/comments.xml"].decode())
    bare = re.sub(r' w14:(paraId|textId)="[0-9A-F]+"', "", bare)
    broken["word/comments.xml"] = bare.replace('w:val="CommentText"', 'w:val="Kommentartext"').encode()
    styles = files["word/styles.xml"].decode().replace('w:styleId="CommentText"', 'w:styleId="Kommentartext"')
    broken["word/styles.xml"] = styles.encode()
    document = files["word/document.xml"].decode().replace("<w:p>", '<w:p w14:paraId="FFFFFFFF" w14:textId="FFFFFFFE">', 1)
    broken["word/document.xml"] = document.encode()
    return _package(out, broken)


def test_finishing_repairs_out_of_range_ids_and_uses_the_templates_own_comment_styles(reviewed, tmp_path):
    """Ids out of range are renumbered consistently in every part, the w14 namespace declared, and the
    template's own comment styles used."""
    _, out, _ = reviewed
    fixed = tmp_path / "fixed.docx"
    fixed.write_bytes(finish(broken_package(out), authors=["Jane Smith"]))
    files = parts(fixed)
    every_id = re.findall(rb'(?:paraId|textId|durableId)="([0-9A-Fa-f]+)"', b"".join(files.values()))
    assert every_id and all(int(value, 16) < 0x80000000 for value in every_id)
    comments = etree.fromstring(files["word/comments.xml"])
    assert comments.nsmap.get("w14") == W14
    last_ids = [list(c.iter(qn("w:p")))[-1].get(f"{{{W14}}}paraId") for c in comments.iter(qn("w:comment"))]
    assert all(last_ids)
    ids_entries = [e.get(f"{{{W16CID}}}paraId") for e in etree.fromstring(files["word/commentsIds.xml"])]
    assert set(last_ids) <= set(ids_entries)  # each comment has a durable id, under its current paraId
    extended = [e.get(f"{{{W15}}}paraId") for e in etree.fromstring(files["word/commentsExtended.xml"])]
    assert set(last_ids) <= set(extended) and "9ABCDEF0" not in extended
    names = {s.get(qn("w:styleId")): s.find(qn("w:name")).get(qn("w:val"))
             for s in etree.fromstring(files["word/styles.xml"]).iter(qn("w:style"))}
    assert names["Kommentartext"] == "annotation text" and "CommentText" not in names
    assert {e.get(qn("w:val")) for e in comments.iter(qn("w:pStyle"))} == {"Kommentartext"}
    assert len(list(docx.Document(str(fixed)).comments)) == 7


def test_author_defaults_to_paralaw(tmp_path):
    source = rich_contract(tmp_path / "msa.docx")
    out = tmp_path / "reviewed.docx"
    write_docx(report(RISKS[:1]), out, source=source, text=load_document(source).text)
    authors = {e.get(qn("w:author")) for e in xml(out).iter(qn("w:ins"), qn("w:del"))} - {"Counterparty"}
    assert authors == {"paralaw"}
    assert [(c.author, c.initials) for c in docx.Document(str(out)).comments][1:] == [("paralaw", "PL")]
