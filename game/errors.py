"""UsageError: bad input to a command, one line and exit code 2 (a leaf every layer above the rules may raise)."""


class UsageError(Exception):
    """Malformed input or arguments; main() prints it on one line and exits 2."""
