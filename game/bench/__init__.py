"""Benchmarks run by ``python -m game bench NAME``."""
