"""Fixtures of the command-line tests: none is shared yet."""
