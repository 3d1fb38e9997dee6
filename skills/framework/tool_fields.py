"""Input fields the system fills in and a model never sees."""

INTERNAL_FIELDS = frozenset({"document_structure", "state_snapshot", "criteria_data", "criteria_file_path"})
