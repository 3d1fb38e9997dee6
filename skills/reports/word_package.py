"""The finishing a .docx package needs so that Word opens the reviewed contract without "unreadable content".

python-docx writes the comments themselves; Word also expects what it writes beside them, and reports a file
as damaged when it is missing or out of range:

- the comment styles ("annotation reference", "annotation text", "annotation subject"), looked up by their
  built-in names so a German or Chinese template's own ids are used, and added when the document lacks them;
- comments.xml declaring the w14 namespace (ignorable), and a w14:paraId on every comment paragraph;
- commentsExtended.xml (w15:commentEx, the comment's open/done state) and commentsIds.xml (w16cid durable ids)
  for every comment, plus commentsExtensible.xml when the document has one, and people.xml naming the author;
- every w14:paraId, w14:textId and durableId below 0x80000000 (Word's limit; some tools write larger ones),
  renumbered consistently in every part that refers to it.

It works on the saved package (a zip of XML parts), so it needs nothing of python-docx's internals.
"""

from __future__ import annotations

import io
import posixpath
import random
import zipfile

from lxml import etree

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
W14 = "http://schemas.microsoft.com/office/word/2010/wordml"
W15 = "http://schemas.microsoft.com/office/word/2012/wordml"
W16CID = "http://schemas.microsoft.com/office/word/2016/wordml/cid"
W16CEX = "http://schemas.microsoft.com/office/word/2018/wordml/cex"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
REL = "http://schemas.openxmlformats.org/package/2006/relationships"
TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
LIMIT = 0x80000000

# part kind -> (relationship type, content type, root element, namespace prefix and uri)
PARTS = {
    "commentsExtended": ("http://schemas.microsoft.com/office/2011/relationships/commentsExtended",
                         "application/vnd.openxmlformats-officedocument.wordprocessingml.commentsExtended+xml",
                         "commentsEx", "w15", W15),
    "commentsIds": ("http://schemas.microsoft.com/office/2016/09/relationships/commentsIds",
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.commentsIds+xml",
                    "commentsIds", "w16cid", W16CID),
    "people": ("http://schemas.microsoft.com/office/2011/relationships/people",
               "application/vnd.openxmlformats-officedocument.wordprocessingml.people+xml", "people", "w15", W15),
}
_COMMENTS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"
_STYLES = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"
_EXTENSIBLE = "http://schemas.microsoft.com/office/2018/08/relationships/commentsExtensible"

# (built-in name, type, the id Word gives it in English, its XML after the name; {base} and {font} are the ids
# of the document's default paragraph style and default character font)
COMMENT_STYLES = [
    ("annotation reference", "character", "CommentReference",
     '<w:basedOn w:val="{font}"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/>'
     '<w:rPr><w:sz w:val="16"/><w:szCs w:val="16"/></w:rPr>'),
    ("annotation text", "paragraph", "CommentText",
     '<w:basedOn w:val="{base}"/><w:uiPriority w:val="99"/><w:unhideWhenUsed/>'
     '<w:rPr><w:sz w:val="20"/><w:szCs w:val="20"/></w:rPr>'),
    ("annotation subject", "paragraph", "CommentSubject",
     '<w:basedOn w:val="CommentText"/><w:next w:val="CommentText"/><w:uiPriority w:val="99"/><w:semiHidden/>'
     '<w:unhideWhenUsed/><w:rPr><w:b/><w:bCs/></w:rPr>'),
]


def _w(tag: str) -> str:
    return f"{{{W}}}{tag}"


