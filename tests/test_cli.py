"""``spancopy repair`` end to end, through real processes, on the shipped example: its output,
one-line errors with their exit status, the server's limits, progress and Ctrl-C."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
from pathlib import Path
from typing import Any

import pytest

from spancopy_core.repair.frontend import MAX_UNITS_PER_REQUEST
from spancopy_core.repair.pipeline import BATCH, MAX_DOCUMENT_CHARS

from .conftest import default_sigint
from .lsp.conftest import SERVER_ENV, parses

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "RingBuffer.java"
TEXT = EXAMPLE.read_text(encoding="utf-8")
IS_FULL = TEXT[TEXT.index("public boolean isFull") : TEXT.index("}", TEXT.index("isFull")) + 1]


def spancopy(*args: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "spancopy_core.cli", *map(str, args)],
        capture_output=True,
        text=True,
        env=env or SERVER_ENV,
        cwd=ROOT,
        timeout=120,
    )


def one_line_error(out: subprocess.CompletedProcess, code: int, message: str) -> None:
    """``out`` ended with status ``code`` and said ``message`` in one line, no traceback."""
    assert out.returncode == code, out.stderr
    assert out.stderr.count("\n") == 1 and out.stderr.endswith("\n"), out.stderr
    assert message in out.stderr and "Traceback" not in out.stderr, out.stderr


def many_methods(path: Path, n: int) -> Path:
    """A class of ``n`` methods that the toy model repairs (``>`` -> ``>=``)."""
    body = "".join(
        f"    boolean full{i}(int size, int limit) {{\n        return size > limit;\n    }}\n"
        for i in range(n)
    )
    path.write_text("class Many {\n" + body + "}\n", encoding="utf-8")
    return path


def test_repairs_of_one_method_as_diffs(toy_model: Path):
    out = spancopy("repair", "examples/RingBuffer.java", "--line", 17, "--model", toy_model)
    assert out.returncode == 0, out.stderr
    header, *repairs = out.stdout.split("\n#")
    assert header == f"examples/RingBuffer.java:16: method isFull: {len(repairs)} repair(s)"
    assert repairs[0].startswith('1 Change to "return size >= items.length;" (')
    for rank, repair in enumerate(repairs, start=1):
        title, diff = repair.split("\n", 1)
        assert title.startswith(f"{rank} ") and title.endswith("%)")
        assert diff.startswith("--- a/examples/RingBuffer.java\n+++ b/examples/RingBuffer.java\n")
    assert (
        "-        return size > items.length;\n+        return size >= items.length;\n"
        in (repairs[0])
    )
    assert out.stdout.endswith("1 method(s) checked, 1 with repairs\n")


def apply_lsp_edits(text: str, edits: list[dict]) -> str:
    """Apply JSON edits (0-based lines; characters are code points in this ASCII file)."""
    lines = text.splitlines(keepends=True)

    def offset(p: dict) -> int:
        return sum(map(len, lines[: p["line"]])) + p["character"]

    for e in sorted(edits, key=lambda e: offset(e["start"]), reverse=True):
        text = text[: offset(e["start"])] + e["newText"] + text[offset(e["end"]) :]
    return text


def test_json_of_every_method(toy_model: Path):
    out = spancopy("repair", EXAMPLE, "--json", "--top-k", 2, "--model", toy_model)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    methods = {m["name"]: m for m in report["methods"]}
    assert list(methods) == ["RingBuffer", "isFull", "add", "get", "poll"]
    is_full = methods["isFull"]
    assert (is_full["line"], is_full["tokens"]) == (16, 14)
    assert 0 <= is_full["unchanged_probability"] < 1
    assert 1 <= len(is_full["repairs"]) <= 2
    assert is_full["repairs"][0]["title"] == 'Change to "return size >= items.length;"'
    start = TEXT.index(IS_FULL)
    before, after, seen = TEXT[:start], TEXT[start + len(IS_FULL) :], set()
    for rank, repair in enumerate(is_full["repairs"], start=1):
        assert repair["rank"] == rank and repair["diff"].startswith("--- ")
        assert 0 < repair["probability"] <= 1 - is_full["unchanged_probability"]
        repaired = apply_lsp_edits(TEXT, repair["edits"])
        assert repaired not in seen and parses(repaired)
        assert repaired.startswith(before) and repaired.endswith(after)
        seen.add(repaired)
    first = apply_lsp_edits(TEXT, is_full["repairs"][0]["edits"])
    assert first == TEXT.replace("size > items.length", "size >= items.length")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("repair", "missing.java"), 2, "spancopy: missing.java: no such file"),
        (("repair", "pyproject.toml"), 2, "unsupported file type"),
        (("repair", "examples/RingBuffer.java", "--line", 7), 1, "no method at this line"),
        (("repair", "examples", "--line", 3), 2, "examples: a directory (--line applies to"),
        (("repair", EXAMPLE, "--device", "banana"), 2, "argument --device: invalid choice"),
        (("repair", EXAMPLE, "--top-k", 0), 2, "--top-k: must be an integer in [1, 50], not '0'"),
        (("repair", EXAMPLE, "--beam-size", 201), 2, "--beam-size: must be an integer in [1, 200]"),
        (("repair", EXAMPLE, "--line", "x"), 2, "--line: must be an integer at least 1, not 'x'"),
        (("repair", EXAMPLE, "--max-method-tokens", 10**6), 2, "in [1, 10000]"),
    ],
)
def test_usage_errors(toy_model: Path, args, code: int, message: str):
    one_line_error(spancopy(*args, "--model", toy_model), code, message)


def test_cuda_without_a_gpu(toy_model: Path):
    no_gpu = {**SERVER_ENV, "CUDA_VISIBLE_DEVICES": ""}
    out = spancopy("repair", EXAMPLE, "--device", "cuda", "--model", toy_model, env=no_gpu)
    one_line_error(out, 2, "spancopy: device 'cuda' requested but CUDA is not available here")


def test_missing_model_and_binary_file(tmp_path: Path):
    out = spancopy("repair", EXAMPLE, "--model", tmp_path / "none")
    one_line_error(out, 2, "cannot load the model")
    assert "--model DIR" in out.stderr
    binary = tmp_path / "Bin.java"
    binary.write_bytes(b"class A { \xff\xfe }")
    one_line_error(spancopy("repair", binary, "--model", tmp_path / "none"), 2, "not UTF-8 text")


def test_the_servers_document_limit(toy_model: Path, tmp_path: Path):
    at_limit = tmp_path / "AtLimit.java"
    at_limit.write_text("class A {}\n" + " " * (MAX_DOCUMENT_CHARS - 11), encoding="utf-8")
    out = spancopy("repair", at_limit, "--model", toy_model)
    assert out.returncode == 0 and out.stdout == "0 method(s) checked, 0 with repairs\n"
    large = tmp_path / "Large.java"
    large.write_text("class A {}\n" + " " * (MAX_DOCUMENT_CHARS - 10), encoding="utf-8")
    out = spancopy("repair", large, "--model", toy_model)
    one_line_error(out, 2, f"Large.java: more than {MAX_DOCUMENT_CHARS} characters")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_an_endless_file_is_refused(toy_model: Path, tmp_path: Path):
    endless = tmp_path / "Zero.java"
    endless.symlink_to("/dev/zero")
    one_line_error(spancopy("repair", endless, "--model", toy_model), 2, "more than")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_model_dir_with_a_fifo(toy_model: Path, tmp_path: Path):
    model = shutil.copytree(toy_model, tmp_path / "model")
    (model / "config.json").unlink()
    os.mkfifo(model / "config.json")
    out = spancopy("repair", EXAMPLE, "--model", model)  # the timeout is only a guard
    one_line_error(out, 2, "config.json: not a regular file (a FIFO)")


LOAD_FAILS = """
import sys
from spancopy_core.paper.model import SpanCopyModel
def fail(*args, **kwargs):
    raise {error}
