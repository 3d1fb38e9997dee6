"""The FIDIC pack: construction contracts built from General and Particular Conditions."""

SKILLS = []
