"""Screens around the table: menu, setup, settings, saved replays, the rules viewer, the demo and its lessons."""
