"""Fixtures of the LAN tests: none is shared yet (helpers: tests/helpers/net_util.py and hidden.py)."""