SpanCopyModel.load_state_dict = fail
from spancopy_core.cli import main
main(sys.argv[1:])
"""


@pytest.mark.parametrize(
    "error",
    ["RuntimeError('CUDA out of memory.\\nTried to allocate 1.50 GiB')", "MemoryError()"],
)
def test_running_out_of_memory_while_loading(toy_model: Path, error: str):
    out = subprocess.run(
        [sys.executable, "-c", LOAD_FAILS.format(error=error)]
        + ["repair", str(EXAMPLE), "--model", str(toy_model)],
        capture_output=True,
        text=True,
        env=SERVER_ENV,
        cwd=ROOT,
        timeout=120,
    )
    one_line_error(out, 2, f"cannot load the model: {toy_model}: cannot be loaded on cpu (")
    assert error.split("(")[0] in out.stderr


def on_a_terminal(*args: object) -> tuple[int, str, bytes]:
    """``spancopy *args`` with its stderr on a pseudo-terminal: its exit status, its stdout
    and what it drew on the terminal."""
    leader, follower = pty.openpty()
    # 24 rows of 80 columns: a new pseudo-terminal has 0 columns, into which tqdm draws nothing
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    with (
        tempfile.TemporaryFile() as stdout,  # a file: a full pipe would block the process
        subprocess.Popen(
            [sys.executable, "-m", "spancopy_core.cli", *map(str, args)],
            stdout=stdout,
            stderr=follower,
            env=SERVER_ENV,
            cwd=ROOT,
        ) as proc,
    ):
        os.close(follower)
        drawn = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # EIO: the terminal's other end closed with the process
                break
            if not chunk:
                break
            drawn += chunk
        proc.wait(timeout=120)
        stdout.seek(0)
        printed = stdout.read().decode()
    os.close(leader)
    return proc.returncode, printed, drawn


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_progress_on_a_terminal_unless_quiet(toy_model: Path, tmp_path: Path):
    n = 2 * BATCH + 1
    source = many_methods(tmp_path / "Many.java", n)
    code, stdout, drawn = on_a_terminal("repair", source, "--top-k", 1, "--model", toy_model)
    assert code == 0 and f"{n}/{n}".encode() in drawn and b"method" in drawn
    assert stdout.endswith(f"{n} method(s) checked, {n} with repairs\n")
    quiet = on_a_terminal("repair", source, "--top-k", 1, "--model", toy_model, "--quiet")
    assert quiet == (0, stdout, b"")
    few = many_methods(tmp_path / "Few.java", 2)  # a bar for any number of methods
    assert b"2/2" in on_a_terminal("repair", few, "--top-k", 1, "--model", toy_model)[2]
    # Into a pipe or a log: never a bar, whatever the number of methods.
    piped = spancopy("repair", source, "--top-k", 1, "--model", toy_model)
    assert (piped.returncode, piped.stdout, piped.stderr) == (0, stdout, "")


def repairing(source: Path, model: Path, **popen: Any) -> subprocess.Popen[bytes]:
    """``spancopy repair SOURCE --quiet --model MODEL`` started, its output in pipes."""
    command = [sys.executable, "-m", "spancopy_core.cli", "repair", str(source), "--quiet"]
    return subprocess.Popen(
        [*command, "--model", str(model)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=SERVER_ENV,
        cwd=ROOT,
        **popen,
    )


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child is POSIX")
def test_ctrl_c_mid_run(toy_model: Path, tmp_path: Path):
    """Results are printed as they are found; Ctrl-C then ends the run in one line, status 130."""
    # Forty batches: when the first is printed, 39 are still to be decoded and compiled. (5,000
    # methods took minutes before the first was printed: a method's environment reads its class.)
    source = many_methods(tmp_path / "Huge.java", 40 * BATCH)
    with repairing(source, toy_model, preexec_fn=default_sigint) as proc:
        first = b""  # the first method's repairs, printed mid-run
        while b"\n" not in first and (chunk := os.read(proc.stdout.fileno(), 4096)):
            first += chunk
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=120)
    assert first.startswith(f"{source}:2: method full0: ".encode()), first
    assert proc.returncode == 130, stderr
    assert stderr == b"spancopy: interrupted\n"
    assert b"method(s) checked" not in stdout  # it did not run to the end


@pytest.mark.slow
def test_a_reader_that_goes_away_gets_no_traceback(toy_model: Path):
    """spancopy repair ... | head: the pipe closes before the results are written; the run ends
    in silence with the shell's status for SIGPIPE (141), never a traceback."""
    with repairing(EXAMPLE, toy_model) as proc:
        proc.stdout.close()  # before the model is loaded: its first write finds no reader
        stderr = proc.stderr.read()
        proc.wait(timeout=120)
    assert (proc.returncode, stderr) == (141, b"")


