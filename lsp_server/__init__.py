"""spancopy's language server: learned repairs as LSP quick fixes (``python -m lsp_server``).

LSP only: handlers, settings, the model's worker thread, conversion to lsprotocol types and
transport. The repairs themselves come from :mod:`spancopy_core.repair`, the pipeline that
``spancopy repair`` (:mod:`spancopy_core.cli`) runs too.
"""

__version__ = "0.1.0"
