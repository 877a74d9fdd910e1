"""``python -m trainer evaluate`` on a JFLEG-layout directory, through a real process, with the
toy prose model (it corrects ``teh`` to ``the``); expected figures computed by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.jfleg import Sentence, read_jfleg
from trainer.prose_eval import Outputs, correct_all, markdown_table, metrics

from .test_cli import trainer

SOURCES = ["I saw teh cat .", "we found the tree .", "they likes teh ball ."]
REFERENCES = ["I saw the cat .", "we found a tree .", "they like the ball ."]
# What the toy model makes of them: teh -> the, nothing else.
OUTPUTS = ["I saw the cat .", "we found the tree .", "they likes the ball ."]


@pytest.fixture
def jfleg_dir(tmp_path: Path) -> Path:
    (tmp_path / "dev.src").write_text("\n".join(SOURCES) + "\n")
    (tmp_path / "dev.ref0").write_text("\n".join(REFERENCES) + "\n")
    return tmp_path


def _row(out: str, label: str) -> str:
    line = next(line for line in out.splitlines() if line.startswith(f"| {label} |"))
    return line.split("|")[2].strip()


def test_evaluate_prints_gleu_edit_scores_and_time(toy_teh_model: Path, jfleg_dir: Path):
    args = ["evaluate", "--model", toy_teh_model, "--data", jfleg_dir, "--split", "dev"]
    proc = trainer(*args, "--beam", "4", "--no-progress")
    # GLEU statistics (hypothesis length, reference length, then matched n-grams less kept
    # errors / hypothesis n-grams for n = 1..4), per sentence:
    #   (5, 5, 5/5, 4/4, 3/3, 2/2), (5, 5, 3/5, 0/4, 0/3, 0/2), (5, 5, 3/5, 1/4, 1/3, 0/2)
    # summed: (15, 15, 11/15, 5/12, 4/9, 2/6), no brevity penalty
    gleu = (11 / 15 * 5 / 12 * 4 / 9 * 2 / 6) ** 0.25
    assert _row(proc.stdout, "GLEU") == f"{100 * gleu:.2f}" == "46.13"
    # edits: teh -> the twice, both in the references, which also have the -> a, likes -> like
    assert _row(proc.stdout, "edit precision") == "100.00"
    assert _row(proc.stdout, "edit recall") == "50.00"
    assert _row(proc.stdout, "edit F0.5") == "83.33"  # 1.25 * 0.5 / (0.25 + 0.5)
    assert _row(proc.stdout, "exact match") == "33.33"
    assert _row(proc.stdout, "sentences") == "3"
    assert float(_row(proc.stdout, "ms per sentence, p50")) > 0


def test_evaluate_a_slice(toy_teh_model: Path, jfleg_dir: Path):
    args = ["evaluate", "--model", toy_teh_model, "--data", jfleg_dir, "--split", "dev"]
    proc = trainer(*args, "--beam", "4", "--no-progress", "--slice", "heldout")
    # only the third sentence is held out: no 4-gram right, so GLEU 0
    assert _row(proc.stdout, "sentences") == "1"
    assert _row(proc.stdout, "GLEU") == "0.00"
    assert _row(proc.stdout, "edit recall") == "50.00"
    assert _row(proc.stdout, "exact match") == "0.00"


def test_bad_prose_input_is_one_line(toy_teh_model: Path, jfleg_dir: Path, tmp_path: Path):
    (jfleg_dir / "dev.ref0").unlink()
    args = ["evaluate", "--model", toy_teh_model, "--data", jfleg_dir, "--split", "dev"]
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
    args = ["evaluate", "--model", toy_teh_model, "--data", java, "--split", "dev"]
    proc = trainer(*args, "--slice", "tune", check=False)
    assert proc.returncode == 2
    assert proc.stderr == "error: --slice applies to prose (JFLEG-layout) data only\n"


def test_correct_all_reads_text_or_corpus_lines(jfleg_dir: Path):
    sentences = read_jfleg(jfleg_dir, "dev")
    seen: list[str] = []

    def corrector(text: str) -> str:
        seen.append(text)
        return text.replace("teh", "the")

    out = correct_all(corrector, sentences, detokenized=True, progress=False, desc="")
    # the first sentence twice: once untimed, to warm up
    assert seen == [
        "I saw teh cat.",
        "I saw teh cat.",
        "we found the tree.",
        "they likes teh ball.",
    ]
    assert out.texts == ["I saw the cat.", "we found the tree.", "they likes the ball."]
    assert len(out.ms) == 3 and all(ms >= 0 for ms in out.ms)
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
