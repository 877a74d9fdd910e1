"""``spancopy repair`` on prose as a user sets it, through the CLI's ``main`` with the shipped
prose model: Harper's dialect (``--dialect``) and rules turned off (``--disable-rule``)
change its suggestions, titled with their rule; the project's dictionary
(``.spancopy/dictionary.txt``, or ``--dictionary``) keeps its words as written; bad options and
unreadable dictionaries are one line and status 2."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from .conftest import spancopy_main
from .test_cli import apply_lsp_edits

NOTES = (
    "We bought apples, pears and plums.\n\nThe colour of the file is red.\n\n"
    "We use fixr to fix teh file.\n"
)
EVERY = ["--json", "--min-ratio", "0", "--top-k", "20"]  # every candidate the model ranks


def spancopy(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return spancopy_main("repair", *args)


def titles(*args: str | Path) -> dict[str, list[str]]:
    """The titles of the repairs of each sentence, by the sentence's text."""
    out = spancopy(*args)
    assert out.returncode == 0, out.stderr
    return {
        m["name"]: [r["title"] for r in m["repairs"]] for m in json.loads(out.stdout)["sentences"]
    }


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A git work tree holding notes.txt (its dictionary is looked for up to here)."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "notes.txt").write_text(NOTES, encoding="utf-8")
    return tmp_path


@pytest.mark.slow
def test_dialect_rules_and_the_projects_dictionary(project: Path):
    oxford, colour, ours = (
        "We bought apples, pears and plums.",
        "The colour of the file is red.",
        "We use fixr to fix teh file.",
    )
    found = titles(project / "notes.txt", *EVERY)
    assert 'Insert "," after "pears" [Harper: OxfordComma]' in found[oxford]
    assert 'Replace "colour" with "color" [Harper: SpellCheck]' in found[colour]
    assert any('"fixr" with "fir"' in t for t in found[ours])  # a name one edit from a word

    (project / ".spancopy").mkdir()
    (project / ".spancopy" / "dictionary.txt").write_text("# our words\nFixr\n", "utf-8")
    off = ("--disable-rule", "OxfordComma")
    found = titles(project / "notes.txt", *EVERY, "--dialect", "british", *off)
    assert all("[Harper: OxfordComma]" not in t for t in found[oxford])
    assert all('with "color"' not in t for t in found[colour])
    assert found[ours] and all("fixr" not in t for t in found[ours])
    assert any('"teh" with "the"' in t for t in found[ours])  # the rest is still repaired


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--dialect", "klingon"], "argument --dialect: invalid choice: 'klingon'"),
        (["--disable-rule", "NoSuchRule"], "Harper has no rule 'NoSuchRule'"),
        (["--dictionary", "missing.txt"], "missing.txt: No such file or directory"),
    ],
)
def test_bad_options_are_one_line(project: Path, args: list[str], says: str):
    out = spancopy(project / "notes.txt", *args)  # (missing.txt: none in the working folder)
    assert out.returncode == 2 and out.stdout == ""
    (line,) = out.stderr.splitlines()
    assert says in line


def test_an_unreadable_dictionary_of_the_project_is_one_line(project: Path):
    (project / ".spancopy").mkdir()
    (project / ".spancopy" / "dictionary.txt").write_bytes(b"\xff\xfe\x00binary")
    out = spancopy(project / "notes.txt")
    assert out.returncode == 2 and out.stdout == ""
    (line,) = out.stderr.splitlines()
    assert line == (
        f"spancopy: cannot read the dictionary: {project / '.spancopy' / 'dictionary.txt'}: "
        "not UTF-8 text"
    )


@pytest.mark.slow
def test_modal_of_and_their_for_there_are_corrected_and_their_right_uses_left_alone(
    tmp_path: Path,
):
    """Harper's ModalOf and TheirToThere correct the sentence before the model sees it (the
    model alone ranks "could have" under "could of"); the words used right stay as written,
    and turning the rule off brings back the sentence as written."""
    wrong = ["We could of fixed it yesterday.", "Their is a problem with the build."]
    right = ["We could have fixed it yesterday.", "Their build is green, and they're happy."]
    (tmp_path / "notes.txt").write_text("\n\n".join(wrong + right) + "\n", encoding="utf-8")
    out = spancopy(tmp_path / "notes.txt", "--json")
    assert out.returncode == 0, out.stderr
    found = {m["name"]: m["repairs"] for m in json.loads(out.stdout)["sentences"]}
    assert [e["newText"] for e in found[wrong[0]][0]["edits"]] == ["have"]
    assert [e["newText"] for e in found[wrong[1]][0]["edits"]] == ["There"]
    assert not found.get(right[0]) and not found.get(right[1])
    off = titles(tmp_path / "notes.txt", "--json", "--disable-rule", "ModalOf")
    assert all('"have"' not in t for t in off.get(wrong[0], []))


