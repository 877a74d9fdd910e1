"""spancopy_core: the span-copying repair model library (Copy That!, AAAI 2021).

Vocabulary, model, marginal objective, merged beam search, metrics, checkpoints, the Java
and prose front-ends, and the shipped models (``pretrained/``). It imports neither the
trainer nor the language server.
"""

from pathlib import Path

PRETRAINED = Path(__file__).resolve().parent / "pretrained"
DEFAULT_JAVA_MODEL = PRETRAINED / "java-bfp"
DEFAULT_PROSE_MODEL = PRETRAINED / "prose-en"
# The edit-representation model that proposes the user's last edit elsewhere (similar edits).
DEFAULT_EDIT_MODEL = PRETRAINED / "java-edit"
# The model that serves each kind of unit (a front-end's ``model``), unless a caller names one.
DEFAULT_MODELS = {"java": DEFAULT_JAVA_MODEL, "prose": DEFAULT_PROSE_MODEL}
