"""The resident compiler check (spancopy_core.lang.java.compiler): variants that javac rejects
are told apart from those it accepts; in a file that needs its project's other classes, those
that add an error other than a symbol javac cannot find; nothing is dropped without a JDK or
when the file itself has another error."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterator

import pytest

from spancopy_core.lang.java import compiler
from spancopy_core.repair.java import JavaFrontend
from tests import java_sources

# java.util.*, not one named type: the last variant below still compiles
STATS = java_sources.STATS.replace("import java.util.List;", "import java.util.*;")
VARIANTS = [
    STATS.replace("a.length", "a.size()"),  # no size() on an array
    STATS.replace("a[i] > a[best]", "a[i] >= a[best]"),
    STATS.replace("return best;", "return i;"),  # i is out of scope
    STATS.replace("int best = 0;", "long best = 0;"),  # a long returned as an int
    STATS.replace("List", "Lisst"),  # only in the imports' reach: still compiles
]

needs_jdk = pytest.mark.skipif(not compiler.available(), reason="no JDK (javac, java) on PATH")


@pytest.fixture
def helper(tmp_path) -> Iterator[compiler.Compiler]:
    """A resident compiler of its own (its helper class in ``tmp_path``), closed after."""
    made = compiler.Compiler(cache=tmp_path)
    try:
        yield made
    finally:
        made.close()


@needs_jdk
def test_what_javac_rejects_is_dropped() -> None:
    assert compiler.check(STATS, VARIANTS, budget_s=60.0) == [False, True, False, False, True]


@needs_jdk
def test_a_file_that_needs_its_projects_classes_is_checked_for_the_errors_a_variant_adds() -> None:
    # Stats extends a class of its project that javac cannot see, whose members it uses: a
    # variant that names another such symbol may be right; a method an array does not have, a
    # lossy conversion, an int dereferenced are wrong wherever the file is
    project = STATS.replace("public class Stats {", "public class Stats extends Base {")
    project = project.replace("int best = 0;", "int best = first();")
    variants = [v.replace("int best = 0;", "int best = first();") for v in VARIANTS]
    variants = [
        v.replace("public class Stats {", "public class Stats extends Base {") for v in variants
    ]
    variants.append(project.replace("return best;", "return best.intValue();"))
    assert compiler.check(project, variants, budget_s=60.0) == [
        False,
        True,
        True,
        False,
        True,
        False,
    ]


@needs_jdk
def test_a_file_with_another_error_is_not_checked() -> None:
    broken = STATS.replace("a[i] > a[best]", "a[i] > a.size()")  # no size() on an array
    assert compiler.check(broken, VARIANTS, budget_s=60.0) == [True] * len(VARIANTS)


def test_an_unresolved_symbol_is_excused_unless_a_known_type_lacks_it() -> None:
    assert compiler.unresolved("compiler.err.cant.resolve cannot find symbol symbol: class Base")
    assert compiler.unresolved(
        "compiler.err.cant.resolve.location.args cannot find symbol symbol:   method first() "
        "location: class Stats"
    )
    assert not compiler.unresolved(
        "compiler.err.cant.resolve.location.args cannot find symbol symbol:   method size() "
        "location: variable a of type int[]"
    )
    assert not compiler.unresolved(
        "compiler.err.cant.resolve.location.args cannot find symbol symbol:   method foo() "
        "location: variable s of type java.lang.String"
    )
    assert not compiler.unresolved("compiler.err.cant.deref int cannot be dereferenced")
    assert not compiler.adds_errors(frozenset({"compiler.err.cant.resolve x"}), frozenset())
    assert compiler.adds_errors(frozenset(), frozenset({"compiler.err.cant.resolve x"}))


def test_without_a_jdk_everything_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiler.shutil, "which", lambda name: None)
    assert not compiler.available()
    assert compiler.check(STATS, VARIANTS) == [True] * len(VARIANTS)


def test_the_file_takes_its_public_types_name() -> None:
    assert compiler.file_name(STATS) == "Stats.java"
    assert compiler.file_name("class A {}") == "Unit.java"
    assert compiler.file_name("public final class B<T> {}") == "B.java"


@needs_jdk
def test_a_late_answer_costs_no_restart(helper: compiler.Compiler) -> None:
    """An answer not read by its deadline is read before the next one; same helper process."""
    assert helper.errors("Stats.java", STATS, time.monotonic() + 60) == frozenset()
    assert helper.process is not None
    pid = helper.process.pid
    assert helper.errors("Stats.java", VARIANTS[0], time.monotonic()) is None  # too late
    assert helper.errors("Stats.java", VARIANTS[0], time.monotonic() + 60)
    assert helper.errors("Stats.java", STATS, time.monotonic() + 60) == frozenset()
    assert helper.process.pid == pid


@needs_jdk
def test_the_check_stops_when_enough_compile_and_remembers_its_verdicts(
    helper: compiler.Compiler,
) -> None:
    assert helper.remembered(STATS, VARIANTS, wanted=1) is None  # nothing asked yet
    # the third and fourth variants do not compile, but one that does was found first
    assert helper.check(STATS, VARIANTS, budget_s=60.0, wanted=1) == [False, True] + [True] * 3
    assert helper.remembered(STATS, VARIANTS, wanted=1) == [False, True] + [True] * 3
    assert helper.remembered(STATS, VARIANTS) is None  # the third was never compiled
    assert helper.known(VARIANTS[2]) is None and helper.known(VARIANTS[0]) is False


@needs_jdk
def test_a_helper_that_died_is_started_again(helper: compiler.Compiler) -> None:
    assert helper.errors("Stats.java", STATS, time.monotonic() + 60) == frozenset()
    assert helper.process is not None
    first = helper.process
    first.kill()
    first.wait()
    verdicts = [helper.errors("Stats.java", VARIANTS[0], time.monotonic() + 60)]
    verdicts.append(helper.errors("Stats.java", VARIANTS[0], time.monotonic() + 60))
    # the request that found it dead is not told (None) or told by a fresh helper
    assert verdicts[-1] and (verdicts[0] is None or verdicts[0] == verdicts[-1])
    assert helper.process is not None and helper.process.pid != first.pid
    helper.close()
    assert helper.process is None


def test_the_source_root_is_the_folder_above_the_packages_folders(tmp_path) -> None:
    path = tmp_path / "src" / "org" / "x" / "A.java"
    root = str((tmp_path / "src").absolute())
    assert compiler.source_root(path, "package org.x;\nclass A {}") == root
    header = "\ufeff/* licence */\n// note\n@Deprecated\npackage org . x ;\nclass A {}"
    assert compiler.source_root(path, header) == root
    assert compiler.source_root(path, "package org.y;\nclass A {}") is None  # not its folders
    assert compiler.source_root(path, "package a.org.x;\nclass A {}") is None
    unnamed = 'class A { String s = "package p;"; }'
    assert compiler.source_root(path, unnamed) == str(path.absolute().parent)
    assert compiler.source_root(None, "package org.x;") is None
    assert compiler.source_root(tmp_path / "a\tb" / "A.java", "class A {}") is None


# Child uses what its superclass Base gives: javac, alone, cannot see Base; beside it, all
CHILD = """package org.x;