def test_a_tag_question_keeps_its_comma(tmp_path: Path):
    """A tag typed without its apostrophe gets it and keeps its comma: the prose model's first
    repair of ``It's a nice day, isnt it?`` was ``It's a nice day isn't it?`` (87%). No
    repair offered drops the comma."""
    fixes = {
        "It's a nice day, isnt it?": "It's a nice day, isn't it?",
        "The build passed, doesnt it?": "The build passed, doesn't it?",
    }
    notes = tmp_path / "notes.txt"
    notes.write_text("\n\n".join(fixes) + "\n", encoding="utf-8")
    out = spancopy(notes, *EVERY)
    assert out.returncode == 0, out.stderr
    text = notes.read_text(encoding="utf-8")
    for unit in json.loads(out.stdout)["sentences"]:
        first, *others = (apply_lsp_edits(text, r["edits"]) for r in unit["repairs"])
        assert first == text.replace(unit["name"], fixes[unit["name"]])
        assert all(unit["name"].split(",")[0] + ", " in other for other in others)


def test_its_and_it_is_told_apart_by_the_next_word(tmp_path: Path):
    """``its`` before an article, ``not`` or ``been`` is ``it's``, and ``it's own`` is
    ``its own``: the sentences were not searched (no word is misspelt) and got no repair; the
    possessive used right keeps it."""
    fixes = {
        "Its not clear why the build fails.": "It's not clear why the build fails.",
        "Each worker has it's own socket.": "Each worker has its own socket.",
        "Its been a while since the release.": "It's been a while since the release.",
    }
    right = "The tool keeps its own copy of the file."
    notes = tmp_path / "notes.txt"
    notes.write_text("\n\n".join([*fixes, right]) + "\n", encoding="utf-8")
    out = spancopy(notes, "--json")
    assert out.returncode == 0, out.stderr
    text = notes.read_text(encoding="utf-8")
    found = {m["name"]: m["repairs"] for m in json.loads(out.stdout)["sentences"]}
    for sentence, fixed in fixes.items():
        first = apply_lsp_edits(text, found[sentence][0]["edits"])
        assert first == text.replace(sentence, fixed)
    assert not found.get(right)


def test_wont_between_a_subject_and_a_verb_is_won_t(tmp_path: Path):
    """``the tests wont work``: no word is misspelt (``wont`` is a word), so the sentence was
    not searched and got no repair; the word ``wont`` and an issue's ``Wont fix`` keep it."""
    fixed = "The tests wont work without it."
    kept = ["As is his wont, he left early.", "She was wont to read late.", "Wont fix."]
    notes = tmp_path / "notes.txt"
    notes.write_text("\n\n".join([fixed, *kept]) + "\n", encoding="utf-8")
    out = spancopy(notes, "--json")
    assert out.returncode == 0, out.stderr
    text = notes.read_text(encoding="utf-8")
    found = {m["name"]: m["repairs"] for m in json.loads(out.stdout)["sentences"]}
    results = [apply_lsp_edits(text, r["edits"]) for r in found[fixed]]
    assert text.replace("wont work", "won't work") in results
    assert all("won't" in r for r in results)
    assert not any(found.get(s) for s in kept)


def test_it_is_and_a_passive_participle_are_repaired_and_their_look_alikes_kept(tmp_path: Path):
    """No word of these is misspelt, so none was searched: ``its optional in the config`` and
    ``is build with Gradle`` got no repair. The possessive before its noun, a pseudo-cleft and
    a build target keep theirs."""
    wrong = {
        "The flag is optional, but its optional in the config file too.": (
            "its optional",
            "it's optional",
        ),
        "The project is build with Gradle.": ("is build", "is built"),
    }
    kept = [
        "It takes its optional argument first.",
        "All it does is build the tree.",
        "The default target is build.",
    ]
    notes = tmp_path / "notes.txt"
    notes.write_text("\n\n".join([*wrong, *kept]) + "\n", encoding="utf-8")
    out = spancopy(notes, "--json")
    assert out.returncode == 0, out.stderr
    text = notes.read_text(encoding="utf-8")
    found = {m["name"].rstrip("…"): m["repairs"] for m in json.loads(out.stdout)["sentences"]}

    def repairs(sentence: str) -> list:  # a long sentence's name is its start
        return next(r for name, r in found.items() if sentence.startswith(name))

    for sentence, (old, new) in wrong.items():
        first = apply_lsp_edits(text, repairs(sentence)[0]["edits"])
        assert first == text.replace(old, new, 1)  # that change alone (not "file to.")
    assert not any(repairs(s) for s in kept)


