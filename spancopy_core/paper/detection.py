"""The detection head: P(the focused line, or the method without a focus, needs a change), a small
classifier over the frozen repair model's encoder states (issue 24). Its features are the mean
and the maximum of the encoder states over the focus tokens and over the whole method, whether
there is a focus, and the model's log-probability per token of the method left as it is; the
head is a 1-hidden-layer MLP (a logistic regression with ``hidden=0``) on the standardised
features. Its probability is calibrated per kind (a line, a method) by a Platt map and the
rate at which the repairs shown hold the fix where a change is needed (:func:`calibrate`), fitted
on real requests (``bench/false_alarms.py --part tune --calibrate``): the probability that the list
shown holds the fix, which the shares shown divide
(:func:`spancopy_core.repair.ranking.calibrated_shares`) and the rules of automatic code actions
and diagnostics read. Stored beside the model:
``detector.json`` (:class:`DetectorConfig`) and ``detector.safetensors`` (never pickle). Design
notes: docs/design.md#paper-detection.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import NamedTuple
from weakref import WeakKeyDictionary

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file
from torch import nn

from spancopy_core.paper.focus import INSIDE
from spancopy_core.paper.model import SpanCopyModel
from spancopy_core.storage.files import FileRejected, read_regular
from spancopy_core.storage.model_dir import CheckpointError, read_weights_header

CONFIG, WEIGHTS = "detector.json", "detector.safetensors"
FORMAT_VERSION = 2
MAX_HIDDEN = 4096
MAX_FEATURES = 1 << 16
HAS_FOCUS = -2  # the feature column of has-focus (1 or 0)


def feature_count(hidden_size: int) -> int:
    """Features of a model of ``hidden_size``: four pools of the states, has-focus, the
    unchanged method's log-probability per token."""
    return 4 * hidden_size + 2


@dataclass(frozen=True)
class DetectorConfig:
    """A detection head's shape, its calibration and the rules it serves. The head's
    probability p of a line (with a focus) or a method (without) that it needs a change is
    calibrated as ``sigmoid(scale * logit(p) + shift)`` with the kind's pair (1 and 0: as it
    is), times the kind's ``found``, the share of units needing a change whose repairs shown
    hold the fix: the probability that the list shown holds the fix (:func:`calibrate`). The
    repairs shown share it; a line (an automatic code action) or a method (a diagnostic) is
    flagged when it is at least the kind's least share (above 1: never)."""

    features: int
    hidden: int = 64  # 0: a logistic regression
    line_scale: float = 1.0
    line_shift: float = 0.0
    line_found: float = 1.0
    method_scale: float = 1.0
    method_shift: float = 0.0
    method_found: float = 1.0
    automatic_share: float = 0.5
    diagnostics_share: float = 0.5

    def __post_init__(self) -> None:
        if not 0 < self.features <= MAX_FEATURES or not 0 <= self.hidden <= MAX_HIDDEN:
            raise ValueError(f"features {self.features} or hidden {self.hidden} out of range")
        for name in ("line_scale", "method_scale"):
            if not 0 < getattr(self, name) < math.inf:  # > 0: the map keeps the order
                raise ValueError(f"{name} must be a finite number > 0")
        for name in ("line_shift", "method_shift"):
            if not math.isfinite(getattr(self, name)):
                raise ValueError(f"{name} must be a finite number")
        for name in ("line_found", "method_found"):
            if not 0 <= getattr(self, name) <= 1:
                raise ValueError(f"{name} must be a probability")
        for name in ("automatic_share", "diagnostics_share"):
            if not 0 <= getattr(self, name) < math.inf:
                raise ValueError(f"{name} must be a finite number >= 0")

    @classmethod
    def from_dict(cls, data: object) -> DetectorConfig:
        """The config of a parsed ``detector.json``; raises ValueError on any other field."""
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known - {"format_version", "training"})
        if unknown or data.get("format_version") != FORMAT_VERSION:
            raise ValueError(f"unknown fields {unknown} or format (expected {FORMAT_VERSION})")
        values = {k: v for k, v in data.items() if k in known}
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values.values()):
            raise ValueError("every field is a number")
        return cls(**values)