public class Child extends Base {
    int sum(int[] a) {
        int s;
        s = first();
        for (int v : a) {
            s += v + total;
        }
        return s;
    }
}
"""
BASE = """package org.x;

public class Base {
    protected int total;

    protected int first() {
        return 0;
    }
}
"""
CHILD_VARIANTS = [
    CHILD.replace("s = first();", "s += first();"),  # s read before it is assigned
    CHILD.replace("v + total", "v + totl"),  # no such field in Base
    CHILD.replace("s = first();", "s = first() + 1;"),
]


@needs_jdk
def test_a_file_beside_its_projects_classes_is_checked_in_full(
    tmp_path, helper: compiler.Compiler
) -> None:
    package = tmp_path / "src" / "org" / "x"
    package.mkdir(parents=True)
    (package / "Base.java").write_text(BASE, encoding="utf-8")
    path = package / "Child.java"
    path.write_text(CHILD, encoding="utf-8")
    root = compiler.source_root(path, CHILD)
    # alone, javac stops at the missing Base: nothing added but unresolved symbols, all pass
    assert helper.check(CHILD, CHILD_VARIANTS, budget_s=60.0) == [True, True, True]
    assert not helper.known(CHILD)
    assert helper.check(CHILD, CHILD_VARIANTS, budget_s=60.0, root=root) == [False, False, True]
    assert helper.known(CHILD, root)  # it compiles beside Base
    # a file that compiles alone is checked alone (javac's reused context: cheaper)
    assert helper.check(STATS, VARIANTS, budget_s=60.0, root=root) == [
        False,
        True,
        False,
        False,
        True,
    ]
    assert helper.known_errors(STATS, root) is None
    # the front-end's check, from the document's path, as the runner and `spancopy repair` ask
    verdicts = JavaFrontend().compiles(CHILD, CHILD_VARIANTS, str(path))
    assert verdicts == [False, False, True]


@needs_jdk
def test_a_project_that_needs_a_library_is_checked_alone(
    tmp_path, helper: compiler.Compiler
) -> None:
    package = tmp_path / "org" / "x"
    package.mkdir(parents=True)
    needy = BASE.replace("package org.x;", "package org.x;\n\nimport org.lib.Thing;")
    (package / "Base.java").write_text(needy, encoding="utf-8")
    root = compiler.source_root(package / "Child.java", CHILD)
    assert root == str(tmp_path.absolute())
    # beside a Base that lacks its library, Child does not compile either: as if alone
    assert helper.check(CHILD, CHILD_VARIANTS, budget_s=60.0, root=root) == [True, True, True]
    assert helper.known_errors(CHILD) is not None  # it was compiled alone
    assert helper.known(CHILD, root) is False


@needs_jdk
def test_the_variants_read_the_projects_classes_from_the_class_files_of_their_base(
    tmp_path, helper: compiler.Compiler, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the class files go
    package = tmp_path / "src" / "org" / "x"
    package.mkdir(parents=True)
    (package / "Base.java").write_text(BASE, encoding="utf-8")
    path = package / "Child.java"
    root = compiler.source_root(path, CHILD)
    assert helper.check(CHILD, CHILD_VARIANTS[:1], budget_s=60.0, root=root) == [False]
    written = {p.name for p in tmp_path.rglob("*.class")}
    assert {"Base.class", "Child.class"} <= written  # beside the helper's own
    # Base's source gone, its class file tells javac what it gives: no field totl, first()
    (package / "Base.java").unlink()
    assert helper.check(CHILD, CHILD_VARIANTS[1:], budget_s=60.0, root=root) == [False, True]
    helper.close()  # its class files with it
    assert not list(tmp_path.rglob("Base.class"))


# a class that another class of its project names in its signatures (as Commons Lang's
# CharSequenceTranslator is named by AggregateTranslator's constructor)
TRANSLATOR = """package org.x;

