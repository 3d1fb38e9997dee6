"""Word's automatic numbering, rendered back into the text.

In a .docx the "1.1" or "(a)" before a paragraph is usually not text at all: the paragraph (or its style)
points at a numbering definition (w:numPr -> w:num -> w:abstractNum level with a format and a pattern like
"%1.%2"), and Word draws the number. python-docx returns only the paragraph text, so without this a
contract's clause numbers would vanish. We count the levels per list as Word does and format the label.
"""

from __future__ import annotations

from docx.oxml.ns import qn

from .numbering import CN_DIGITS

_CN = {v: k for k, v in CN_DIGITS.items() if k not in ("两", "〇")}


def _roman(value: int) -> str:
    out = ""
    for number, letters in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                            (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while value >= number:
            out += letters
            value -= number
    return out


def _letters(value: int) -> str:
    value = max(1, value)
    return chr(ord("a") + (value - 1) % 26) * ((value - 1) // 26 + 1)


def _chinese(value: int) -> str:
    if value < 10:
        return _CN.get(value, str(value))
    tens, units = divmod(value, 10)
    if value < 100:
        return ("" if tens == 1 else _CN[tens]) + "十" + (_CN[units] if units else "")
    return str(value)


def _format(value: int, fmt: str) -> str:
    if fmt in ("lowerLetter",):
        return _letters(value)
    if fmt == "upperLetter":
        return _letters(value).upper()
    if fmt == "lowerRoman":
        return _roman(value)
    if fmt == "upperRoman":
        return _roman(value).upper()
    if fmt == "decimalZero":
        return f"{value:02d}"
    if fmt.startswith(("chinese", "ideograph", "japaneseCounting", "taiwaneseCounting")):
        return _chinese(value)
    return str(value)


def _val(element, tag: str, default: str | None = None) -> str | None:
    child = element.find(qn(tag)) if element is not None else None
    return child.get(qn("w:val")) if child is not None else default


class NumberingRenderer:
    """Counts list levels through a document and renders each numbered paragraph's label."""

    def __init__(self, document) -> None:
        self.levels: dict[str, dict[int, tuple[str, str, int]]] = {}  # numId -> ilvl -> (format, pattern, start)
        self.counters: dict[str, dict[int, int]] = {}
        self._style_pprs: dict[str | None, list] = {}  # style id -> pPr of the style and those it is based on
        self._styles: dict[str, object] = {}
        self._default_style: str | None = None
        try:
            for style in document.styles.element.iterchildren(qn("w:style")):
                if style.get(qn("w:type")) in (None, "paragraph") and style.get(qn("w:styleId")):
                    self._styles[style.get(qn("w:styleId"))] = style
                    if style.get(qn("w:default")) in ("1", "true", "on"):
                        self._default_style = style.get(qn("w:styleId"))
        except (KeyError, NotImplementedError, AttributeError):
            pass
        try:
            root = document.part.numbering_part.element
        except (KeyError, NotImplementedError, AttributeError):
            return
        abstract: dict[str, dict[int, tuple[str, str, int]]] = {}
        for node in root.findall(qn("w:abstractNum")):
            levels = {}
            for lvl in node.findall(qn("w:lvl")):
                start = _val(lvl, "w:start", "1") or "1"
                levels[int(lvl.get(qn("w:ilvl"), "0"))] = (
                    _val(lvl, "w:numFmt", "decimal") or "decimal",
                    _val(lvl, "w:lvlText", "") or "",
                    int(start) if start.isdigit() else 1,
                )
            abstract[node.get(qn("w:abstractNumId"))] = levels
        for num in root.findall(qn("w:num")):
            self.levels[num.get(qn("w:numId"))] = dict(abstract.get(_val(num, "w:abstractNumId"), {}))

    def _inherited_pprs(self, style_id: str | None) -> list:
        """The paragraph properties of a style and the styles it is based on, worked out once per style (looking
        the style up through python-docx searched the styles part on every paragraph: quadratic), and safe from a
        style that is based on itself."""
        if style_id not in self._style_pprs:
            chain, seen = [], set()
            current = style_id if style_id in self._styles else self._default_style
            while current is not None and current not in seen and current in self._styles:
                seen.add(current)
                element = self._styles[current]
                chain.append(element.find(qn("w:pPr")))
                current = _val(element, "w:basedOn")
            self._style_pprs[style_id] = chain
        return self._style_pprs[style_id]

    def _num_pr(self, paragraph) -> tuple[str, int] | None:
        # numbering may be inherited from the paragraph style ("Heading 1" linked to a list)
        elements = [paragraph._p.pPr, *self._inherited_pprs(paragraph._p.style)]
        num_id = ilvl = None
        for pPr in elements:
            numPr = pPr.find(qn("w:numPr")) if pPr is not None else None
            if numPr is None:
                continue
            num_id = num_id or _val(numPr, "w:numId")
            ilvl = ilvl if ilvl is not None else _val(numPr, "w:ilvl")
        if not num_id or num_id == "0" or num_id not in self.levels:
            return None
        return num_id, int(ilvl or 0)

    def label(self, paragraph) -> str:
        """The number Word shows before this paragraph ('' if none), advancing the counters."""
        found = self._num_pr(paragraph)
        if not found:
            return ""
        num_id, ilvl = found
        levels = self.levels[num_id]
        if ilvl not in levels or levels[ilvl][0] in ("bullet", "none"):
            return ""
        counters = self.counters.setdefault(num_id, {})
        counters[ilvl] = counters.get(ilvl, levels[ilvl][2] - 1) + 1
        for deeper in [k for k in counters if k > ilvl]:
            del counters[deeper]
        pattern = levels[ilvl][1]
        for level in range(ilvl + 1):
            fmt, _, start = levels.get(level, ("decimal", "", 1))
            pattern = pattern.replace(f"%{level + 1}", _format(counters.get(level, start), fmt))
        return pattern.strip()
