"""Shared fixtures of the front-end tests: the shipped JDK sample and optional external data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "java"
SHARED_DATA = Path(os.environ.get("SPANCOPY_SHARED_DATA", "/work/shared/data"))
JDK_SRC_ZIP = Path(
    os.environ.get("SPANCOPY_JDK_SRC_ZIP", "/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip")
)


@pytest.fixture(scope="session")
def jdk_files() -> dict[str, str]:
    """The real Java files shipped under tests/fixtures/java (name -> text)."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(FIXTURES.glob("*.java"))}
