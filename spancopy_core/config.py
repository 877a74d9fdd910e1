"""Model configuration: one dataclass handed whole to :class:`~spancopy_core.model.SpanCopyModel`.

``copy_mode="span"`` is the paper's Seq2Seq+CopySpan; ``"token"`` is its Seq2Seq+CopyTok
baseline, the same action head restricted to spans of length one. ``objective`` picks the
training loss of paper Table 2: the marginal likelihood over all action sequences (Eq. 2),
``any_correct`` (no marginalisation over the future) or ``longest`` (teacher-force the
longest correct copy).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

COPY_MODES = ("span", "token")
OBJECTIVES = ("marginal", "any_correct", "longest")
VARIANTS = ("merged", "merge_at_end", "greedy")  # of the beam search (spancopy_core.decoding)
DEVICES = ("auto", "cpu", "cuda")  # where a model runs; "auto": CUDA when available, else the CPU


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

    def __post_init__(self) -> None:
        if self.copy_mode not in COPY_MODES:
            raise ValueError(f"copy_mode must be one of {COPY_MODES}, not {self.copy_mode!r}")
        if self.objective not in OBJECTIVES:
            raise ValueError(f"objective must be one of {OBJECTIVES}, not {self.objective!r}")
        if self.hidden_size % 2:
            raise ValueError("hidden_size must be even (the encoder is bidirectional)")
        for name in ("embedding_dim", "hidden_size", "encoder_layers", "decoder_layers"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be positive")
        if not 0.0 <= self.dropout < 1.0:
            raise ValueError("dropout must be in [0, 1)")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ModelConfig:
        """Build from a dict, rejecting unknown keys (a config from another version)."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown model config keys: {sorted(unknown)}")
        return cls(**data)