# -- prose ---------------------------------------------------------------------------------------
PROSE = "I recieve it today .\n\nWe receive the letter again .\n\nThey receive teh file .\n"


def test_json_of_a_text_file_one_sentence_per_paragraph(toy_prose_model: Path, tmp_path: Path):
    """What the hidden split is scored by: ``--json --top-k 1``, each sentence's rank-1 repair
    applied."""
    notes = tmp_path / "notes.txt"
    notes.write_text(PROSE, encoding="utf-8")
    out = spancopy("repair", notes, "--json", "--top-k", 1, "--model", toy_prose_model)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["sentences"] == report["methods"]
    assert [(s["kind"], s["name"], s["line"]) for s in report["methods"]] == [
        ("sentence", "I recieve it today .", 1),
        ("sentence", "We receive the letter again .", 3),
        ("sentence", "They receive teh file .", 5),
    ]
    assert [len(s["repairs"]) for s in report["methods"]] == [1, 0, 1]
    assert report["methods"][0]["repairs"][0]["title"] == 'Replace "recieve" with "receive"'
    edits = [e for s in report["methods"] for r in s["repairs"] for e in r["edits"]]
    assert apply_lsp_edits(PROSE, edits) == (
        "I receive it today .\n\nWe receive the letter again .\n\nThey receive the file .\n"
    )


