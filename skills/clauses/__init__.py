"""Clause understanding learned from CUAD: the clause-type model and what is built on it."""

from .model import categories, classify_text

__all__ = ["categories", "classify_text"]
