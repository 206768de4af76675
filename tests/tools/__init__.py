"""The scripts under build/: packaging and the bots' study tools (a room named tools: pytest skips folders named build)."""
