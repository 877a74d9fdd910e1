"""BFP layout helpers (annotation stripping, buckets, pair abstraction) and the idioms."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from spancopy_core.lang import java
from trainer import bfp
from trainer.data import DataError
from trainer.idioms import IDIOMS_JSON, bfp_idioms, is_idiom, load_idioms

BFP = Path(os.environ.get("SPANCOPY_SHARED_DATA", "/work/shared/data")) / "bfp"


def texts(tokens) -> str:
    return " ".join(t.text for t in tokens)


def test_buckets_follow_bfp():
    assert bfp.bucket(50, 1) == "small"
    assert bfp.bucket(10, 50) == "small"
    assert bfp.bucket(51, 10) == "medium"
    assert bfp.bucket(10, 100) == "medium"
    assert bfp.bucket(101, 10) is None
    assert bfp.bucket(10, 101) is None


def test_abstract_pair_shares_one_numbering_buggy_first():
    fixed = java.lex("@Override int f(int count) { return count + other; }")
    buggy = java.lex("int f(int count) { return other; }")
    before, after = bfp.abstract_pair(buggy, fixed, frozenset({"f"}), ())
    assert before == "int f ( int VAR_1 ) { return VAR_2 ; }".split()
    assert after == "int f ( int VAR_1 ) { return VAR_1 + VAR_2 ; }".split()


def test_is_idiom():
    assert all(map(is_idiom, ["size", "java.lang.String", "0", "1.0F", '"\\n"', "args.length"]))
    assert not any(map(is_idiom, ["VAR_1", "TYPE_12", "if", "null", "(", "==", ".", "..."]))


def test_bfp_idioms_counts_and_orders(tmp_path):
    f = tmp_path / "valid.buggy"
    f.write_text(
        "public void METHOD_1 ( ) { VAR_1 . add ( 0 ) ; }\nint size ( ) { return size + 0 ; }\n"
    )
    assert bfp_idioms([f]) == ["0", "size", "add"]
    with pytest.raises(DataError, match="missing"):
        bfp_idioms([tmp_path / "missing"])


def test_shipped_idioms_load():
    idioms = load_idioms()
    assert {"size", "get", "i", "0", "1", "java.lang.String"} <= idioms
    assert not any(java.PLACEHOLDER.fullmatch(t) or t in java.KEYWORDS for t in idioms)
    assert load_idioms(IDIOMS_JSON) == idioms


@pytest.mark.skipif(not (BFP / "small" / "valid.buggy").is_file(), reason="no BFP data")
def test_shipped_idioms_are_those_of_bfp():
    files = [BFP / b / f"valid.{s}" for b in ("small", "medium") for s in ("buggy", "fixed")]
    shipped = json.loads(IDIOMS_JSON.read_text())
    assert bfp_idioms(files) == shipped["tokens"]


def test_load_idioms_errors(tmp_path):
    (tmp_path / "list.json").write_text('["a", "b"]')
    assert load_idioms(tmp_path / "list.json") == {"a", "b"}
    (tmp_path / "bad.json").write_text('{"tokens": [1]}')
    with pytest.raises(DataError, match="bad.json"):
        load_idioms(tmp_path / "bad.json")
    (tmp_path / "junk.json").write_text("{")
    with pytest.raises(DataError, match="junk.json: not a JSON"):
        load_idioms(tmp_path / "junk.json")
    with pytest.raises(DataError, match="nope.json"):
        load_idioms(tmp_path / "nope.json")