class Package:
    """The parts of a .docx by name, parsed on demand, written back in their order."""

    def __init__(self, data: bytes) -> None:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            self.names = archive.namelist()
            self.raw = {name: archive.read(name) for name in self.names}
        self.xml: dict[str, etree._Element] = {}
        self.main = self._targets("", OFFICE_DOCUMENT)[0]

    def root(self, name: str):
        if name not in self.xml:
            self.xml[name] = etree.fromstring(self.raw[name])
        return self.xml[name]

    def _rels_name(self, part: str) -> str:
        folder, base = posixpath.split(part)
        return posixpath.join(folder, "_rels", base + ".rels")

    def _targets(self, part: str, reltype: str) -> list[str]:
        rels = self._rels_name(part)
        if rels not in self.raw:
            return []
        folder = posixpath.dirname(part)
        return [posixpath.normpath(posixpath.join(folder, r.get("Target"))).lstrip("/")
                if not r.get("Target", "").startswith("/") else r.get("Target").lstrip("/")
                for r in self.root(rels) if r.get("Type") == reltype and r.get("TargetMode") != "External"]

    def part(self, reltype: str) -> str | None:
        found = [t for t in self._targets(self.main, reltype) if t in self.raw]
        return found[0] if found else None

    def add_part(self, reltype: str, content_type: str, root) -> str:
        """A new part related to the main document."""
        folder = posixpath.dirname(self.main)
        base = reltype.rsplit("/", 1)[1]
        name = posixpath.join(folder, base + ".xml")
        number = 1
        while name in self.raw:
            number += 1
            name = posixpath.join(folder, f"{base}{number}.xml")
        self.raw[name] = b""
        self.names.append(name)
        self.xml[name] = root
        rels_name = self._rels_name(self.main)
        if rels_name not in self.raw:
            self.raw[rels_name] = b""
            self.names.append(rels_name)
            self.xml[rels_name] = etree.Element(f"{{{REL}}}Relationships", nsmap={None: REL})
        rels = self.root(rels_name)
        taken = {r.get("Id") for r in rels}
        rid = next(f"rId{n}" for n in range(len(taken) + 1, len(taken) + 1000) if f"rId{n}" not in taken)
        etree.SubElement(rels, f"{{{REL}}}Relationship", Id=rid, Type=reltype,
                         Target=posixpath.relpath(name, folder or "."))
        etree.SubElement(self.root("[Content_Types].xml"), f"{{{TYPES}}}Override", PartName="/" + name,
                         ContentType=content_type)
        return name

    def ensure(self, kind: str) -> str:
        reltype, content_type, tag, prefix, uri = PARTS[kind]
        found = self.part(reltype)
        if found is not None:
            return found
        root = etree.Element(f"{{{uri}}}{tag}", nsmap={prefix: uri, "w": W, "mc": MC})
        root.set(f"{{{MC}}}Ignorable", prefix)
        return self.add_part(reltype, content_type, root)

    def save(self) -> bytes:
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            for name in self.names:
                data = self.raw[name]
                if name in self.xml:
                    data = etree.tostring(self.xml[name], xml_declaration=True, encoding="UTF-8", standalone=True)
                archive.writestr(name, data)
        return out.getvalue()


def finish(data: bytes, *, authors: list[str] = ()) -> bytes:
    """The saved .docx with its comment parts and styles complete and its ids in Word's range."""
    package = Package(data)
    Ids(package).repair()
    comments_name = package.part(_COMMENTS)
    if comments_name is not None:
        styles = _comment_styles(package)
        comments = _declare(package, comments_name, {"w14": W14}, ignorable=["w14"])
        _restyle(comments, styles)
        _restyle(package.root(package.main), styles)
        _complete_comments(package, comments)
        _people(package, authors)
    return package.save()


class Ids:
    """w14:paraId / w14:textId / durable ids in every XML part: the ones in use, the ones out of range."""

    PARA = [(W14, "paraId"), (W15, "paraId"), (W15, "paraIdParent"), (W16CID, "paraId")]
    DURABLE = [(W16CID, "durableId"), (W16CEX, "durableId")]
    TEXT = [(W14, "textId")]

    def __init__(self, package: Package) -> None:
        self.package = package
        self.random = random.Random(len(package.names))  # the same input gives the same ids
        self.used: dict[str, set[int]] = {"para": set(), "durable": set(), "text": set()}
        for element in self._elements():
            for family, names in self._families():
                for ns, local in names:
                    value = element.get(f"{{{ns}}}{local}")
                    if value is not None:
                        self.used[family].add(_number(value))

    def _families(self):
        return (("para", self.PARA), ("durable", self.DURABLE), ("text", self.TEXT))

    def _elements(self):
        for name in self.package.names:
            if not name.endswith(".xml") or name == "[Content_Types].xml":
                continue
            if name not in self.package.xml and not any(uri.encode() in self.package.raw[name] for uri in (W14, W15, W16CID, W16CEX)):
                continue
            yield from self.package.root(name).iter()

    def new(self, family: str) -> str:
        while True:
            value = self.random.randrange(1, LIMIT)
            if value not in self.used[family]:
                self.used[family].add(value)
                return f"{value:08X}"

    def repair(self) -> None:
        """Renumber ids at or above 0x80000000, the same new value wherever the old one appears."""
        mapping: dict[tuple[str, int], str] = {}
        for element in self._elements():
            for family, names in self._families():
                for ns, local in names:
                    key = f"{{{ns}}}{local}"
                    value = element.get(key)
                    if value is None or 0 <= _number(value) < LIMIT:
                        continue
                    if (family, _number(value)) not in mapping:
                        mapping[(family, _number(value))] = self.new(family)
                    element.set(key, mapping[(family, _number(value))])


def _number(value: str) -> int:
    try:
        return int(value, 16)
    except ValueError:
        return LIMIT  # not hex at all: out of range too


