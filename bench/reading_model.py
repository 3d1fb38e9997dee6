"""Rules or a model for the reading layer's actions? A learned baseline against the rules, on the same corpus split.

The model is what a small trained reader would be: TF-IDF over character n-grams (words for English, characters
for Chinese) and one logistic regression per action (one-vs-rest), trained on the corpus's `tune` lines and scored
on its `report` lines - the part the rules were not written against either. It predicts which actions a sentence
holds (not the actor, modality or figures, which need the rules' spans); the table compares that with the rules'
actions, and with both together (the model adding an action only where the rules read none).

    pip install -e '.[train]' && python -m bench.reading_model
"""

from __future__ import annotations

import sys
from collections import Counter

from paralaw.skills.reading.reader import Party, SentenceReader

from bench.reading_eval import load


def _scores(gold: list[Counter], read: list[Counter]) -> tuple[float, float]:
    tp = sum(sum((g & r).values()) for g, r in zip(gold, read))
    fp = sum(sum((r - g).values()) for g, r in zip(gold, read))
    fn = sum(sum((g - r).values()) for g, r in zip(gold, read))
    return tp / max(1, tp + fp), tp / max(1, tp + fn)


def _rules(lines: list[dict]) -> list[Counter]:
    out = []
    for line in lines:
        reader = SentenceReader(tuple(Party(n) for n in line.get("parties") or []), line.get("pronouns") or {})
        out.append(Counter(p.action for p in reader.read(line["text"])))
    return out


def _gold(lines: list[dict]) -> list[Counter]:
    return [Counter(p["action"] for p in line.get("provisions") or []) for line in lines]


def compare(language: str) -> list[tuple[str, float, float]]:
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.multiclass import OneVsRestClassifier
    from sklearn.preprocessing import MultiLabelBinarizer

    train, test = load(language, "tune"), load(language, "report")
    labels = MultiLabelBinarizer()
    y = labels.fit_transform([sorted({p["action"] for p in line["provisions"]}) for line in train])
    analyzer = ("char_wb", (2, 5)) if language == "en" else ("char", (1, 3))
    vectorizer = TfidfVectorizer(analyzer=analyzer[0], ngram_range=analyzer[1], sublinear_tf=True, min_df=1)
    x = vectorizer.fit_transform([line["text"] for line in train])
    model = OneVsRestClassifier(LogisticRegression(C=10.0, max_iter=2000, class_weight="balanced")).fit(x, y)
    predicted = model.predict(vectorizer.transform([line["text"] for line in test]))
    learned = [Counter(labels.classes_[i] for i, on in enumerate(row) if on) for row in predicted]
    gold, rules = _gold(test), _rules(test)
    both = [r if r else m for r, m in zip(rules, learned)]
    return [(name, *_scores(gold, read)) for name, read in (("rules", rules), ("model", learned), ("rules, else model", both))]


def main() -> int:
    try:
        import sklearn  # noqa: F401
    except ImportError:
        print("scikit-learn is not installed: pip install -e '.[train]'", file=sys.stderr)
        return 2
    print("| language | reader | action precision | action recall |")
    print("|---|---|---|---|")
    for language in ("en", "zh"):
        for name, precision, recall in compare(language):
            print(f"| {language} | {name} | {precision:.2f} | {recall:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
