"""PyInstaller entry point: the executable is the same program as ``python -m game``."""

import sys

if sys.platform == "win32":
    from game.cli.winconsole import reattach

    reattach(sys.argv[1:])

from game.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
