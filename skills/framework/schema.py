"""How a skill describes itself (SPEC-19 §3) and what every skill returns (the tool schema specification)."""

from __future__ import annotations

import copy
from enum import Enum
from typing import Any, Callable, Literal, Optional, Type, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .tool_fields import system_fields


class SkillBackend(str, Enum):
    LOCAL = "local"
    REMOTE = "remote"


Effect = Literal["query", "stats", "create", "update", "delete"]
Severity = Literal["high", "medium", "low"]


class SkillError(BaseModel):
    code: str
    message: str
    details: dict[str, Any] = Field(default_factory=dict)


class Finding(BaseModel):
    """Something a skill judges worth a reviewer's attention. `evidence` is a verbatim quote of the document."""

    severity: Severity
    kind: str = Field(description="Machine-readable category, e.g. 'dangling_reference', 'time_bar_shortened'.")
    clause_id: str | None = None
    message: str
    evidence: str = ""
    verdict: Literal["GREEN", "YELLOW", "RED", "MISSING"] | None = Field(
        None, description="For a review position: GREEN standard, YELLOW acceptable or needs a look, RED escalate, MISSING absent.")
    topic: str | None = Field(None, description="What the provision is about; findings on one topic and clause are one issue.")
    proposed_wording: str | None = Field(None, description="Wording to propose instead (the redline), where the position has one.")


class SkillResult(BaseModel):
    skill_id: str
    success: bool
    data: dict[str, Any] = Field(default_factory=dict)
    error: Optional[SkillError] = None

    @field_validator("error", mode="before")
    @classmethod
    def _error_from_text(cls, value: Any) -> Any:
        if isinstance(value, str):
            return SkillError(code="SKILL_FAILED", message=value)
        return value


class GenericSkillInput(BaseModel):
    """Input for a skill registered without its own prepare_input."""

    clause_id: str = Field(description="Clause to analyse, as numbered in the contract, e.g. '14.7'.")
    document_structure: Any = None
    state_snapshot: dict[str, Any] = Field(default_factory=dict)


Handler = Union[str, Callable[..., Any]]


class SkillRegistration(BaseModel):
    """A skill's self-description: enough to call it, list it as a tool, and fill its internal arguments."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    skill_id: str
    name: str
    description: str = ""
    input_schema: Optional[Type[BaseModel]] = None
    output_schema: Optional[Type[BaseModel]] = None
    backend: SkillBackend = SkillBackend.LOCAL
    local_handler: Optional[Handler] = None
    prepare_input_fn: Optional[Handler] = None
    domain: str = "*"
    category: str = "general"
    status: str = "active"
    effect: Effect = "query"
    requires_confirmation: bool = False

    def parameters_schema(self) -> dict[str, Any]:
        """The JSON schema of the arguments a model may give: the input model less the fields the system fills
        (tool_fields.system_fields)."""
        parameters: dict[str, Any] = {"type": "object", "properties": {}, "required": []}
        if self.input_schema is None:
            return parameters
        schema = self.input_schema.model_json_schema()
        hidden = system_fields(self.input_schema)
        properties = {k: v for k, v in copy.deepcopy(schema.get("properties", {})).items() if k not in hidden}
        required = [name for name in schema.get("required", []) if name in properties]
        for prop in properties.values():
            prop.pop("title", None)
        parameters = {"type": "object", "properties": properties, "required": required}
        if "$defs" in schema:
            used = {k: v for k, v in schema["$defs"].items() if f"#/$defs/{k}" in repr(properties)}
            if used:
                parameters["$defs"] = used
        return parameters

    def to_tool_definition(self) -> dict[str, Any]:
        """OpenAI function-calling format."""
        return {
            "type": "function",
            "function": {
                "name": self.skill_id,
                "description": self.description,
                "parameters": self.parameters_schema(),
            },
        }
