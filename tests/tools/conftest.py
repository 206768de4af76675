"""Fixtures of the tests of build/'s scripts: none is shared yet (helpers: tests/helpers/build_tools.py)."""
