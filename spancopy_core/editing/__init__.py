"""From a decoded token sequence back to the user's text: minimal, format-preserving edits
(``edits``), positions in any LSP encoding (``positions``) and the aligned form of an edit that
the edit encoder reads (``alignment``)."""
