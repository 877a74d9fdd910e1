"""scoring.log_probs is the marginal of the objective (itself proved against brute force in
test_objective) for each item alone, whatever the batch it shares with other items."""

from __future__ import annotations

import pytest
import torch

from spancopy_core.paper.objective import sequence_log_likelihood
from spancopy_core.paper.scoring import log_probs

from .tiny import make_batch, tiny_model


def alone(model, x, y, focus=None):
    """The marginal of one pair, from a batch of one built by hand."""
    batch = make_batch([(x, y)])
    if focus is not None:
        batch.focus[0, 1 : len(x) + 1] = torch.tensor(focus)
    with torch.no_grad():
        return sequence_log_likelihood(model.scores(batch), batch, "marginal").item()


@pytest.mark.parametrize("with_focus", [False, True])
def test_items_sharing_inputs_score_as_they_would_alone(with_focus):
    model = tiny_model(focus=True) if with_focus else tiny_model()
    if with_focus:
        with torch.no_grad():
            model.focus_embedding.weight.normal_()  # make the focus matter
    f1, f2 = ([2, 2, 1], [1, 2, 2]) if with_focus else (None, None)
    items = [
        (["a", "b", "c"], f1, ["a", "b"]),
        (["a", "b", "c"], f1, ["c", "x", "a", "b"]),
        (["b", "a"], None, ["b", "a", "a"]),
        (["a", "b", "c"], f2, ["a", "b"]),  # same input, another focus
        (["a", "b", "c"], f1, []),
    ]
    got = log_probs(model, items, batch_size=4)  # a batch of four, then one
    want = [alone(model, x, y, f) for x, f, y in items]
    assert got == pytest.approx(want, rel=1e-6, abs=1e-4)  # float32 padding noise
    if with_focus:
        assert got[0] != pytest.approx(got[3], abs=1e-3)  # the focus was used
