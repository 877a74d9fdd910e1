"""bench/prose.py's arithmetic on a three-sentence JFLEG-layout directory: each system scored on
the held-out slice and the whole split, the RESULT line, the toy prose model end to end, and
Harper's suggestions applied; expected figures computed by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import prose
from tests.toy import JFLEG_REFERENCES as REFERENCES
from tests.toy import JFLEG_SOURCES as SOURCES
from trainer.jfleg import read_jfleg


def _fix(text: str) -> str:
    return text.replace("recieve", "receive")


def test_each_system_is_scored_on_both_slices(jfleg_dir: Path):
    systems = {"source": (lambda t: t, False), "fix": (_fix, True)}
    sentences = read_jfleg(jfleg_dir, "dev")
    results, outputs = prose.run_systems(systems, sentences, progress=False)
    assert outputs["fix"].texts[0] == "We receive it again."
    record = prose.records(sentences, outputs)[2]
    assert record["index"] == 2 and record["heldout"] and record["source"] == SOURCES[2]
    assert record["references"] == REFERENCES[2:]
    assert record["outputs"] == {"source": SOURCES[2], "fix": "They receive mail today."}
    assert record["ms"]["fix"] == outputs["fix"].ms[2]
    heldout, whole = results["heldout"], results["all"]
    assert heldout["fix"]["sentences"] == 1 and whole["fix"]["sentences"] == 3
    # the source unchanged: in each sentence the kept errors among the trigrams ("We recieve
    # it", "receive the file", ...) cancel the matched ones -> GLEU 0; no edits: P 1, R 0
    assert whole["source"]["gleu"] == 0.0
    assert (whole["source"]["precision"], whole["source"]["recall"]) == (1.0, 0.0)
    # recieve -> receive: summed statistics (17, 17, 13/17, 8/14, 4/11, 3/8), edits 2 right
    # of 2 made, of 4 to make
    assert whole["fix"]["gleu"] == pytest.approx((13 / 17 * 8 / 14 * 4 / 11 * 3 / 8) ** 0.25)
    assert (whole["fix"]["precision"], whole["fix"]["recall"]) == (1.0, 0.5)
    assert whole["fix"]["exact"] == pytest.approx(1 / 3)
    # held out: the third sentence only, (5, 5, 3/5, 2/4, 1/3, 1/2); one of its two edits made
    assert heldout["fix"]["gleu"] == pytest.approx((3 / 5 * 2 / 4 * 1 / 3 * 1 / 2) ** 0.25)
    assert heldout["fix"]["recall"] == 0.5
    assert heldout["fix"]["exact"] == 0.0


def _metrics(gleu, f05, exact, p50, mean, n):
    return {"gleu": gleu, "precision": 1.0, "recall": 0.0, "f0.5": f05, "exact": exact,
            "ms_p50": p50, "ms_mean": mean, "sentences": n}  # fmt: skip


def test_report_ends_with_the_result_line():
    results = {
        "heldout": {
            "source": _metrics(0.3, 0.0, 0.1, 0.0, 0.0, 2),
            "span": _metrics(0.45, 0.4, 0.2, 9.0, 11.0, 2),
        },
        "all": {
            "source": _metrics(0.38, 0.0, 0.25, 0.01, 0.02, 6),
            "span": _metrics(0.5, 0.375, 0.5, 10.0, 12.5, 6),
        },
    }
    text = prose.report(results, "dev")
    assert "JFLEG dev, heldout (n=2)" in text and "JFLEG dev, all (n=6)" in text
    assert "| GLEU | 30.00 | 45.00 |" in text and "| GLEU | 38.00 | 50.00 |" in text
    assert text.splitlines()[-1] == (
        "RESULT split=dev n_heldout=2 n_all=6"
        " source_gleu_heldout=30.00 source_f05_heldout=0.00 source_gleu_all=38.00"
        " source_f05_all=0.00 source_exact_all=25.00 source_ms_p50=0.01 source_ms_mean=0.02"
        " span_gleu_heldout=45.00 span_f05_heldout=40.00 span_gleu_all=50.00"
        " span_f05_all=37.50 span_exact_all=50.00 span_ms_p50=10.00 span_ms_mean=12.50"
    )


def test_toy_models_end_to_end(toy_prose_model: Path, jfleg_dir: Path, tmp_path: Path, capsys):
    argv = ["--data", str(jfleg_dir), "--model", str(toy_prose_model)]
    argv += ["--token-model", str(toy_prose_model), "--beam", "4", "--no-harper", "--no-progress"]
    assert prose.main([*argv, "--json", str(tmp_path / "out.jsonl")]) == 0
    lines = (tmp_path / "out.jsonl").read_text().splitlines()
    assert [json.loads(line)["outputs"]["span"] for line in lines] == [
        "We receive it again .",
        "People receive the file on time .",
        "They receive mail today .",
    ]
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("cores=") and " threads=1 " in out.splitlines()[0]
    result = out.splitlines()[-1]
    # the toy model corrects recieve -> receive and nothing else, as _fix does
    for system in ("span", "token"):
        assert f" {system}_gleu_heldout=47.29 {system}_f05_heldout=83.33" in result
        assert f" {system}_gleu_all=49.41 {system}_f05_all=83.33 {system}_exact_all=33.33" in result
    assert result.startswith("RESULT split=dev n_heldout=1 n_all=3 source_gleu_heldout=0.00")


def test_missing_data_is_one_line_and_status_2(tmp_path: Path, capsys):
    assert prose.main(["--data", str(tmp_path), "--no-harper", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "no dev.src" in err and err.count("\n") == 1


def test_harper_applies_each_lints_first_suggestion():
    pytest.importorskip("harper")
    correct = prose.harper_corrector()
    # two lints, "has" (agreement: have) and "a" (an): both applied, the later one first
    assert correct("I has a apple.") == "I have an apple."
    assert correct("This is fine.") == "This is fine."


def test_one_file_corrects_the_split_as_one_document():
    calls: list[str] = []

    def corrector(text: str) -> str:
        calls.append(text)
        return text.upper()

    correct = prose.one_file(corrector)
    prose.file_lines(correct, ["a b .", "c d ."])
    assert correct("c d .") == "C D ." and correct("a b .") == "A B ."
    assert calls == ["a b .\nc d .\n"]  # once, the sentences a line each
    # an edit that joins two lines: every line as it was
    joined = prose.one_file(lambda text: text.replace(" .\n", " ", 1))
    prose.file_lines(joined, ["a b .", "c d ."])
    assert joined("a b .") == "a b ." and joined("c d .") == "c d ."
