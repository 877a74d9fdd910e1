"""Module tests of the span-copy model: normaliser, distributions, masking, gradients."""

from __future__ import annotations

import pytest
import torch

from spancopy_core.paper.config import ModelConfig
from spancopy_core.paper.logspace import NEG
from spancopy_core.paper.model import SpanCopyModel, span_log_normaliser
from spancopy_core.paper.vocab import BOS_ID, PAD_ID

from .tiny import TINY_VOCAB, make_batch, tiny_model

PAIRS = [
    (["a", "b", "c", "a"], ["a", "b", "x", "a"]),
    (["c"], ["c", "c"]),
    (["x", "a", "b", "c", "b", "a"], []),
]


def materialised_spans(start, end, span: bool):
    """(B, T, S, S) scores a[i] + e[j-1] for every allowed span, NEG elsewhere."""
    S = start.size(-1)
    i = torch.arange(S)[:, None]
    t = torch.arange(S)[None, :]
    allowed = (i <= t) if span else (i == t)
    scores = start[..., :, None] + end[..., None, :]  # (B, T, S, S)
    return scores.masked_fill(~allowed, float("-inf"))


@pytest.mark.parametrize("span", [True, False])
@pytest.mark.parametrize("scale", [5.0, 200.0])  # 200: rows beyond the fast path's safe range
def test_normaliser_equals_materialised(span, scale):
    torch.manual_seed(1)
    start = (torch.randn(3, 4, 7) * scale).requires_grad_()
    end = (torch.randn(3, 4, 7) * scale).requires_grad_()
    with torch.no_grad():  # padding of the last positions of one row, as the model masks it
        start[0, :, 5:] = NEG
        end[0, :, 5:] = NEG
    got = span_log_normaliser(start, end, span)
    want = torch.logsumexp(materialised_spans(start, end, span).flatten(-2), dim=-1)
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-4)
    g_got = torch.autograd.grad(got.sum(), [start, end])
    g_want = torch.autograd.grad(want.sum(), [start, end])
    for a, b in zip(g_got, g_want):
        torch.testing.assert_close(a, b, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("copy_mode", ["span", "token"])
def test_action_distribution_sums_to_one_and_masks(copy_mode):
    model = tiny_model(copy_mode)
    batch = make_batch(PAIRS, copy_mode=copy_mode)
    with torch.no_grad():
        sc = model.scores(batch)
    B, T, V = sc.gen.shape
    S = batch.src.size(1) - 2
    assert sc.start.shape == sc.end.shape == (B, T, S) and sc.log_z.shape == (B, T)
    gen_p = (sc.gen - sc.log_z[..., None]).exp()  # (B, T, V)
    spans = materialised_spans(sc.start, sc.end, copy_mode == "span")
    span_p = (spans - sc.log_z[..., None, None]).exp()  # (B, T, S, S)
    total = gen_p.sum(-1) + span_p.sum((-1, -2))
    torch.testing.assert_close(total, torch.ones(B, T), atol=1e-5, rtol=0)
    # PAD and BOS are never generated; spans touching padding have probability zero.
    assert gen_p[..., PAD_ID].max() == 0 and gen_p[..., BOS_ID].max() == 0
    for b, (x, _) in enumerate(PAIRS):
        n = len(x)
        assert span_p[b, :, n:, :].sum() == 0 and span_p[b, :, :, n:].sum() == 0
        if n:
            assert span_p[b, :, :n, :n].sum() > 0


def test_bos_eos_not_copyable():
    # The encoder sees BOS x EOS but spans only range over x: S = longest input, not S + 2.
    model = tiny_model()
    batch = make_batch([(["a", "b"], ["a"])])
    with torch.no_grad():
        sc = model.scores(batch)
    assert sc.start.size(-1) == 2 and batch.src.size(1) == 4


@pytest.mark.parametrize("objective", ["marginal", "any_correct", "longest"])
@pytest.mark.parametrize("copy_mode", ["span", "token"])
def test_every_parameter_gets_a_gradient(objective, copy_mode):
    torch.manual_seed(0)
    cfg = ModelConfig(
        embedding_dim=8,
        hidden_size=8,
        encoder_layers=2,
        decoder_layers=2,
        dropout=0.1,
        copy_mode=copy_mode,
        objective=objective,
    )
    model = SpanCopyModel(cfg, TINY_VOCAB).train()
    loss = model(make_batch(PAIRS, copy_mode=copy_mode))
    loss.backward()
    assert torch.isfinite(loss) and loss > 0
    for name, p in model.named_parameters():
        assert p.grad is not None and p.grad.abs().sum() > 0, name


def test_loss_is_per_token_and_batch_invariant():
    model = tiny_model()
    whole = model(make_batch(PAIRS)).item() * sum(len(y) + 1 for _, y in PAIRS)
    parts = sum(model(make_batch([p])).item() * (len(p[1]) + 1) for p in PAIRS)
    assert whole == pytest.approx(parts, rel=1e-5)


def test_config_validation():
    with pytest.raises(ValueError, match="copy_mode"):
        ModelConfig(copy_mode="tokens")
    with pytest.raises(ValueError, match="objective"):
        ModelConfig(objective="max")
    with pytest.raises(ValueError, match="unknown"):
        ModelConfig.from_dict({"hidden": 3})


EDITS = [(["a", "b"], ["a", "c", "b"]), (["c", "c"], ["c"]), (["a"], ["b"])]


@pytest.mark.parametrize("copy_mode", ["span", "token"])
def test_every_parameter_of_an_edit_model_gets_a_gradient(copy_mode):
    torch.manual_seed(0)
    cfg = ModelConfig(
        embedding_dim=8, hidden_size=8, decoder_layers=2, dropout=0.1, copy_mode=copy_mode,
        edit_dim=6,
    )  # fmt: skip
    model = SpanCopyModel(cfg, TINY_VOCAB).train()
    with torch.no_grad():  # the edit's terms start at zero, and would block the encoder's
        model.edit_encoder.to_state.weight.normal_()
        model.edit_encoder.to_output.weight.normal_()
    loss = model(make_batch(PAIRS, copy_mode=copy_mode, edits=EDITS))
    loss.backward()
    assert any(name.startswith("edit_encoder.rnn") for name, _ in model.named_parameters())
    for name, p in model.named_parameters():
        assert p.grad is not None and p.grad.abs().sum() > 0, name


def test_the_edit_changes_the_scores():
    model = tiny_model(edit_dim=4)
    with torch.no_grad():
        one = model.scores(make_batch(PAIRS, edits=EDITS))
        other = model.scores(make_batch(PAIRS, edits=EDITS[1:] + EDITS[:1]))
    assert not torch.allclose(one.gen, other.gen)
    assert not torch.allclose(one.start, other.start)


def test_an_added_edit_encoder_leaves_the_model_as_it_was():
    model = tiny_model(decoder_layers=2)
    with torch.no_grad():
        before = model.scores(make_batch(PAIRS))
        model.add_edit_encoder(4)
        after = model.scores(make_batch(PAIRS, edits=EDITS))
    assert model.config.edit_dim == 4
    for a, b in zip(before, after):
        assert torch.equal(a, b)
    with pytest.raises(ValueError, match="already"):
        model.add_edit_encoder(4)


def test_an_edit_model_needs_an_edit_and_a_batch_has_edits_for_all_or_none():
    model = tiny_model(edit_dim=4)
    with pytest.raises(ValueError, match="applies an edit"):
        model.scores(make_batch(PAIRS))
    from spancopy_core.editing.alignment import align
    from spancopy_core.paper.batch import collate
    from spancopy_core.paper.lattice import build_lattice

    examples = [(x, y, build_lattice(x, y, TINY_VOCAB)) for x, y in PAIRS[:2]]
    with pytest.raises(ValueError, match="every example"):
        collate([(*examples[0], None, align(["a"], ["b"])), examples[1]], TINY_VOCAB)


def test_edit_batch_layout_by_hand():
    # a b -> a c b (an insertion) and the empty edit
    batch = make_batch(PAIRS[:2], edits=[(["a", "b"], ["a", "c", "b"]), ([], [])])
    a, b, c = TINY_VOCAB.ids(["a", "b", "c"])
    assert batch.edit_before.tolist() == [[a, PAD_ID, b], [PAD_ID] * 3]  # (B, A)
    assert batch.edit_after.tolist() == [[a, c, b], [PAD_ID] * 3]
    assert batch.edit_tags.tolist() == [[1, 3, 1], [0, 0, 0]]  # equal, insert, equal; padding
    assert batch.edit_len.tolist() == [3, 1]  # the empty edit is one padding position
    assert make_batch(PAIRS).edit is None


def test_edit_dim_config():
    with pytest.raises(ValueError, match="even"):
        ModelConfig(edit_dim=5)
    with pytest.raises(ValueError, match="edit_dim"):
        ModelConfig(edit_dim=-2)
    # Without an edit encoder the config is the one earlier versions wrote and read.
    assert "edit_dim" not in ModelConfig().to_dict()
    assert ModelConfig.from_dict(ModelConfig().to_dict()) == ModelConfig()
    assert ModelConfig.from_dict(ModelConfig(edit_dim=8).to_dict()).edit_dim == 8
    model = SpanCopyModel(ModelConfig(embedding_dim=8, hidden_size=8), TINY_VOCAB)
    assert not any("edit" in name for name in model.state_dict())


def test_a_batch_moves_as_training_moves_it_to_a_gpu():
    # The trainer copies pinned batches with non_blocking=True on CUDA (trainer.train.train_step);
    # no CPU test reached that call until a GPU run failed on it.
    batch = make_batch([(["a", "b"], ["b"]), (["a"], ["a", "a"])])
    moved = batch.to("cpu", non_blocking=True)
    assert all(torch.equal(getattr(moved, f), getattr(batch, f)) for f in vars(batch))
