"""An automatic code action request follows the model's detection head (issue 24): through a real
server serving the toy model, without a head the ratio rule answers at the bug's line and not on
a correct line; with a head beside the model that always says "needs a change" both are answered
with the invoked list, with one that never does neither is; invoked requests get their full
list in every case."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import torch
from lsprotocol import types
from pytest_lsp import LanguageClient

from spancopy_core.paper import detection
from spancopy_core.paper.detection import DetectionHead, DetectorConfig

from .conftest import launch, line_actions, open_doc

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


def with_head(toy_model: Path, directory: Path, says: bool | None) -> Path:
    """A copy of ``toy_model`` with a head whose P(needs a change) is about 1 (``says``) or
    about 0 on any input, and rules without a ratio floor (None: no head)."""
    shutil.copytree(toy_model, directory)
    if says is None:
        return directory
    features = detection.feature_count(32)  # the toy model's hidden size
    config = DetectorConfig(features=features, hidden=0, automatic_min_ratio=0.0)
    head = DetectionHead(config)
    with torch.no_grad():
        head.net[0].weight.zero_()
        head.net[0].bias.fill_(10.0 if says else -10.0)
    detection.save(directory, head)
    return directory


async def ask(client: LanguageClient, uri: str, line: int, trigger: types.CodeActionTriggerKind):
    found = await line_actions(client, uri, line, TOY.split("\n")[line], trigger)
    return [a.title for a in found or []]


AUTOMATIC, INVOKED = types.CodeActionTriggerKind.Automatic, types.CodeActionTriggerKind.Invoked


@pytest.mark.parametrize(
    ("says", "answered"),
    [(None, {BUG}), (True, {BUG, CORRECT}), (False, set())],
    ids=["no head", "always", "never"],
)
async def test_an_automatic_request_follows_the_detection_head(
    toy_model, tmp_path, says: bool | None, answered: set[int]
):
    model = with_head(toy_model, tmp_path / "model", says)
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
