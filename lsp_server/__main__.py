"""``python -m lsp_server`` / ``spancopy-ls``: run the language server.

    spancopy-ls [--stdio] | --tcp [--host 127.0.0.1] [--port 2087]
    spancopy-ls --settings-schema    # the settings as VS Code configuration JSON
    spancopy-ls --version

stdio is the default transport; ``--tcp`` binds loopback unless ``--host`` says otherwise.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from importlib.metadata import PackageNotFoundError, version

from .settings import json_schema

DESCRIPTION = """Run the spancopy language server (LSP): learned repairs, as quick fixes, of
Java methods and of the English of text and Markdown files and Java comments; the user's
last edit proposed on similar methods."""
EPILOG = """examples:
  spancopy-ls                      talk LSP on stdin/stdout (what editors start)
  spancopy-ls --tcp --port 2087    listen on 127.0.0.1:2087
  spancopy-ls --settings-schema    the settings as VS Code configuration JSON

The model and the other settings come from the editor (initializationOptions and the
"spancopy" configuration section); see docs/server.md."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        prog="spancopy-ls",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--version", action="version", version=f"spancopy-ls {_version()}")
    transport = ap.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true", help="talk LSP on stdin/stdout")
    transport.add_argument("--tcp", action="store_true", help="listen on a TCP socket")
    ap.add_argument("--host", default="127.0.0.1", help="TCP host (default: loopback)")
    ap.add_argument("--port", type=int, default=2087, help="TCP port (default: 2087)")
    ap.add_argument(
        "--log-level",
        default="info",
        choices=["debug", "info", "warning", "error"],
        help="least severe message forwarded to the client's log (default: info)",
    )
    ap.add_argument(
        "--settings-schema", action="store_true", help="print the settings schema and exit"
    )
    return ap.parse_args(argv)


def _version() -> str:
    """The installed distribution's version."""
    try:
        return version("spancopy")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    if args.settings_schema:
        sys.stdout.write(json.dumps(json_schema(), indent=2) + "\n")
        return
    logging.getLogger("lsp_server").setLevel(args.log_level.upper())
    from .server import create_server
    from .transport import run

    run(create_server(), (args.host, args.port) if args.tcp else None)


if __name__ == "__main__":
    main()