def _declare(package: Package, name: str, namespaces: dict[str, str], ignorable: list[str]):
    """The part's root with the namespaces declared and listed as ignorable (a new root when lxml must)."""
    root = package.root(name)
    if any(root.nsmap.get(prefix) != uri for prefix, uri in namespaces.items()):
        nsmap = dict(root.nsmap) | namespaces | {"mc": MC}
        fresh = etree.Element(root.tag, nsmap=nsmap)
        for key, value in root.attrib.items():
            fresh.set(key, value)
        fresh.extend(list(root))
        package.xml[name] = root = fresh
    if ignorable:
        ignorable_key = f"{{{MC}}}Ignorable"
        if MC not in root.nsmap.values():
            return _declare(package, name, {"mc": MC}, ignorable)
        listed = (root.get(ignorable_key) or "").split()
        prefixes = {uri: prefix for prefix, uri in root.nsmap.items() if prefix}
        wanted = [prefixes[namespaces[p]] for p in ignorable if namespaces.get(p) in prefixes]
        if any(p not in listed for p in wanted):
            root.set(ignorable_key, " ".join(listed + [p for p in wanted if p not in listed]))
    return root


def _comment_styles(package: Package) -> dict[str, str]:
    """The English id -> the document's id of each comment style, adding those the styles part lacks."""
    name = package.part(_STYLES)
    if name is None:
        return {english: english for _, _, english, _ in COMMENT_STYLES}
    styles = package.root(name)
    by_name, ids = {}, set()
    defaults = {}
    for style in styles.iter(_w("style")):
        ids.add(style.get(_w("styleId")))
        label = style.find(_w("name"))
        if label is not None:
            by_name[(label.get(_w("val")) or "").lower(), style.get(_w("type"))] = style.get(_w("styleId"))
        if style.get(_w("default")) in ("1", "true", "on"):
            defaults[style.get(_w("type"))] = style.get(_w("styleId"))
    resolved: dict[str, str] = {}
    for builtin, kind, english, body in COMMENT_STYLES:
        found = by_name.get((builtin, kind))
        if found is None:
            found = english
            while found in ids:
                found += "1"
            ids.add(found)
            xml = body.format(base=defaults.get("paragraph", ""), font=defaults.get("character", ""))
            xml = xml.replace('<w:basedOn w:val=""/>', "").replace('w:val="CommentText"', f'w:val="{resolved.get("CommentText", "CommentText")}"')
            styles.append(etree.fromstring(f'<w:style xmlns:w="{W}" w:type="{kind}" w:styleId="{found}">'
                                           f'<w:name w:val="{builtin}"/>{xml}</w:style>'))
        resolved[english] = found
    return resolved


def _restyle(root, styles: dict[str, str]) -> None:
    """Point pStyle/rStyle references to the comment styles at the document's own ids."""
    changed = {english: own for english, own in styles.items() if english != own}
    if not changed:
        return
    for tag in ("pStyle", "rStyle"):
        for element in root.iter(_w(tag)):
            if element.get(_w("val")) in changed:
                element.set(_w("val"), changed[element.get(_w("val"))])


def _complete_comments(package: Package, comments) -> None:
    """A paraId on each comment paragraph, and each comment's entries in commentsExtended and commentsIds."""
    ids = Ids(package)
    extended = package.root(package.ensure("commentsExtended"))
    known_ex = {e.get(f"{{{W15}}}paraId") for e in extended.iter(f"{{{W15}}}commentEx")}
    durable = package.root(package.ensure("commentsIds"))
    known_ids = {e.get(f"{{{W16CID}}}paraId") for e in durable.iter(f"{{{W16CID}}}commentId")}
    extensible_name = package.part(_EXTENSIBLE)
    extensible = _declare(package, extensible_name, {}, []) if extensible_name else None
    for comment in comments.iter(_w("comment")):
        paragraphs = list(comment.iter(_w("p")))
        if not paragraphs:
            continue
        for p in paragraphs:
            if p.get(f"{{{W14}}}paraId") is None:
                p.set(f"{{{W14}}}paraId", ids.new("para"))
                p.set(f"{{{W14}}}textId", "77777777")
        last = paragraphs[-1].get(f"{{{W14}}}paraId")
        if last not in known_ex:
            etree.SubElement(extended, f"{{{W15}}}commentEx", {f"{{{W15}}}paraId": last, f"{{{W15}}}done": "0"})
        if last not in known_ids:
            number = ids.new("durable")
            etree.SubElement(durable, f"{{{W16CID}}}commentId", {f"{{{W16CID}}}paraId": last,
                                                                 f"{{{W16CID}}}durableId": number})
            if extensible is not None:
                entry = etree.SubElement(extensible, f"{{{W16CEX}}}commentExtensible", {f"{{{W16CEX}}}durableId": number})
                if comment.get(_w("date")):
                    entry.set(f"{{{W16CEX}}}dateUtc", comment.get(_w("date")))


def _people(package: Package, authors: list[str]) -> None:
    """people.xml naming each author we wrote as, so Word shows the name rather than asking who it is."""
    if not authors:
        return
    people = package.root(package.ensure("people"))
    known = {p.get(f"{{{W15}}}author") for p in people.iter(f"{{{W15}}}person")}
    for author in authors:
        if author in known:
            continue
        person = etree.SubElement(people, f"{{{W15}}}person", {f"{{{W15}}}author": author})
        etree.SubElement(person, f"{{{W15}}}presenceInfo", {f"{{{W15}}}providerId": "None", f"{{{W15}}}userId": author})
