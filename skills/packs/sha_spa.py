"""The SHA/SPA pack: share purchase and shareholders' agreements."""

SKILLS = []