@pytest.mark.slow
def test_the_least_ratio_to_the_sentence_as_written(toy_prose_model: Path, tmp_path: Path):
    notes = tmp_path / "notes.txt"
    notes.write_text(PROSE, encoding="utf-8")

    def repaired(*args: object) -> list[int]:
        out = spancopy("repair", notes, "--json", *args, "--model", toy_prose_model)
        assert out.returncode == 0, out.stderr
        return [len(s["repairs"]) for s in json.loads(out.stdout)["methods"]]

    # At the default ratio, 1 for sentences (what beats them as written): [1, 0, 1] repairs
    # (test_json_of_a_text_file_one_sentence_per_paragraph); at 0, every sentence's best of a
    # beam wider than the prose default (greedy: only the copy).
    assert repaired("--top-k", 1, "--min-ratio", 0, "--beam-size", 4) == [1, 1, 1]
    assert repaired("--min-ratio", 1e300) == [1, 0, 1]  # the corrector's respellings: sure
    other = notes.rename(tmp_path / "jfleg.src")
    one_line_error(spancopy("repair", other), 2, "unsupported file type")
    out = spancopy("repair", other, "--language", "plaintext", "--model", toy_prose_model)
    assert out.stdout.endswith("3 sentence(s) checked, 2 with repairs\n")
    one_line_error(spancopy("repair", notes, "--min-ratio", "-1"), 2, "--min-ratio: must be")


def test_diffs_of_a_markdown_line(toy_prose_model: Path, tmp_path: Path):
    notes = tmp_path / "NOTES.md"
    # (a word the code block writes is the document's term, never respelt in its prose)
    notes.write_text("# Notes\n\n```\nI beleive it .\n```\n\nI recieve it today.\n")
    out = spancopy("repair", notes, "--line", 4, "--model", toy_prose_model)
    one_line_error(out, 1, "NOTES.md:4: no sentence at this line")  # a code block
    out = spancopy("repair", notes, "--line", 7, "--top-k", 1, "--model", toy_prose_model)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(
        f"{notes}:7: sentence I recieve it today.: 1 repair(s)\n"
        '#1 Replace "recieve" with "receive" ('
    )
    assert "-I recieve it today.\n+I receive it today.\n" in out.stdout
    assert out.stdout.endswith("1 sentence(s) checked, 1 with repairs\n")


def test_a_java_comment_at_the_line_is_prose(toy_prose_model: Path, tmp_path: Path):
    source = tmp_path / "C.java"
    source.write_text("class C {\n    // They receive teh file.\n    int f() { return 1; }\n}\n")
    out = spancopy("repair", source, "--line", 2, "--json", "--model", toy_prose_model)
    assert out.returncode == 0, out.stderr
    (sentence,) = json.loads(out.stdout)["methods"]
    assert sentence["name"] == "They receive teh file."
    assert sentence["repairs"][0]["edits"] == [
        {
            "start": {"line": 1, "character": 20},
            "end": {"line": 1, "character": 23},
            "newText": "the",
        }
    ]


