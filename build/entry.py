"""PyInstaller entry point: the executable is the same program as ``python -m game``."""

import sys

from game.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
