"""Fixtures of the benchmark tests: none is shared yet."""