public abstract class Translator {
    public abstract String translate(String s);

    public Translator with(Translator other) {
        return new Aggregate(this, other);
    }
}
"""
AGGREGATE = """package org.x;

public class Aggregate extends Translator {
    private final Translator[] parts;

    public Aggregate(Translator... parts) {
        this.parts = parts;
    }

    @Override
    public String translate(String s) {
        for (Translator t : parts) {
            s = t.translate(s);
        }
        return s;
    }
}
"""


@needs_jdk
def test_each_variant_of_a_class_the_project_names_is_judged_afresh(
    tmp_path, helper: compiler.Compiler
) -> None:
    # a context reused from one variant to the next kept Aggregate(Translator...) naming the
    # first variant's Translator: the second's this was "no Translator" and did not compile
    (tmp_path / "org" / "x").mkdir(parents=True)
    (tmp_path / "org" / "x" / "Aggregate.java").write_text(AGGREGATE, encoding="utf-8")
    path = tmp_path / "org" / "x" / "Translator.java"
    root = compiler.source_root(path, TRANSLATOR)
    variants = [
        TRANSLATOR.replace("(this, other)", "(other, this)"),
        TRANSLATOR.replace("(this, other)", "(this, other, this)"),
        TRANSLATOR.replace("(this, other)", "(this, 1)"),
    ]
    assert helper.check(TRANSLATOR, variants, budget_s=60.0, root=root) == [True, True, False]
    assert helper.known(TRANSLATOR, root)  # alone, Aggregate is missing


def test_the_public_type_of_a_javadoc_example_is_not_the_files() -> None:
    # Commons Lang's MultilineRecursiveToStringStyle shows "public class Job" in its Javadoc
    text = (
        "/**\n * <pre>\n * public class Job {\n * }\n * </pre>\n */\n"
        'public class Style { String s = "public class Q"; char c = \'"\'; }'
    )
    assert compiler.file_name(text) == "Style.java"
    assert compiler.file_name('class A { String t = """\n public class Q\n"""; }') == "Unit.java"
