"""UsageError: bad input reported as one line with exit code 2."""


class UsageError(Exception):
    """Malformed input or arguments; main() prints it on one line and exits 2."""
