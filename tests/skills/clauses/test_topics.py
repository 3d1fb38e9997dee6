"""Reading a query as a CUAD category: whole words, first and longest name wins."""

from __future__ import annotations

from paralaw.skills.clauses.topics import query_categories


def test_category_names_and_synonyms():
    assert query_categories("Cap On Liability") == {"Cap On Liability": 1.0}
    assert query_categories("limitation of liability") == {"Cap On Liability": 1.0}
    assert list(query_categories("Rofr/Rofo/Rofn")) == ["Rofr/Rofo/Rofn"]
    assert list(query_categories("right of first refusal")) == ["Rofr/Rofo/Rofn"]
    assert list(query_categories("Post-Termination Services")) == ["Post-Termination Services"]


def test_no_stemming_confusions():
    """'capable' is not 'cap', 'exclusions' not 'exclusivity', 'postal' not 'post'."""
    assert "Cap On Liability" not in query_categories("capable of performance")
    assert "Exclusivity" not in query_categories("exclusions")
    assert "Post-Termination Services" not in query_categories("postal address")


def test_description_does_not_pull_in_neighbours():
    query = ("License Grant. Does the contract contain a license granted by one party to its counterparty? "
             "Affiliates of the licensee ...")
    found = query_categories(query)
    assert max(found, key=found.get) == "License Grant"
    assert "Affiliate License-Licensee" not in found


def test_free_wording_falls_back_to_the_model():
    found = query_categories("the law of which state governs the interpretation of this contract")
    assert "Governing Law" in found


def test_huge_query_is_cut():
    assert "Cap On Liability" in query_categories("limitation of liability " * 20_000)


def test_bm25_stems_keep_unrelated_words_apart():
    from paralaw.skills.text.tokens import stem

    assert stem("capable") != stem("cap") and stem("postal") != stem("post")
    assert stem("exclusivity") == stem("exclusive") != stem("exclusions")
    assert stem("termination") == stem("terminate")  # the merges that help stay
