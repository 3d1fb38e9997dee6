"""paralaw.skills: the contract model, the self-describing skill framework, the skills and domain packs.

Knows nothing of MCP or LLMs.
"""

from .documents.loaders import load_document, parse_document_text
from .documents.model import Clause, CrossReference, Definition, DocumentStructure
from .errors import DocumentError, ParalawError, SkillFailure
from .framework.dispatcher import SkillDispatcher
from .framework.schema import Finding, GenericSkillInput, SkillBackend, SkillError, SkillRegistration, SkillResult
from .framework.state import make_state
from .framework.tool_adapter import INTERNAL_FIELDS, parse_tool_calls, skills_to_tool_definitions
from .packs import all_registrations, create_dispatcher, load_pack

__all__ = [
    "Clause", "CrossReference", "Definition", "DocumentStructure", "DocumentError", "ParalawError", "SkillFailure",
    "SkillDispatcher", "Finding", "GenericSkillInput", "SkillBackend", "SkillError", "SkillRegistration",
    "SkillResult", "INTERNAL_FIELDS", "parse_tool_calls", "skills_to_tool_definitions", "load_document",
    "parse_document_text", "make_state", "all_registrations", "create_dispatcher", "load_pack",
]
