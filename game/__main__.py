"""Entry point: ``python -m game``."""

import sys

from game.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
