"""The held-out slices of the real Java edits: the ManySStuBs4J projects that no training sees.

ManySStuBs4J records carry no project name, so a *project key* stands in for it
(:func:`project_key`): the package's first two components (``org.neo4j``), three under an
umbrella organisation (:data:`UMBRELLAS`: ``org.apache.camel``, ``com.google.common``), the first
alone for a package that is not a reversed domain name (``alluxio.master`` -> ``alluxio``), known
renames merged (:data:`ALIASES`: ``tachyon`` -> ``alluxio``, ``eu.stratosphere`` ->
``org.apache.flink``, ...), and the path's leading directories when there is no package. Near
duplicates within a project (one method fixed in two commits, a file copied between modules) then
fall on one side of the split.

:func:`choose` assigns whole projects to the *test* slice (final figures only: never used for
training or model selection) and the *dev* slice (model selection): the projects of at most
:data:`MAX_PROJECT` pairs, in the order of the SHA-256 of :data:`SALT` and their key, fill the
test slice up to at least :data:`TARGET` pairs, then the dev slice likewise. Larger projects
always train (one of them would be most of a slice). The choice made on
``shared/data/java-edits/manysstubs4j.jsonl`` is frozen in ``trainer/heldout.json``
(``python -m trainer heldout``), so that the slices stay fixed and need no data to be known:
:func:`slice_of` says where a record belongs; ``import-edits`` drops every record of a held-out
project (CodRep's too); ``bench/real_bugs.py`` evaluates on :func:`read_slice`.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .config import DataError

HELDOUT_JSON = Path(__file__).resolve().parent / "heldout.json"
SALT = "spancopy-real-bugs-v1"
TARGET = 600  # pairs per slice, at least
MAX_PROJECT = 100  # larger projects never go to a slice (a sixth of it at most)
SLICES = ("test", "dev")
SOURCE = "manysstubs4j"  # the records the slices are made of

# The first component of a package that is a top-level domain: the project is then named by
# two components (three under an umbrella), otherwise by the first alone.
DOMAINS = frozenset(
    "org com io net edu eu de fr uk us cn in fi me nl ch at be it jp ru se no dk pl br au".split()
)
UMBRELLAS = frozenset(
    {
        "org.apache",
        "org.eclipse",
        "org.jboss",
        "org.codehaus",
        "com.google",
        "com.googlecode",
        "com.github",
        "com.alibaba",
        "com.squareup",
        "com.facebook",
        "io.github",
        "net.sf",
        "net.sourceforge",
    }
)
# Projects seen under two keys in ManySStuBs4J (renamed, moved or split repositories).
ALIASES = {
    "tachyon": "alluxio",
    "eu.stratosphere": "org.apache.flink",
    "flink": "org.apache.flink",
    "backtype": "org.apache.storm",
    "storm": "org.apache.storm",
    "com.alibaba.dubbo": "org.apache.dubbo",
    "org.jboss.netty": "io.netty",
    "org.jboss.as": "org.wildfly",
    "com.google.checkstyle": "com.puppycrawl",
    "org.checkstyle": "com.puppycrawl",
    "com.yammer": "io.dropwizard",
    "com.codahale": "io.dropwizard",
    "com.googlecode.guice": "com.google.inject",
    "org.activiti5": "org.activiti",
    "org.graylog": "org.graylog2",
    "models": "org.graylog2",  # graylog2-web-interface (Play: app/models, app/controllers, ...)
    "controllers": "org.graylog2",
    "views": "org.graylog2",
    "lib": "org.graylog2",
    "apimodels": "io.swagger",  # swagger-codegen's Play samples
    "com.wordnik": "io.swagger",
    "com.nhn": "com.navercorp",
    "com.squareup.okhttp": "okhttp3",
    "retrofit2": "retrofit",
    "com.googlecode.jsonschema2pojo": "org.jsonschema2pojo",
    "junit": "org.junit",
    "pxb": "com.googlecode.dex2jar",
    "p": "com.googlecode.dex2jar",
    "$": "org.apache.camel",  # a Camel archetype's template
    "org.beverage": "org.apache.camel",  # Camel's connector examples
    "org.foo": "org.apache.camel",
    "sample": "org.springframework",  # spring-boot-samples (and two Camel examples)
    "android": "com.actionbarsherlock",  # its copy of the support library
    "com.badlogicgames": "com.badlogic",  # libgdx demos
    "com.mojang": "com.badlogic",
    "com.example": "io.dropwizard",  # dropwizard-example
    "com.google.debugging": "com.google.javascript",  # closure-compiler's source maps
    "org.apache.calcite": "org.apache.flink",  # flink-table's copies of Calcite classes
    "com.mycompany": "com.puppycrawl",  # checkstyle's contrib examples
    "org.binding": "org.openhab",
    "org.dirty": "com.iluwatar",  # java-design-patterns modules
    "org.queue": "com.iluwatar",
    "domainapp": "com.iluwatar",
    "com.sun": "io.netty",  # netty's SCTP stubs
    "io.druid": "org.apache.druid",
    "com.metamx": "org.apache.druid",
    "com.alibaba.json": "com.alibaba.fastjson",  # fastjson's tests
    "org.nd4j": "org.deeplearning4j",
    "okio": "okhttp3",
    "com.nineoldandroids": "com.actionbarsherlock",
    "org.opencloudb": "io.mycat",
    "org.apache.hive": "org.apache.hadoop",  # Hive and HBase used org.apache.hadoop.* packages
    "org.apache.hbase": "org.apache.hadoop",
    "cuke4duke": "cucumber",
    "org.jipijapa": "org.wildfly",
    "com.squareup.java": "com.squareup.javapoet",  # JavaWriter, its successor, Dagger's copy
    "com.squareup.javawriter": "com.squareup.javapoet",
    "dagger": "com.squareup.javapoet",
    "com.ning": "org.asynchttpclient",
    "org.scribe": "com.github.scribejava",
}


def project_key(package: str | None, path: str | None) -> str | None:
    """The project a record stands for (see the module docstring); None when it has neither
    a package nor a path with a directory."""
    if package:
        parts = package.split(".")
        if parts[0] not in DOMAINS:
            key = parts[0]
        elif ".".join(parts[:2]) in UMBRELLAS:
            key = ".".join(parts[:3])
        else:
            key = ".".join(parts[:2])
        return ALIASES.get(key, key)
    if path and "/" in path:
        return "path:" + "/".join(path.split("/")[:-1][:2])
    return None


def _rank(key: str) -> str:
    return hashlib.sha256(f"{SALT}\0{key}".encode()).hexdigest()


def choose(
    counts: Mapping[str, int], target: int = TARGET, max_project: int = MAX_PROJECT
) -> dict[str, str]:
    """``{project key: slice}`` of the held-out projects, given the pairs per project (see the
    module docstring); the other projects train."""
    chosen: dict[str, str] = {}
    filled = dict.fromkeys(SLICES, 0)
    for key in sorted((k for k, n in counts.items() if 0 < n <= max_project), key=_rank):
        name = next((s for s in SLICES if filled[s] < target), None)
        if name is None:
            break
        chosen[key] = name
        filled[name] += counts[key]
    return chosen


def _records(path: Path) -> Iterator[dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, start=1):
                if line.strip():
                    try:
                        yield json.loads(line)
                    except json.JSONDecodeError as exc:
                        raise DataError(f"{path}:{n}: invalid JSON ({exc.msg})") from None
    except OSError as exc:
        raise DataError(f"{path}: {exc.strerror}") from None


def write_table(source: Path, out: Path) -> dict[str, Any]:
    """Choose the slices from the records of ``source`` (a ManySStuBs4J JSONL file) and
    write them to ``out`` with their provenance; return what was written."""
    counts: Counter[str] = Counter()
    for record in _records(source):
        key = project_key(record.get("package"), record.get("path"))
        if record.get("source", SOURCE) == SOURCE and key is not None:
            counts[key] += 1
    chosen = choose(counts)
    table = {
        "source": source.name,
        "sha256": hashlib.sha256(source.read_bytes()).hexdigest(),
        "salt": SALT,
        "target": TARGET,
        "max_project": MAX_PROJECT,
        "pairs": {s: sum(counts[k] for k, v in chosen.items() if v == s) for s in SLICES},
        "projects": {s: sorted(k for k, v in chosen.items() if v == s) for s in SLICES},
    }
    out.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    return table


@cache
def load_table(path: Path = HELDOUT_JSON) -> dict[str, str]:
    """``{project key: slice}`` of a table written by :func:`write_table` (default: the
    shipped one)."""
    try:
        projects = json.loads(path.read_text(encoding="utf-8"))["projects"]
    except OSError as exc:
        raise DataError(f"{path}: {exc.strerror}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise DataError(f"{path}: not a held-out table ({exc})") from None
    return {key: name for name in SLICES for key in projects[name]}


def slice_of(package: str | None, path: str | None) -> str | None:
    """``"test"`` or ``"dev"`` for a record of a held-out project (whatever its source), else
    None."""
    key = project_key(package, path)
    return None if key is None else load_table().get(key)


def read_slice(name: str, path: Path) -> list[dict[str, Any]]:
    """The ManySStuBs4J records of ``path`` in slice ``name``, in file order."""
    if name not in SLICES:
        raise ValueError(f"unknown slice {name!r} (expected one of {SLICES})")
    return [
        r
        for r in _records(path)
        if r.get("source") == SOURCE and slice_of(r.get("package"), r.get("path")) == name
    ]
