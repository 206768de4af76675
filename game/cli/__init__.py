"""Command-line surface of shared/spec/cli.md: play, sim, score, replay, host, join, bench, screenshot."""
