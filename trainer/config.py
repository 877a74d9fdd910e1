"""TrainConfig: every setting of a training run, built by ``__main__`` and passed whole."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from spancopy_core.config import ModelConfig


@dataclass
class TrainConfig:
    """A training run. Paths are data directories (BFP layout or JSONL, see ``trainer.data``)."""

    train: list[Path]
    out: Path
    valid: list[Path] = field(default_factory=list)  # none: hold out ``valid_fraction``
    train_split: str = "train"
    valid_split: str = "valid"
    valid_fraction: float = 0.05
    init: Path | None = None  # start from this model directory (fine-tuning)
    resume: bool = False  # continue from ``out/checkpoint``
    vocab_from: list[Path] = field(default_factory=list)  # data whose tokens all join the vocab
    vocab_min_count: int = 2
    vocab_max_size: int = 5000
    model: ModelConfig = field(default_factory=ModelConfig)
    max_len: int = 100  # pairs with a longer side are skipped
    batch_size: int = 64
    max_tokens: int | None = None  # cap on padded tokens per batch
    lr: float = 1e-3
    weight_decay: float = 0.01
    warmup: int = 200
    clip: float = 1.0
    epochs: int = 20
    max_steps: int | None = None
    patience: int = 3  # epochs without validation improvement before stopping
    seed: int = 0
    device: str = "auto"
    workers: int = 1
    amp: bool = True  # mixed precision, CUDA only
    log_every: int = 50
    save_every: int = 0  # also checkpoint every N steps (0: at the end of each epoch only)
    progress: bool = True
    threads: int | None = None  # torch CPU threads (None: torch's default, all cores)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key, value in d.items():
            if isinstance(value, Path):
                d[key] = str(value)
            elif isinstance(value, list):
                d[key] = [str(v) for v in value]
        return d