def test_the_names_of_html_are_not_respelt(tmp_path: Path):
    """jsoup's change log, ``around thead, tbody, and tfoot``, got ``thread, body, and foot``
    (>99%): the names of HTML are words of a programmer's prose."""
    notes = tmp_path / "notes.txt"
    notes.write_text("The parser now handles thead, tbody, and tfoot around a table.\n")
    out = spancopy(notes, "--json")
    assert out.returncode == 0, out.stderr
    assert [m["repairs"] for m in json.loads(out.stdout)["sentences"]] == [[]]


def test_a_rate_and_words_made_of_words_are_left_as_written(tmp_path: Path):
    """jsoup's commit log: ``keep one line map per parse`` got ``mapper``, ``Make hostless
    HTTP(S) URLs fail`` got ``hostess`` and ``Don't recode URL paths`` got ``decode``, each at
    >99%; a misspelt ``uselss`` is still corrected."""
    notes = tmp_path / "log.txt"
    notes.write_text(
        "Keep one line map per parse.\n\nMake hostless URLs fail resolution.\n\n"
        "Don't recode URL paths.\n\nThe old check was uselss.\n",
        encoding="utf-8",
    )
    found = titles(notes, "--json")
    assert found["Keep one line map per parse."] == []
    assert found["Make hostless URLs fail resolution."] == []
    assert found["Don't recode URL paths."] == []
    assert found["The old check was uselss."][:1] == ['Replace "uselss" with "useless"']


def test_words_hyphenated_at_line_ends_are_left_as_written(tmp_path: Path):
    """ssh(1) as ``man`` lays it out: ``key ma‐`` / ``terial`` got ``trial`` and ``alterna‐`` /
    ``tive`` got ``alternate remote`` (>99% and 81%)."""
    page = tmp_path / "ssh.txt"
    page.write_text(
        "     -A   Agent forwarding should be enabled with caution.  An attacker cannot obtain"
        " key ma\u2010\n          terial from the agent.  A safer alterna\u2010\n          tive"
        " may be to use a jump host.\n",
        encoding="utf-8",
    )
    out = spancopy(page, "--json")
    assert out.returncode == 0, out.stderr
    sentences = json.loads(out.stdout)["sentences"]
    assert len(sentences) == 3
    assert [m["repairs"] for m in sentences] == [[], [], []]


def test_a_word_after_an_option_keeps_its_number(tmp_path: Path):
    """ssh(1)'s ``multiple -i options`` and xargs(1)'s ``The -l and -i options appear`` got
    ``option`` (>99%): the model read the option's letter as a pronoun. A noun after an
    option keeps its number; one after a word may still change it."""
    page = tmp_path / "options.txt"
    page.write_text(
        "It is possible to have multiple -i options here.\n\n"
        "The -l and -i options appear in the old version.\n",
        encoding="utf-8",
    )
    found = titles(page, *EVERY)
    offered = [t for ts in found.values() for t in ts]
    assert len(found) == 2, found
    assert not any('"option"' in t or '"I option' in t for t in offered), offered


def test_names_of_programs_beside_unmade_respellings_are_left_as_written(tmp_path: Path):
    """gzip's README: ``The znew and gzexe shell scripts ... the (non-GNU) cpmod utility`` got
    ``new``, ``gee`` and ``cod`` (>99%): ``cpmod`` -> ``chmod``, a respelling the corrector does
    not make in well-edited text, let ``znew`` be respelt, and the sentence so changed took
    Harper's spelling. ``The perl script ztouch`` got ``touch``: a name's capital (``Perl``) is no
    misspelling either. A slip in such a sentence is still corrected."""
    readme = tmp_path / "README.txt"
    readme.write_text(
        "The znew and gzexe shell scripts provided with gzip benefit from\n"
        "(but do not require) the (non-GNU) cpmod utility to transfer file attributes.\n\n"
        "The perl script ztouch is also provided as example (not installed by default since it\n"
        "relies on perl).\n\nThe old check was uselss.\n",
        encoding="utf-8",
    )
    found = titles(readme, "--json")
    offered = [t for ts in found.values() for t in ts]
    assert len(found) == 3, found
    assert not any(w in t for t in offered for w in ("znew", "gzexe", "cpmod", "ztouch")), offered
    assert found["The old check was uselss."][:1] == ['Replace "uselss" with "useless"']
