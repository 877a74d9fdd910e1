"""Model configuration: one dataclass handed whole to
:class:`~spancopy_core.paper.model.SpanCopyModel`: the copy mode (the paper's CopySpan or
CopyTok), the training objective of paper Table 2 (Eq. 2 by default), the optional edit encoder
of the paper's first experiment (``edit_dim``) and the other features, every field type-checked
and bounded (:data:`LIMITS`) because a config read from a model directory is untrusted.
Design notes: docs/design.md#paper-config.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

COPY_MODES = ("span", "token")
OBJECTIVES = ("marginal", "any_correct", "longest")
VARIANTS = ("merged", "merge_at_end", "greedy")  # of the beam search (spancopy_core.paper.decoding)
DEVICES = ("auto", "cpu", "cuda")  # where a model runs; "auto": CUDA when available, else the CPU
MAX_NGRAM_BUCKETS = 2**20  # of char_ngrams
OPTIONAL = ("context", "char_ngrams", "edit_dim")  # left out of a config where off (0, false)
LIMITS = {  # inclusive bounds of the integer fields
    "embedding_dim": (1, 1024),
    "hidden_size": (2, 2048),
    "encoder_layers": (1, 8),
    "decoder_layers": (1, 8),
    "edit_dim": (0, 2048),
}


@dataclass
class ModelConfig:
    """Sizes and modes of a span-copy model (``H`` hidden size, ``D`` embedding size)."""

    embedding_dim: int = 128
    hidden_size: int = 256
    encoder_layers: int = 2
    decoder_layers: int = 1
    dropout: float = 0.2
    copy_mode: str = "span"
    objective: str = "marginal"
    focus: bool = False  # a learned focus feature on the input tokens (spancopy_core.paper.focus)
    context: bool = False  # a learned marker of the context segment (spancopy_core.paper.context)
    char_ngrams: int = 0  # hash buckets of character n-grams (spancopy_core.paper.ngrams); 0: none
    edit_dim: int = (
        0  # size of the edit vector; 0: no edit encoder (spancopy_core.editing.alignment)
    )

    def __post_init__(self) -> None:
        for name, (low, high) in LIMITS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} must be an integer, not {_short(value)}")
            if not low <= value <= high:
                raise ValueError(f"{name} must be in [{low}, {high}], not {_short(value)}")
        if self.hidden_size % 2:
            raise ValueError("hidden_size must be even (the encoder is bidirectional)")
        if self.edit_dim % 2:
            raise ValueError("edit_dim must be even (the edit encoder is bidirectional)")
        if isinstance(self.dropout, bool) or not isinstance(self.dropout, int | float):
            raise ValueError(f"dropout must be a number, not {_short(self.dropout)}")
        if not 0.0 <= self.dropout < 1.0:
            raise ValueError("dropout must be in [0, 1)")
        if self.copy_mode not in COPY_MODES:
            raise ValueError(f"copy_mode must be one of {COPY_MODES}, not {_short(self.copy_mode)}")
        for name in ("focus", "context"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, not {_short(getattr(self, name))}")
        if isinstance(self.char_ngrams, bool) or not isinstance(self.char_ngrams, int):
            raise ValueError(f"char_ngrams must be an integer, not {_short(self.char_ngrams)}")
        if not 0 <= self.char_ngrams <= MAX_NGRAM_BUCKETS:
            raise ValueError(
                f"char_ngrams must be in [0, {MAX_NGRAM_BUCKETS}], not {_short(self.char_ngrams)}"
            )
        if self.objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {OBJECTIVES}, not {_short(self.objective)}")

    def to_dict(self) -> dict[str, Any]:
        """The fields as a dict; without the optional features that are off (:data:`OPTIONAL`
        at 0), so that a model without them writes the config that versions before them read."""
        data = asdict(self)
        for name in OPTIONAL:
            if not data[name]:
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ModelConfig:
        """Build from a dict, rejecting unknown keys (a config from another version)."""
        if not isinstance(data, dict):
            raise ValueError(f"a model config is an object, not {_short(data)}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown model config keys: {_short(sorted(unknown))}")
        return cls(**data)


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (values may come from an untrusted file)."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
