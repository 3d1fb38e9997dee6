"""Input fields the system fills in and a caller never sees nor sets.

A field is the system's when it is named in INTERNAL_FIELDS, when it is marked
`Field(..., json_schema_extra={"system": True})`, or when its description begins "Filled in by the system" (the
convention every skill's input model already follows). `system_fields(model)` finds them, so hiding them from
every tool schema and dropping them from every call needs nothing from the skill itself: a new skill whose
playbook path or data the system fills cannot have it set by a model, which could otherwise point it at any
file or replace the review's own rules.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel
from pydantic.fields import FieldInfo

INTERNAL_FIELDS = frozenset({"document_structure", "state_snapshot", "criteria_data", "criteria_file_path"})
SYSTEM_MARK = "filled in by the system"


def is_system_field(name: str, field: FieldInfo) -> bool:
    extra = field.json_schema_extra
    return (name in INTERNAL_FIELDS
            or (isinstance(extra, dict) and extra.get("system") is True)
            or (field.description or "").strip().lower().startswith(SYSTEM_MARK))


@lru_cache(maxsize=None)
def system_fields(model: type[BaseModel] | None) -> frozenset[str]:
    """The names (and aliases) of `model`'s fields the system fills; INTERNAL_FIELDS when there is no model."""
    if model is None:
        return INTERNAL_FIELDS
    found = set(INTERNAL_FIELDS)
    for name, field in model.model_fields.items():
        if is_system_field(name, field):
            found.add(name)
            if field.alias:
                found.add(field.alias)
    return frozenset(found)
