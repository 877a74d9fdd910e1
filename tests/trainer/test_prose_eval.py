"""``python -m trainer evaluate`` on a JFLEG-layout directory, through a real process, with the
toy prose model (it corrects ``recieve`` to ``receive``); expected figures computed by hand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from spancopy_core.editing.edits import TextEdit, apply_edits
from spancopy_core.editing.positions import LineIndex
from spancopy_core.storage.checkpoint import load_model
from tests.toy import JFLEG_REFERENCES as REFERENCES
from tests.toy import JFLEG_SOURCES as SOURCES
from trainer.jfleg import Sentence, read_jfleg
from trainer.prose_eval import Outputs, correct_all, markdown_table, metrics, model_corrector

from .test_cli import trainer

# What the toy model makes of them: recieve -> receive, nothing else.
OUTPUTS = [
    "We receive it again .",
    "People receive the file on time .",
    "They receive mail today .",
]


def _row(out: str, label: str) -> str:
    line = next(line for line in out.splitlines() if line.startswith(f"| {label} |"))
    return line.split("|")[2].strip()


def test_evaluate_prints_gleu_edit_scores_and_time(toy_prose_model: Path, jfleg_dir: Path):
    args = ["evaluate", "--model", toy_prose_model, "--data", jfleg_dir, "--split", "dev"]
    proc = trainer(*args, "--beam", "4", "--no-progress")
    # GLEU statistics (hypothesis length, reference length, then matched n-grams less kept
    # errors / hypothesis n-grams for n = 1..4), per sentence:
    #   (5, 5, 5/5, 4/4, 3/3, 2/2), (7, 7, 5/7, 2/6, 0/5, 0/4), (5, 5, 3/5, 2/4, 1/3, 1/2)
    # summed: (17, 17, 13/17, 8/14, 4/11, 3/8), no brevity penalty
    gleu = (13 / 17 * 8 / 14 * 4 / 11 * 3 / 8) ** 0.25
    assert _row(proc.stdout, "GLEU") == f"{100 * gleu:.2f}" == "49.41"
    # edits: recieve -> receive twice, both in the references, which also have the -> a, . -> !
    assert _row(proc.stdout, "edit precision") == "100.00"
    assert _row(proc.stdout, "edit recall") == "50.00"
    assert _row(proc.stdout, "edit F0.5") == "83.33"  # 1.25 * 0.5 / (0.25 + 0.5)
    assert _row(proc.stdout, "exact match") == "33.33"
    assert _row(proc.stdout, "sentences") == "3"
    assert float(_row(proc.stdout, "ms per sentence, p50")) > 0


def test_evaluate_a_slice(toy_prose_model: Path, jfleg_dir: Path):
    args = ["evaluate", "--model", toy_prose_model, "--data", jfleg_dir, "--split", "dev"]
    proc = trainer(*args, "--beam", "4", "--no-progress", "--slice", "heldout")
    # only the third sentence is held out: (5, 5, 3/5, 2/4, 1/3, 1/2)
    assert _row(proc.stdout, "sentences") == "1"
    assert _row(proc.stdout, "GLEU") == f"{100 * (3 / 5 * 2 / 4 * 1 / 3 * 1 / 2) ** 0.25:.2f}"
    assert _row(proc.stdout, "edit recall") == "50.00"
    assert _row(proc.stdout, "exact match") == "0.00"


@pytest.mark.slow
def test_bad_prose_input_is_one_line(toy_prose_model: Path, jfleg_dir: Path, tmp_path: Path):
    (jfleg_dir / "dev.ref0").unlink()
    args = ["evaluate", "--model", toy_prose_model, "--data", jfleg_dir, "--split", "dev"]
    proc = trainer(*args, check=False)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1
    assert "no dev.ref0 .. dev.refN beside dev.src" in proc.stderr
    (jfleg_dir / "dev.ref0").write_text("one line\n")
    proc = trainer(*args, check=False)
    assert proc.returncode == 2 and "has 1 lines but" in proc.stderr
    java = tmp_path / "java"
    java.mkdir()
    (java / "dev.buggy").write_text("a b\n")
    (java / "dev.fixed").write_text("a c\n")
    args = ["evaluate", "--model", toy_prose_model, "--data", java, "--split", "dev"]
    proc = trainer(*args, "--slice", "tune", check=False)
    assert proc.returncode == 2
    assert proc.stderr == "error: --slice applies to prose (JFLEG-layout) data only\n"


def test_correct_all_reads_text_or_corpus_lines(jfleg_dir: Path, monkeypatch):
    sentences = read_jfleg(jfleg_dir, "dev")
    seen: list[str] = []
    clock = iter(range(0, 1000, 1))  # a second per reading of the clock

    def corrector(text: str) -> str:
        seen.append(text)
        next(clock)  # the call itself takes a second
        return text.replace("recieve", "receive")

    monkeypatch.setattr("trainer.prose_eval.time.perf_counter", lambda: next(clock))

    out = correct_all(corrector, sentences, detokenized=True, progress=False, desc="")
    # the first sentence twice: once untimed, to warm up
    texts = ["We recieve it again.", "People receive the file on time.", "They recieve mail today."]
    assert seen == texts[:1] + texts
    assert out.texts == [t.replace("recieve", "receive") for t in texts]
    # each call timed alone (start, the call, stop: two seconds), the warm-up call not at all
    assert out.ms == [2000, 2000, 2000]
    seen.clear()
    correct_all(corrector, sentences, detokenized=False, progress=False, desc="")
    assert seen == SOURCES[:1] + SOURCES


def test_metrics_and_table():
    sentences = [Sentence(i, s, (r,)) for i, (s, r) in enumerate(zip(SOURCES, REFERENCES))]
    result = metrics(sentences, Outputs(OUTPUTS, [3.0, 1.0, 8.0]))
    assert result["ms_p50"] == 3.0 and result["ms_mean"] == 4.0
    assert result["exact"] == pytest.approx(1 / 3)
    table = markdown_table({"toy": result, "again": result})
    assert "| ms per sentence, p50 | 3.0 | 3.0 |" in table
    assert "| exact match | 33.33 | 33.33 |" in table
    assert table.splitlines()[-1] == "| sentences | 3 | 3 |"


def test_corrections_are_those_of_spancopy_repair_json(toy_prose_model: Path, tmp_path: Path):
    """The hypotheses scored are what ``spancopy repair FILE.txt --json --top-k 1`` gives on a
    file of one sentence per paragraph, its rank-1 repair of each sentence applied."""
    path = tmp_path / "sentences.txt"
    text = "\n\n".join(SOURCES) + "\n"
    path.write_text(text)
    argv = [sys.executable, "-m", "spancopy_core.cli", "repair", str(path), "--json"]
    argv += ["--top-k", "1", "--beam-size", "4", "--model", str(toy_prose_model)]
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=True)
    lines = LineIndex(text)
    edits = [
        TextEdit(
            lines.offset(e["start"]["line"], e["start"]["character"]),
            lines.offset(e["end"]["line"], e["end"]["character"]),
            e["newText"],
        )
        for unit in json.loads(proc.stdout)["methods"]
        for repair in unit["repairs"][:1]
        for e in repair["edits"]
    ]
    from_cli = apply_edits(text, edits).strip().split("\n\n")
    correct = model_corrector(load_model(toy_prose_model, device="cpu"), 4, "merged")
    assert from_cli == [correct(s) for s in SOURCES] == OUTPUTS
