"""Domain packs: which skills a domain adds, and its checklist, criteria and baseline as data files.

A pack is a module listing its skill registrations (one line per skill) plus a folder under data/ with
checklist.yaml, criteria.yaml and baseline.md. Users may bring their own checklist and criteria
(a playbook) in the same YAML/JSON form.
"""

from __future__ import annotations

import importlib
import logging
from functools import lru_cache
from importlib import resources
from typing import Any

import yaml
from pydantic import BaseModel, Field

from ..documents.model import DocumentStructure
from ..documents.parser import parse_text
from ..framework.dispatcher import SkillDispatcher
from ..framework.schema import SkillRegistration
from .criteria import pack_criteria

logger = logging.getLogger(__name__)

DOMAINS = ("generic", "fidic", "sha_spa")


class ChecklistItem(BaseModel):
    clause_id: str
    clause_name: str
    priority: str = Field("medium", pattern="^(high|medium|low)$")
    description: str = ""
    query: str = Field("", description="Words that find the clause when its number differs in this contract.")
    required_skills: list[str] = Field(default_factory=list)


class DomainPack(BaseModel):
    domain_id: str
    name: str
    description: str = ""
    checklist: list[ChecklistItem]
    criteria: list[dict[str, Any]] = Field(default_factory=list)
    baseline_text: str = ""


def _registrations(domain: str) -> list[SkillRegistration]:
    if domain == "generic":
        from . import generic as pack
    elif domain == "fidic":
        from . import fidic as pack
    elif domain == "sha_spa":
        from . import sha_spa as pack
    else:
        raise KeyError(domain)
    return _load(pack.SKILLS, domain)


def _load(entries: list[str], domain: str) -> list[SkillRegistration]:
    """Each listed skill module's registration. One that fails to import, or has no valid registration, is
    skipped with a warning (SPEC-12 §3.2): one broken skill must not take the registry and the server down."""
    registrations = []
    for entry in entries:
        try:
            registration = importlib.import_module(f"..{entry}", __package__).registration
        except Exception as exc:
            logger.warning("skill %s of the %s pack skipped: it failed to load (%s: %s)", entry, domain, type(exc).__name__, exc)
            continue
        if not isinstance(registration, SkillRegistration):
            logger.warning("skill %s of the %s pack skipped: its registration is a %s", entry, domain, type(registration).__name__)
            continue
        registrations.append(registration)
    return registrations


def _unique(registrations: list[SkillRegistration]) -> list[SkillRegistration]:
    """The first registration of each skill id; a later one with the same id is skipped with a warning."""
    kept: dict[str, SkillRegistration] = {}
    for registration in registrations:
        if registration.skill_id in kept:
            logger.warning("skill %s registered twice (%s): the second registration is skipped",
                           registration.skill_id, registration.domain)
            continue
        kept[registration.skill_id] = registration
    return list(kept.values())


def resolve_domain(domain: str | None) -> str:
    """A known domain id; anything else falls back to 'generic' with a warning."""
    if not domain or domain in ("*", "generic"):
        return "generic"
    if domain not in DOMAINS:
        logger.warning("unknown domain '%s': using the generic pack (known: %s)", domain, ", ".join(DOMAINS))
        return "generic"
    return domain


def _read(domain: str, name: str) -> str:
    path = resources.files(__package__).joinpath("data", domain, name)
    return path.read_text(encoding="utf-8") if path.is_file() else ""


@lru_cache(maxsize=None)
def load_pack(domain: str) -> DomainPack:
    domain = resolve_domain(domain)
    meta = yaml.safe_load(_read(domain, "checklist.yaml")) or {}
    return DomainPack(
        domain_id=domain,
        name=meta.get("name", domain),
        description=meta.get("description", ""),
        checklist=[ChecklistItem.model_validate(item) for item in meta.get("checklist", [])],
        criteria=[item.model_dump() for item in pack_criteria(domain).criteria],
        baseline_text=_read(domain, "baseline.md"),
    )


@lru_cache(maxsize=None)
def baseline_structure(domain: str) -> DocumentStructure | None:
    """The domain's baseline (original text) parsed like any contract, or None if the pack has none."""
    text = load_pack(domain).baseline_text
    return parse_text(text, filename=f"{domain}_baseline.md", document_id=f"baseline:{domain}") if text.strip() else None


def all_registrations() -> list[SkillRegistration]:
    """Every skill of every pack, generic first: what the MCP server registers."""
    return _unique([reg for domain in DOMAINS for reg in _registrations(domain)])


def create_dispatcher(domain: str | None = None) -> SkillDispatcher:
    """Generic skills plus the domain's own; an unknown domain gets the generic pack and a warning."""
    domain = resolve_domain(domain)
    registrations = _registrations("generic")
    if domain != "generic":
        registrations += _registrations(domain)
    return SkillDispatcher(_unique(registrations))