class DetectionHead(nn.Module):
    """(N, F) features -> (N,) logits of P(needs a change); the features are standardised
    with the training set's ``mean`` and ``scale`` (buffers, saved with the weights)."""

    mean: torch.Tensor
    scale: torch.Tensor

    def __init__(self, config: DetectorConfig) -> None:
        super().__init__()
        self.config = config
        F, Hd = config.features, config.hidden
        self.register_buffer("mean", torch.zeros(F))
        self.register_buffer("scale", torch.ones(F))
        self.net = (
            nn.Sequential(nn.Linear(F, Hd), nn.ReLU(), nn.Linear(Hd, 1))
            if Hd
            else nn.Sequential(nn.Linear(F, 1))
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net((x - self.mean) / self.scale).squeeze(-1)  # (N,)


@dataclass
class Detector:
    """A loaded head and its config."""

    head: DetectionHead

    @property
    def config(self) -> DetectorConfig:
        return self.head.config


class Detection(NamedTuple):
    """The head's answer for one unit and the rule that applies to it: an automatic code
    action's with a focus, a diagnostic's without."""

    probability: float  # calibrated P(the list shown holds the fix): what the shares divide
    least_share: float  # the probability the rule asks for at least
    raw: float  # the head's own P(needs a change), before calibration
    # the share of the beam's changes that change the unit, which ``probability`` was
    # multiplied by (repair.runner.judged): the rest leave it as it is
    kept: float = 1.0


def calibrate(p: float, scale: float, shift: float, found: float = 1.0) -> float:
    """``found * sigmoid(scale * logit(p) + shift)``: Platt's map of the head's probability
    ``p``, increasing in ``p`` for ``scale > 0`` (0 and 1 stay), times ``found``."""
    if p <= 0 or p >= 1:
        return found if p >= 1 else 0.0
    z = scale * math.log(p / (1 - p)) + shift
    return found * (1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z)))


_HEADS: WeakKeyDictionary[SpanCopyModel, Detector] = WeakKeyDictionary()


def attach(model: SpanCopyModel, detector: Detector | None) -> None:
    """Make ``detector`` the detection head of ``model`` (None: it has none)."""
    if detector is None:
        _HEADS.pop(model, None)
    else:
        _HEADS[model] = detector


def head_of(model: SpanCopyModel) -> Detector | None:
    """The detection head of ``model`` (:func:`attach`), if it has one."""
    return _HEADS.get(model)


def detect(
    model: SpanCopyModel,
    inputs: Sequence[Sequence[str]],
    focus: Sequence[Sequence[int] | None],
    unchanged: Sequence[float | None] | None = None,
) -> list[Detection] | None:
    """The head's :class:`Detection` of each input told its focus (None: no focus); None when
    ``model`` has no head. ``unchanged``: each input's log-probability of itself where the
    caller has already scored it (:func:`features`)."""
    detector = head_of(model)
    if detector is None:
        return None
    c = detector.config
    return [
        Detection(calibrate(p, c.line_scale, c.line_shift, c.line_found), c.automatic_share, p)
        if f is not None
        else Detection(
            calibrate(p, c.method_scale, c.method_shift, c.method_found), c.diagnostics_share, p
        )
        for p, f in zip(
            probabilities(model, detector, inputs, focus, unchanged), focus, strict=True
        )
    ]


