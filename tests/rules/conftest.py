"""Fixtures of the rules tests: none is shared yet.

Their helpers are plain functions: chicken_util, chicken_hands, wenshan_util, yuxi_util, scoring, invariants.
"""
