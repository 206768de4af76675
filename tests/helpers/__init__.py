"""Helpers shared by several rooms of tests (scenarios, LAN loopback tools, build scripts as modules); no tests here."""
