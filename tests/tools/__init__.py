"""The scripts under build/: packaging and the study tools (named tools: pytest skips folders named build)."""
