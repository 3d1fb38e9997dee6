"""Heading titles: where a heading's caption ends and its clause's first sentence begins.

"5.3 Delivery. [***]." has the title "Delivery"; "1. INTERPRETATION (a) Definitions In this Agreement"
has "INTERPRETATION"; "1.2 JHU has acquired all right ..." has none (it opens with a sentence). A title also
tells the numbering chooser that a number is a heading rather than a figure in running text.
"""

from __future__ import annotations

import re

_SMALL_WORDS = {"and", "or", "of", "the", "to", "in", "on", "for", "a", "an", "by", "with", "from", "at", "as",
                "upon", "vs", "v", "de", "its", "their", "not", "no"}

_OPENS_WITH_REFERENCE = re.compile(r"^(?:Sub-Clauses?|Clauses?|Sections?|Articles?|Paragraphs?)\s+\d", re.IGNORECASE)
_NEXT_MARKER = re.compile(r"\s(?=\d{1,3}(?:\.\d{1,3})+\.?\s|\(?[a-z]\)\s)")


def is_title(words_text: str) -> bool:
    words = re.findall(r"[A-Za-z][\w'’&-]*", words_text)
    if not words or len(words) > 12:
        return False
    return words[0][0].isupper() and all(w[0].isupper() or w.lower() in _SMALL_WORDS for w in words)


def is_caps(words_text: str) -> bool:
    letters = [ch for ch in words_text if ch.isalpha()]
    return len(letters) >= 3 and all(ch.isupper() for ch in letters)


_BOLD_CAPTION = re.compile(r"^[ \t]*[:.\-–—]?[ \t]*([^*_\n.:;]{2,90}?)[ \t]*[.:]?[ \t]*(?:\*\*|__)(?![\w*])")


def heading_title(rest: str, *, own_line: bool, markdown: bool = False) -> str:
    """The heading's title from the text after its marker, or '' when the clause opens with a sentence.

    "Delivery. [***]." -> "Delivery"; "DEFINITIONS   1.1 ..." -> "DEFINITIONS"; "[Payment]" -> "Payment";
    "The Supplier shall ..." -> "".
    """
    bold = _BOLD_CAPTION.match(rest)
    if bold and (is_title(bold.group(1)) or len(bold.group(1).split()) <= 8 and not _VERBISH.search(bold.group(1))):
        return bold.group(1).strip()  # "**Sub-Clause 14.6 Payment.** In Sub-Clause ...": the bold run is the title
    rest = rest.strip().strip("*_").strip()
    rest = re.sub(r"^[:.\-–—]\s*", "", rest)
    bracket = re.match(r"^[\[〔【]([^\]〕】\n]{1,80})[\]〕】]", rest)
    if bracket:
        return bracket.group(1).strip()
    if not rest or _OPENS_WITH_REFERENCE.match(rest):
        return ""  # "7.2 Clause 7.1 does not apply ...": a sentence that cites another clause
    if markdown and len(rest) <= 150:
        return rest.rstrip(".:").strip().strip("*_").strip()  # a Markdown heading line is all title
    if re.match(r"[\u4e00-\u9fff]", rest):
        # "工期和进度" or "逾期竣工违约责任：..." is a caption; "为了明确双方权利义务，订立本合同。" a sentence
        match = re.match(r"([^。；;：:，,\s]{1,30})(?:$|[：:\s])", rest)
        return match.group(1) if match else ""
    if own_line and len(rest) <= 100 and not re.search(r"[.;:]\s+\S", rest) and not rest.endswith((",", ";")):
        candidate = rest.rstrip(".:").strip().strip("*_").strip()
        if candidate.endswith(")") and "(" not in candidate:
            return ""
        if is_title(candidate) or is_caps(candidate) or (len(candidate.split()) <= 8 and not re.search(r"\b(shall|will|may|must|is|are|means|mean|has|have)\b", candidate)):
            return candidate
    rest = _NEXT_MARKER.split(rest, maxsplit=1)[0]
    segment = re.split(r"(?:(?<=[^A-Z])|(?<=[A-Z]{2}))[.:](?=\s)|\s{3,}|\t", rest, maxsplit=1)[0].strip().strip("*_").strip()
    if segment and len(segment) <= 90 and (is_title(segment) or is_caps(segment)):
        return segment.rstrip(".:").strip()
    colon = re.match(r"^([A-Z][^.:;\n]{1,60}?)\s*:[\s-]", rest)
    if colon and len(colon.group(1).split()) <= 8 and not re.search(r"\b(shall|will|may|must|is|are|means)\b", colon.group(1)):
        return colon.group(1).strip()  # "Manner of appointment and removal:  Any appointment ..."
    caps = re.match(r"^((?:[A-Z][A-Z'’&,/-]*\s+){0,8}[A-Z][A-Z'’&/-]+)(?=\s+[A-Z(\"“]|\s*$)", rest)
    if caps and is_caps(caps.group(1)):
        return caps.group(1).rstrip(",").strip()
    return ""


_CAPTION = re.compile(r"^([A-Z][^.;:\n]{1,70}?)\.\s+(?=[A-Z\"“\[(])")
_VERBISH = re.compile(r"\b(?:shall|will|may|must|is|are|was|has|have|means|agrees?|hereby|does|do)\b")


def short_caption(body: str) -> str:
    """"Ownership of small d Equipment. NCM will own ..." after "Section 2.3": a caption in sentence case,
    accepted after a keyword only (a bare number followed by a short sentence is too often text)."""
    match = _CAPTION.match(body)
    if not match or len(match.group(1).split()) > 8 or _VERBISH.search(match.group(1)):
        return ""
    return match.group(1).strip()


def leading_words(body: str) -> str:
    """"Definitions For the purpose of ..." -> "Definitions": the capitalised words before the sentence that
    follows, less the word that opens that sentence."""
    words = re.match(r"^((?:[A-Z][\w'’&-]*\s+){1,5})(?=[a-z])", body)
    if not words:
        return ""
    return " ".join(words.group(1).split()[:-1])
