"""The benchmarks: what they measure and how they say it."""
