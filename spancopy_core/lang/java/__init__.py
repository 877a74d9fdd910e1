"""Java front-end: lexing and methods, BFP-compatible abstraction and its inverse, layout.

Three modules, one job each; this package hands their public names on, so callers write
``from spancopy_core.lang import java`` and ``java.parse(text)``:

- :mod:`.syntax`: :func:`parse` (tree-sitter-java, incremental) into a :class:`JavaSource`
  with its :class:`Token` list, :class:`Method` list and imports; class members parsed alone
  (:func:`member_context`, :func:`member_tokens`, :func:`method_tokens`,
  :func:`has_syntax_error`); the only module that touches tree-sitter.
- :mod:`.abstraction`: :func:`abstract` (BFP's ``TYPE_n`` / ``VAR_n`` / ... placeholders and
  idioms), :func:`concretize` (its inverse, through a :class:`Mapping`),
  :func:`strip_annotations`, and :func:`model_input` / :func:`model_input_pair`: what the model
  sees of a method, for the trainer and the server alike.
- :mod:`.layout`: :class:`JavaStyle`, learned by :func:`learn_style`, lays out generated Java
  for :func:`spancopy_core.editing.edits.edits`.
"""

from spancopy_core.lang.java.abstraction import (
    JAVA_LANG,
    PLACEHOLDER,
    Abstraction,
    Mapping,
    ModelInput,
    abstract,
    abstract_pair,
    abstract_together,
    concretize,
    model_input,
    model_input_pair,
    strip_annotations,
)
from spancopy_core.lang.java.layout import JavaStyle, layout_free, learn_style
from spancopy_core.lang.java.syntax import (
    CONTEXTUAL_KEYWORDS,
    KEYWORDS,
    MAX_SOURCE_BYTES,
    JavaSource,
    Method,
    SyntaxNode,
    Token,
    commented_code,
    enclosing_fields,
    has_syntax_error,
    lex,
    member_context,
    member_tokens,
    method_at,
    method_tokens,
    methods,
    parse,
)

__all__ = [
    "CONTEXTUAL_KEYWORDS",
    "JAVA_LANG",
    "KEYWORDS",
    "MAX_SOURCE_BYTES",
    "PLACEHOLDER",
    "Abstraction",
    "JavaSource",
    "JavaStyle",
    "Mapping",
    "Method",
    "ModelInput",
    "SyntaxNode",
    "Token",
    "abstract",
    "abstract_pair",
    "abstract_together",
    "commented_code",
    "concretize",
    "enclosing_fields",
    "has_syntax_error",
    "layout_free",
    "learn_style",
    "lex",
    "member_context",
    "member_tokens",
    "method_at",
    "method_tokens",
    "methods",
    "model_input",
    "model_input_pair",
    "parse",
    "strip_annotations",
]
