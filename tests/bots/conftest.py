"""Fixtures of the bot tests: none is shared yet; their helpers are plain functions (bot_util)."""
