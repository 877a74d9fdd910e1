"""``python -m trainer``: parse the command line and run the chosen command."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