def test_words_split_and_joined_are_exact_edits(toy_prose_model: Path, tmp_path: Path):
    """The spelling corrector writes one word as two (``alot`` -> ``a lot``, a token more),
    two as one (``some one`` -> ``someone``, a token less) and capitalises a name: the edits
    replace exactly those words, in place."""
    text = "We learn alot in italian with some one .\n"
    notes = tmp_path / "notes.txt"
    notes.write_text(text, encoding="utf-8")
    out = spancopy("repair", notes, "--json", "--top-k", 1, "--model", toy_prose_model)
    assert out.returncode == 0, out.stderr
    edits = [e for s in json.loads(out.stdout)["methods"] for r in s["repairs"] for e in r["edits"]]
    assert edits == [
        {
            "start": {"line": 0, "character": 9},
            "end": {"line": 0, "character": 13},
            "newText": "a lot",
        },
        {
            "start": {"line": 0, "character": 17},
            "end": {"line": 0, "character": 24},
            "newText": "Italian",
        },
        {
            "start": {"line": 0, "character": 30},
            "end": {"line": 0, "character": 38},
            "newText": "someone",
        },
    ]
    assert apply_lsp_edits(text, edits) == "We learn a lot in Italian with someone .\n"


def test_a_missing_prose_model_is_one_line(tmp_path: Path):
    notes = tmp_path / "notes.txt"
    notes.write_text(PROSE, encoding="utf-8")
    out = spancopy("repair", notes, "--model", tmp_path / "none")
    one_line_error(out, 2, "cannot load the model")
    assert "a prose model" in out.stderr


def test_bad_text_files(toy_prose_model: Path, tmp_path: Path):
    big = tmp_path / "big.txt"
    with big.open("w", encoding="utf-8") as f:
        for _ in range(100):
            f.write("I recieve it today. " * 52_429)  # 1 MiB
    assert big.stat().st_size >= 100 * 2**20
    one_line_error(spancopy("repair", big, "--model", toy_prose_model), 2, "more than")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(range(256)) * 64)
    one_line_error(spancopy("repair", binary, "--model", toy_prose_model), 2, "not UTF-8 text")
    nul = tmp_path / "nul.md"
    nul.write_bytes(b"I recieve it.\x00\x01\x02 ok\n")
    one_line_error(spancopy("repair", nul, "--model", toy_prose_model), 2, "binary file")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("Caf\u00e9 au lait.".encode("latin-1"))
    one_line_error(spancopy("repair", latin1, "--model", toy_prose_model), 2, "not UTF-8 text")


@pytest.mark.slow
def test_a_line_of_50000_characters(toy_prose_model: Path, tmp_path: Path):
    """One sentence of 10,000 words is skipped with its reason; a line of many sentences is
    repaired at --line (the eight sentences there), the rest of the file too."""
    long = tmp_path / "long.txt"
    long.write_text("word " * 10_000 + "\n\nThey receive teh file.\n", encoding="utf-8")
    out = spancopy("repair", long, "--json", "--model", toy_prose_model)
    assert out.returncode == 0, out.stderr
    assert out.stderr.count("\n") == 1 and "skipped (10000 tokens)" in out.stderr
    (fixed,) = json.loads(out.stdout)["methods"]
    assert fixed["repairs"][0]["edits"][0]["newText"] == "the"
    many = tmp_path / "many.txt"
    # one misspelt sentence among correct ones (a misspelling the document repeats three
    # times or more is taken for a term of its own and left alone)
    many.write_text("They receive teh file. " + "They receive the file. " * 2200, "utf-8")
    out = spancopy("repair", many, "--line", 1, "--json", "--model", toy_prose_model)
    assert out.returncode == 0, out.stderr
    sentences = json.loads(out.stdout)["methods"]
    assert len(sentences) == MAX_UNITS_PER_REQUEST
    assert sentences[0]["repairs"][0]["edits"][0]["newText"] == "the"