@torch.no_grad()
def features(
    model: SpanCopyModel,
    inputs: Sequence[Sequence[str]],
    focus: Sequence[Sequence[int] | None],
    batch_size: int = 64,
    unchanged: Sequence[float | None] | None = None,
) -> torch.Tensor:
    """(N, F) features of ``inputs`` told ``focus`` (focus ids per token, None: none): the
    mean and max of the encoder states over the focus tokens (the whole method without any)
    and over the whole method, has-focus, and the unchanged method's log-probability per
    token (one exact scoring, :func:`spancopy_core.paper.scoring.log_probs`, of the inputs
    whose ``unchanged`` log-probability is not given: the ranking has scored it already)."""
    if unchanged is not None and len(unchanged) != len(inputs):
        raise ValueError("unchanged must have one log-probability (or None) per input")
    from spancopy_core.paper.decoding import encode_inputs
    from spancopy_core.paper.scoring import log_probs

    was_training = model.training
    model.eval()
    out = []
    try:
        for k in range(0, len(inputs), batch_size):
            xs, fs = inputs[k : k + batch_size], focus[k : k + batch_size]
            given = [None] * len(xs) if unchanged is None else unchanged[k : k + batch_size]
            ids = [list(f) if f is not None else [0] * len(x) for x, f in zip(xs, fs, strict=True)]
            states = encode_inputs(model, xs, ids).states[:, 1:-1]  # (B, S, H) no BOS/EOS
            S = states.size(1)
            dev = states.device
            real = torch.tensor([[i < len(x) for i in range(S)] for x in xs], device=dev)  # (B, S)
            inside = torch.tensor(
                [[i < len(f) and f[i] == INSIDE for i in range(S)] for f in ids], device=dev
            )  # (B, S)
            has = inside.any(dim=1)  # (B,)
            inside = torch.where(has[:, None], inside, real)  # no focus: the whole method
            todo = [i for i, g in enumerate(given) if g is None]
            scored = iter(log_probs(model, [(xs[i], fs[i], xs[i]) for i in todo]))
            lp = [next(scored) if g is None else g for g in given]
            per_token = torch.tensor(
                [p / (len(x) + 1) for p, x in zip(lp, xs, strict=True)], device=dev
            )  # (B,) EOS included
            out.append(
                torch.cat(
                    [*_pools(states, inside), *_pools(states, real), has[:, None].float()]
                    + [per_token[:, None]],
                    dim=1,
                )
            )
    finally:
        model.train(was_training)
    return torch.cat(out).float()  # (N, F)


def _pools(states: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """(B, S, H) states, (B, S) mask with at least one position per row -> (B, H) mean, max."""
    m = mask[..., None].to(states.dtype)  # (B, S, 1)
    mean = (states * m).sum(1) / m.sum(1).clamp(min=1.0)
    biggest = states.masked_fill(~mask[..., None], -1e4).amax(1)
    return mean, biggest


@torch.no_grad()
def probabilities(
    model: SpanCopyModel,
    detector: Detector,
    inputs: Sequence[Sequence[str]],
    focus: Sequence[Sequence[int] | None],
    unchanged: Sequence[float | None] | None = None,
) -> list[float]:
    """P(needs a change) of each input told its focus (None: the whole method), with the
    unchanged log-probabilities already known (:func:`features`)."""
    if not inputs:
        return []
    detector.head.eval()
    found = features(model, inputs, focus, unchanged=unchanged)
    return torch.sigmoid(detector.head(found)).tolist()  # (N,)


def save(directory: Path, head: DetectionHead, training: dict[str, object] | None = None) -> None:
    """Write ``detector.json`` and ``detector.safetensors`` of ``head`` into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    save_config(directory, head.config, training)
    tensors = {k: v.detach().contiguous() for k, v in head.state_dict().items()}
    save_file(tensors, str(directory / WEIGHTS))


def save_config(
    directory: Path, config: DetectorConfig, training: dict[str, object] | None = None
) -> None:
    """Write ``detector.json`` of ``config`` (and how it was made, ``training``) into
    ``directory``: a head's calibration and rules are rewritten without its weights."""
    data = {"format_version": FORMAT_VERSION, **asdict(config)}
    if training:
        data["training"] = training
    (directory / CONFIG).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def load(directory: str | Path, device: str | torch.device = "cpu") -> Detector | None:
    """The detection head of a model directory; None when it has none. Raises
    :class:`~spancopy_core.storage.model_dir.CheckpointError` for a head that is there but
    cannot be read (a bad config, weights of other names or shapes)."""
    path = Path(directory) / CONFIG
    if not path.exists():
        return None
    try:
        config = DetectorConfig.from_dict(json.loads(read_regular(path, 1 << 16)))
    except (FileRejected, OSError, ValueError, TypeError, RecursionError) as exc:
        raise CheckpointError(path, f"bad detector config ({exc})") from None
    head = DetectionHead(config)
    want = {k: tuple(t.shape) for k, t in head.state_dict().items()}
    weights = Path(directory) / WEIGHTS
    need = 8 + (1 << 16) + 4 * sum(math.prod(s) for s in want.values())
    found = read_weights_header(weights, need)
    if {k: s for k, (s, _) in found.items()} != want or {d for _, d in found.values()} != {"F32"}:
        raise CheckpointError(weights, "not the detection head its config describes")
    try:
        head.load_state_dict(load_file(str(weights)))
    except (SafetensorError, OSError, RuntimeError) as exc:
        raise CheckpointError(weights, f"unreadable ({exc})") from None
    return Detector(head.to(device).eval())
