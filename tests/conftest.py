"""Fixtures shared by the server and editor-client tests."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from tests.toy import build_toy_model


@pytest.fixture(scope="session")
def toy_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A model directory whose best repair of ``a > b`` is ``a >= b`` (``tests/lsp/toy.py``),
    trained once per test session."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        return build_toy_model(tmp_path_factory.mktemp("toy-model"), steps=45)
    finally:
        torch.set_num_threads(threads)
