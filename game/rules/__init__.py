"""The rules core: pure, deterministic Python (tiles, wall, hand analysis, round engine, scoring)."""
