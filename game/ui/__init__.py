"""The pygame-ce client."""
