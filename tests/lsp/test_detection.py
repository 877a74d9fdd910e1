"""The server's shares and automatic code actions follow the model's detection head (issue 24):
through a real server serving the toy model, without a head the ratio rule answers at the bug's
line and not on a correct line; with a head beside the model that always says "needs a change"
both are answered with the invoked list, with one that never does neither is; invoked requests
get their full list in every case. The shares a head's server shows are its calibrated
probability times each repair's share among those shown without it, decreasing down the list,
the first action preferred."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
import torch
from lsprotocol import types
from pytest_lsp import LanguageClient

from spancopy_core.paper import detection
from spancopy_core.paper.detection import DetectionHead, DetectorConfig
from spancopy_core.repair import pipeline, runner
from spancopy_core.repair.languages import frontend_for
from spancopy_core.repair.pipeline import ParsedText, RepairOptions
from spancopy_core.storage.checkpoint import load_model

from .conftest import launch, line_actions, open_doc, shown_percent

pytestmark = pytest.mark.asyncio(loop_scope="function")

TOY = """class Toy {
    int clamp(int value, int limit) {
        if (value > limit) {
            return limit;
        }
        return value;
    }
    int twice(int x) {
        int y = x + x;
        return y;
    }
}
"""
BUG, CORRECT = 2, 8  # 0-based lines: the bug's, a line of a correct method


def with_head(toy_model: Path, directory: Path, logit: float | None, **config: float) -> Path:
    """A copy of ``toy_model`` with a head whose P(needs a change) is ``sigmoid(logit)`` on any
    input, with the rules and calibration ``config`` (None: no head)."""
    shutil.copytree(toy_model, directory)
    if logit is None:
        return directory
    features = detection.feature_count(32)  # the toy model's hidden size
    head = DetectionHead(DetectorConfig(features=features, hidden=0, **config))
    with torch.no_grad():
        head.net[0].weight.zero_()
        head.net[0].bias.fill_(logit)
    detection.save(directory, head)
    return directory


async def ask(client: LanguageClient, uri: str, line: int, trigger: types.CodeActionTriggerKind):
    found = await line_actions(client, uri, line, TOY.split("\n")[line], trigger)
    return [a.title for a in found or []]


AUTOMATIC, INVOKED = types.CodeActionTriggerKind.Automatic, types.CodeActionTriggerKind.Invoked


@pytest.mark.parametrize(
    ("says", "answered"),
    [(None, {BUG}), (10.0, {BUG, CORRECT}), (-10.0, set())],
    ids=["no head", "always", "never"],
)
async def test_an_automatic_request_follows_the_detection_head(
    toy_model, tmp_path, says: float | None, answered: set[int]
):
    # the first of at most five shares of P ~ 1 is at least 20%; of P ~ 0, under 0.01%
    model = with_head(toy_model, tmp_path / "model", says, automatic_share=0.01)
    client = await launch(model)
    try:
        uri = (tmp_path / "Toy.java").as_uri()
        open_doc(client, uri, TOY)
        for line in (CORRECT, BUG):
            invoked = await ask(client, uri, line, INVOKED)
            assert invoked  # the invoked list does not depend on the head
            automatic = await ask(client, uri, line, AUTOMATIC)
            assert automatic == (invoked if line in answered else [])
    finally:
        await client.shutdown_session()
        await client.stop()


def _percent(p: float) -> int:
    """A share as a title shows it, "<1%" and ">99%" read as 1 and 99."""
    return min(max(round(100 * p), 1), 99)


async def test_the_shares_shown_divide_the_heads_calibrated_probability(toy_model, tmp_path):
    # P(needs a change) 0.5, calibrated sigmoid(logit(0.5) + logit(0.8)) = 0.8 at a line
    model = with_head(toy_model, tmp_path / "model", 0.0, line_shift=math.log(4))
    plain = load_model(toy_model, device="cpu")  # no head: the ranking's own shares
    doc = ParsedText.parse(TOY, frontend_for("java", "file:///Toy.java"))
    options = RepairOptions(top_k=20)  # beyond what the server shows (it may compile some)
    client = await launch(model)
    try:
        uri = (tmp_path / "Toy.java").as_uri()
        open_doc(client, uri, TOY)
        for line in (CORRECT, BUG):
            found, _ = runner.repair(plain, doc, pipeline.line_focus(doc, line), options)
            ranked = {c.title: c.probability for r in found for c in r.candidates}
            actions = await line_actions(client, uri, line, TOY.split("\n")[line], INVOKED)
            assert actions
            titles = [a.title.rsplit(" (", 1)[0] for a in actions]
            total = sum(ranked[t] for t in titles)
            shown = [shown_percent(a) for a in actions]
            assert shown == [_percent(0.8 * ranked[t] / total) for t in titles]
            assert shown == sorted(shown, reverse=True)  # read top down
            assert [bool(a.is_preferred) for a in actions] == [True] + [False] * (len(shown) - 1)
    finally:
        await client.shutdown_session()
        await client.stop()
