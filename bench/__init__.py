"""Benchmarks that print measured figures (run as `python -m bench.<name>`)."""
