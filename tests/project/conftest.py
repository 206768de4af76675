"""Fixtures of the project-wide tests: none is shared yet."""
