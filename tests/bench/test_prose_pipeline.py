"""bench/prose_pipeline.py: the tune slices it reads (never the held-out one), the rank-1
repairs of the toy prose model applied as ``spancopy repair`` finds them, the front-end of the
model alone, the spelling corrector alone, and the report's RESULT line; expectations by
hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import prose_pipeline
from spancopy_core.repair import pipeline
from spancopy_core.repair.pipeline import ParsedText, RepairOptions
from spancopy_core.storage.checkpoint import load_model
from trainer.jfleg import Sentence


def test_only_the_tune_part_is_read():
    sentences = [Sentence(i, f"s{i}", (f"r{i}",)) for i in range(16)]
    tune = prose_pipeline.tune_sentences(sentences, "tune")
    assert [s.index for s in tune] == [0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15]  # not 2, 5, 8, ...
    valid = prose_pipeline.tune_sentences(sentences, "valid")
    assert [s.index for s in valid] == [6, 13]  # the 5th and 10th tune sentences


def test_the_rank_1_repair_of_each_sentence_is_applied(toy_prose_model: Path):
    model = load_model(toy_prose_model, device="cpu")
    correct = prose_pipeline.pipeline_corrector(
        model, prose_pipeline.PLAINTEXT, RepairOptions(beam_size=8, top_k=1)
    )
    text = "They receive teh file. I recieve it today. We receive the letter again."
    assert correct(text) == text.replace("teh", "the").replace("recieve", "receive")


def test_the_model_alone_sees_the_sentence_as_written_and_has_no_templates(toy_prose_model: Path):
    model = load_model(toy_prose_model, device="cpu")
    doc = ParsedText.parse("They lose there fiel.\n", prose_pipeline.model_only())
    (unit,) = pipeline.units(doc, model.vocab)
    assert unit.tokens == ("They", "lose", "there", "fiel", ".")
    assert pipeline.unit_candidates(doc, unit, [], RepairOptions(), None, model.vocab) == []


def test_the_channel_alone_respells_each_sentence():
    correct = prose_pipeline.channel_corrector(prose_pipeline.PLAINTEXT)
    text = "i recieve teh file.  It is  fine.\n\nbut thier book..."
    assert correct(text) == "I receive the file.  It is  fine.\n\nBut their book..."


def test_main_reports_each_configuration(toy_prose_model: Path, tmp_path: Path, capsys):
    (tmp_path / "dev.src").write_text("They receive teh file .\nI saw it .\nA b .\n")
    (tmp_path / "dev.ref0").write_text("They receive the file .\nI saw it .\nA b .\n")
    argv = ["--data", str(tmp_path), "--model", str(toy_prose_model), "--beams", "4", "2"]
    assert prose_pipeline.main([*argv, "--min-ratio", "default", "0", "--no-progress"]) == 0
    result = capsys.readouterr().out.splitlines()[-1]
    assert result.startswith("RESULT source_gleu=")
    labels = ["channel", "model@4", "both@4", "model@2", "both@2", "model@4@0", "both@2@0"]
    for label in labels:
        assert f" {label}_gleu=" in result and f" {label}_p50_ms=" in result
    assert prose_pipeline.main([*argv, "--data", str(tmp_path / "none")]) == 2
    capsys.readouterr()
    # no beam width: the spelling corrector alone
    assert prose_pipeline.main([*argv[:-3], "--beams", "--no-progress"]) == 0
    result = capsys.readouterr().out.splitlines()[-1]
    assert " channel_gleu=" in result and "model@" not in result and "both@" not in result


@pytest.mark.parametrize(
    "argv",
    [["--slice", "heldout"], ["--slice", "all"], ["--min-ratio", "x"], ["--min-ratio", "-1"]],
)
def test_bad_options_are_refused(argv: list[str]):
    with pytest.raises(SystemExit):
        prose_pipeline.main(argv)


def test_systems_take_turns_and_each_keeps_its_outputs():
    calls: list[str] = []

    def system(name: str):
        def correct(text: str) -> str:
            calls.append(name)
            return f"{name}:{text}"

        return correct

    sentences = [Sentence(0, "a", ("a",)), Sentence(1, "b", ("b",))]
    out, cpu = prose_pipeline.correct_interleaved(
        {"x": system("x"), "y": system("y")}, sentences, progress=False
    )
    assert calls == ["x", "y", "x", "y", "x", "y"]  # one untimed warm-up each, then turns
    assert out["x"].texts == ["x:a", "x:b"] and out["y"].texts == ["y:a", "y:b"]
    assert len(out["x"].ms) == len(out["y"].ms) == len(cpu["x"]) == len(cpu["y"]) == 2


def test_latency_runs_the_shipped_front_end_beside_every_sentence_searched(
    toy_prose_model: Path, tmp_path: Path, capsys
):
    (tmp_path / "dev.src").write_text("They receive teh file .\nI saw it .\nA b .\n")
    (tmp_path / "dev.ref0").write_text("They receive the file .\nI saw it .\nA b .\n")
    argv = ["--data", str(tmp_path), "--model", str(toy_prose_model), "--latency"]
    assert prose_pipeline.main([*argv, "--no-progress"]) == 0
    result = capsys.readouterr().out.splitlines()[-1]
    for label in ("shipped", "every"):
        assert f" {label}_gleu=" in result and f" {label}_cpu_p50_ms=" in result
    assert "channel_" not in result and "both@" not in result
    assert prose_pipeline.every_sentence_searched().bars.beam_as_written == 1.0
    assert prose_pipeline.PLAINTEXT.bars.beam_as_written is None
