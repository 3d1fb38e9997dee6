"""SkillDispatcher: the registry and the one place skills are called.

`prepare_and_call` is what every caller (the MCP server, tests, benchmarks) uses: the skill's own
prepare_input fills the internal arguments from the review state, the model's arguments override the
business defaults, and the merged input is validated by the skill's input schema. Whatever goes wrong
comes back as a SkillResult with a coded error, never as an exception.
"""

from __future__ import annotations

import importlib
import inspect
import logging
from functools import lru_cache
from typing import Any, Callable, Optional

from pydantic import BaseModel, ValidationError

from ..errors import ParalawError
from .schema import GenericSkillInput, Handler, SkillRegistration, SkillResult
from .tool_fields import system_fields

logger = logging.getLogger(__name__)


def _import_handler(path: str) -> Callable[..., Any]:
    module_name, _, attr = path.rpartition(".")
    return getattr(importlib.import_module(module_name), attr)


def _resolve(handler: Handler) -> Callable[..., Any]:
    return _import_handler(handler) if isinstance(handler, str) else handler


def describe_validation_error(exc: ValidationError) -> tuple[str, list[dict[str, Any]]]:
    problems = [
        {"field": ".".join(str(p) for p in err["loc"]) or "(input)", "problem": err["msg"], "type": err["type"]}
        for err in exc.errors(include_url=False, include_input=False)
    ]
    text = "; ".join(f"{p['field']}: {p['problem']}" for p in problems)
    return f"invalid arguments: {text}", problems


class SkillDispatcher:
    def __init__(self, registrations: list[SkillRegistration] | None = None) -> None:
        self._skills: dict[str, SkillRegistration] = {}
        for registration in registrations or []:
            self.register(registration)

    def register(self, registration: SkillRegistration) -> None:
        if registration.skill_id in self._skills:
            raise ValueError(f"skill '{registration.skill_id}' is already registered")
        self._skills[registration.skill_id] = registration

    def get_registration(self, skill_id: str) -> Optional[SkillRegistration]:
        return self._skills.get(skill_id)

    def list_skills(self) -> list[SkillRegistration]:
        return list(self._skills.values())

    @property
    def skill_ids(self) -> list[str]:
        return list(self._skills)

    def get_tool_definitions(self, *, domain_filter: str | None = None, category_filter: str | None = None) -> list[dict]:
        from .tool_adapter import skills_to_tool_definitions

        return skills_to_tool_definitions(self.list_skills(), domain_filter=domain_filter, category_filter=category_filter)

    async def call(self, skill_id: str, input_data: BaseModel) -> SkillResult:
        registration = self._skills.get(skill_id)
        if registration is None:
            return _failure(skill_id, "UNKNOWN_SKILL", f"no skill named '{skill_id}'", {"known": self.skill_ids})
        if registration.local_handler is None:
            return _failure(skill_id, "NOT_AVAILABLE", f"skill '{skill_id}' has no local handler")
        try:
            output = _resolve(registration.local_handler)(input_data)
            if inspect.isawaitable(output):
                output = await output
        except ParalawError as exc:
            return _failure(skill_id, exc.code, exc.message, exc.details)
        except ValidationError as exc:
            message, problems = describe_validation_error(exc)
            return _failure(skill_id, "INVALID_ARGUMENT", message, {"problems": problems})
        except Exception as exc:
            logger.exception("skill %s failed", skill_id)
            return _failure(skill_id, "INTERNAL_ERROR", f"{type(exc).__name__}: {exc}")
        data = output.model_dump(mode="json") if isinstance(output, BaseModel) else dict(output or {})
        return SkillResult(skill_id=skill_id, success=True, data=data)

    async def prepare_and_call(
        self,
        skill_id: str,
        clause_id: str,
        primary_structure: Any,
        state: dict,
        *,
        llm_arguments: Optional[dict] = None,
    ) -> SkillResult:
        registration = self._skills.get(skill_id)
        if registration is None:
            return _failure(skill_id, "UNKNOWN_SKILL", f"no skill named '{skill_id}'", {"known": self.skill_ids})
        schema = registration.input_schema or GenericSkillInput
        # a model may set only what its tool schema shows; hidden fields stay the system's to fill
        visible = _visible_fields(schema)
        arguments = {k: v for k, v in (llm_arguments or {}).items() if k in visible}
        ignored = sorted(set(llm_arguments or {}) - visible)
        prepared: BaseModel | None = None
        if registration.prepare_input_fn:
            try:
                prepared = _resolve(registration.prepare_input_fn)(clause_id, primary_structure, state)
            except ParalawError as exc:
                return _failure(skill_id, exc.code, exc.message, exc.details)
            except Exception as exc:
                logger.warning("prepare_input failed for %s, using the model's arguments alone: %s", skill_id, exc)
        if prepared is not None:
            values = {name: getattr(prepared, name) for name in type(prepared).model_fields}
            schema = type(prepared)
        else:
            values = {"clause_id": clause_id, "document_structure": primary_structure, "state_snapshot": dict(state)}
            values = {k: v for k, v in values.items() if k in schema.model_fields}
        values.update({k: v for k, v in arguments.items() if k in schema.model_fields})
        try:
            input_data = schema.model_validate(values)
        except ValidationError as exc:
            message, problems = describe_validation_error(exc)
            return _failure(skill_id, "INVALID_ARGUMENT", message, {"problems": problems})
        result = await self.call(skill_id, input_data)
        if ignored and result.success:
            result.data["ignored_arguments"] = ignored
        return result


@lru_cache(maxsize=None)
def _visible_fields(schema: type[BaseModel]) -> frozenset[str]:
    properties = schema.model_json_schema().get("properties", {})
    return frozenset(properties) - system_fields(schema)


def _failure(skill_id: str, code: str, message: str, details: dict | None = None) -> SkillResult:
    return SkillResult(skill_id=skill_id, success=False, error={"code": code, "message": message, "details": details or {}})
