"""spancopy's language server: learned repairs as LSP quick fixes (``python -m lsp_server``).

Also home of the ``spancopy repair`` command line (:mod:`lsp_server.cli`), which runs the same
pipeline without an editor.
"""

__version__ = "0.1.0"
