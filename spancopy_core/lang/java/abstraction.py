"""BFP-compatible abstraction of Java tokens and its inverse: :func:`abstract` writes a method's
tokens as the BFP data set of Tufano et al. (TOSEM 2019) does (``TYPE_n`` / ``VAR_n`` / ...
placeholders and known idioms), recording in a :class:`Mapping` the source tokens each stands
for; :func:`concretize` inverts it, and :func:`model_input` is what the model sees of a method,
for the trainer and the server alike.
Design notes: docs/design.md#lang-java-abstraction.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Container, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from spancopy_core.lang.errors import ConcretizeError
from spancopy_core.lang.java.syntax import Token, is_name, is_token
from spancopy_core.paper.context import MAX_TOKENS as MAX_CONTEXT

# Public top-level types of java.lang in JDK 17 (implicitly imported in every file).
JAVA_LANG = frozenset(
    """AbstractMethodError Appendable ArithmeticException ArrayIndexOutOfBoundsException
    ArrayStoreException AssertionError AutoCloseable Boolean BootstrapMethodError Byte
    CharSequence Character Class ClassCastException ClassCircularityError ClassFormatError
    ClassLoader ClassNotFoundException ClassValue CloneNotSupportedException Cloneable Comparable
    Compiler Deprecated Double Enum EnumConstantNotPresentException Error Exception
    ExceptionInInitializerError Float FunctionalInterface IllegalAccessError
    IllegalAccessException IllegalArgumentException IllegalCallerException
    IllegalMonitorStateException IllegalStateException IllegalThreadStateException
    IncompatibleClassChangeError IndexOutOfBoundsException InheritableThreadLocal
    InstantiationError InstantiationException Integer InternalError InterruptedException Iterable
    LayerInstantiationException LinkageError Long Math Module ModuleLayer
    NegativeArraySizeException NoClassDefFoundError NoSuchFieldError NoSuchFieldException
    NoSuchMethodError NoSuchMethodException NullPointerException Number NumberFormatException
    Object OutOfMemoryError Override Package Process ProcessBuilder ProcessHandle Readable Record
    ReflectiveOperationException Runnable Runtime RuntimeException RuntimePermission SafeVarargs
    SecurityException SecurityManager Short StackOverflowError StackTraceElement StackWalker
    StrictMath String StringBuffer StringBuilder StringIndexOutOfBoundsException SuppressWarnings
    System Thread ThreadDeath ThreadGroup ThreadLocal Throwable TypeNotPresentException
    UnknownError UnsatisfiedLinkError UnsupportedClassVersionError
    UnsupportedOperationException VerifyError VirtualMachineError Void""".split()
)

PLACEHOLDER = re.compile(r"(?:TYPE|METHOD|VAR|STRING|CHAR|INT|FLOAT)_\d+")
_QUALIFIED = re.compile(r"(?:[^\W\d]|\$)[\w$]*(?:\.(?:[^\W\d]|\$)[\w$]*)+")

_CATEGORY = {
    "type": "TYPE",
    "method": "METHOD",
    "var": "VAR",
    "string": "STRING",
    "char": "CHAR",
    "int": "INT",
    "float": "FLOAT",
}


class _Resolver:
    """Qualified names that a simple name may stand for, from ``java.lang`` and the imports
    (``java.util.List``, ``java.util.*``, ``static org.junit.Assert.assertEquals``)."""

    def __init__(self, imports: tuple[str, ...]) -> None:
        self.single: dict[str, str] = {}
        self.wild: list[str] = []
        for imp in imports:
            name = imp.removeprefix("static ").strip()
            if name.endswith(".*"):
                self.wild.append(name[:-2])
            elif "." in name:
                self.single.setdefault(name.rsplit(".", 1)[1], name)
        self.cache: dict[str, tuple[str, ...]] = {}

    def candidates(self, name: str) -> tuple[str, ...]:
        found = self.cache.get(name)
        if found is None:
            out = []
            if name in self.single:
                out.append(self.single[name])
            elif name in JAVA_LANG:
                out.append("java.lang." + name)
            out.extend(f"{w}.{name}" for w in self.wild)
            found = self.cache[name] = tuple(out)
        return found

    def is_type(self, name: str) -> bool:
        """Whether ``name`` is imported by name or is a java.lang type."""
        return name in self.single or name in JAVA_LANG

    def shorten(self, qualified: str) -> str:
        """The shortest way to write ``qualified`` in this file (fully qualified if nothing
        imports it)."""
        parts = qualified.split(".")
        for k in range(len(parts) - 1, 0, -1):
            found = self.candidates(parts[k])
            if found and found[0] == ".".join(parts[: k + 1]):
                return ".".join(parts[k:])
        return qualified


@lru_cache(maxsize=256)
def _resolver(imports: tuple[str, ...]) -> _Resolver:
    return _Resolver(imports)


def _canonical(text: str, kind: str) -> str:
    """The spelling under which a literal is looked up in ``known`` (BFP writes float literals
    as ``1.0F``, ``0.0``, longs with ``L``)."""
    if kind == "int":
        return text[:-1] + "L" if text[-1] == "l" else text
    if kind != "float" or text[:2] in ("0x", "0X"):
        return text
    suffix = text[-1] if text[-1] in "fFdD" else ""
    mantissa, e, exponent = (text[:-1] if suffix else text).lower().partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    mantissa = ("0" if mantissa.startswith(".") else "") + mantissa
    mantissa += "0" if mantissa.endswith(".") else ""
    return (
        mantissa + ("E" + exponent if e else "") + ("F" if suffix in ("f", "F") and suffix else "")
    )


@dataclass(frozen=True)
class Mapping:
    """How one abstracted token sequence relates to its source.

    ``tokens`` is the abstract sequence (the model input); ``spans[k] = (s, e)`` says that
    ``tokens[k]`` stands for the source tokens ``s:e`` given to :func:`abstract`; ``surface``
    maps each placeholder and each idiom spelled differently in the source (``java.lang.String``
    for ``String``) to its source text (shared by both sides of a pair); ``imports`` decide how a
    qualified idiom that the source does not contain is written back."""

    tokens: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]
    surface: dict[str, str]
    imports: tuple[str, ...] = ()

    def concretize(self, tokens: Sequence[str]) -> list[str]:
        """See :func:`concretize`."""
        return concretize(tokens, self)


class Abstraction(NamedTuple):
    """``abstract``'s result: the abstract tokens and their mapping."""

    tokens: list[str]
    mapping: Mapping


class _Abstractor:
    """Placeholder numbering (by first occurrence, per category) shared by a pair."""

    def __init__(self, known: Container[str], imports: tuple[str, ...]) -> None:
        self.known, self.imports = known, imports
        self.resolver = _resolver(imports)
        self.ids: dict[tuple[str, str], str] = {}
        self.counts: Counter[str] = Counter()
        self.surface: dict[str, str] = {}

    def _placeholder(self, category: str, text: str) -> str:
        key = (category, text)
        name = self.ids.get(key)
        if name is None:
            self.counts[category] += 1
            name = self.ids[key] = f"{category}_{self.counts[category]}"
            self.surface[name] = text
        return name

    def _spell(self, token: str, text: str) -> None:
        """Remember how the source writes a known token (its shortest spelling)."""
        if len(text) < len(self.surface.get(token, text + " ")):
            self.surface[token] = text

    def _known(self, token: str) -> bool:
        return token in self.known and not PLACEHOLDER.fullmatch(token)

    def run(self, tokens: Sequence[Token]) -> Abstraction:
        texts = [t.text for t in tokens]
        out: list[str] = []
        spans: list[tuple[int, int]] = []
        n, i = len(tokens), 0
        while i < n:
            tok = tokens[i]
            if tok.kind == "identifier":
                if i == 0 or texts[i - 1] != ".":
                    chain = self._chain(tokens, texts, i)
                    if chain is not None:
                        word, stop = chain
                        out.append(word)
                        spans.append((i, stop))
                        i = stop
                        continue
                out.append(self._identifier(tok, texts[i + 1 : i + 3]))
            elif (
                tok.text == "."
                and texts[i + 1 : i + 2] == ["class"]
                and i
                and tokens[i - 1].kind == "identifier"
            ):
                out.append("class")  # BFP writes Name.class as "VAR_n class"
                spans.append((i, i + 2))
                i += 2
                continue
            elif tok.kind in ("string", "char", "int", "float"):
                canonical = _canonical(tok.text, tok.kind)
                if self._known(canonical):
                    self._spell(canonical, tok.text)
                    out.append(canonical)
                else:
                    out.append(self._placeholder(_CATEGORY[tok.kind], tok.text))
            else:
                if tok.kind == "error":
                    self.surface.setdefault(tok.text, tok.text)
                out.append(tok.text)
            spans.append((i, i + 1))
            i += 1
        return Abstraction(out, Mapping(tuple(out), tuple(spans), self.surface, self.imports))

    def scope(self, tokens: Sequence[Token], method: Sequence[str], limit: int) -> list[str]:
        """The context segment of a method abstracted as ``method`` (by this abstractor):
        the abstract form of each of ``tokens`` (names and literals, see
        :meth:`JavaSource.scope`) that the method lacks, in order, at most ``limit``; their
        placeholders continue the numbering. Known names (idioms such as ``size``) stay: they
        tell the model, by name, what is in scope; known literals (``0``, ``1``) are left out,
        the model generates them anyway."""
        have = set(method)
        out: list[str] = []
        for tok in tokens:
            if len(out) >= limit:
                break
            if tok.kind == "identifier":
                word = self._identifier(tok, [])
            elif tok.kind in _CATEGORY:
                if self._known(_canonical(tok.text, tok.kind)):
                    continue
                word = self._placeholder(_CATEGORY[tok.kind], tok.text)
            else:
                continue
            if word not in have:
                have.add(word)
                out.append(word)
        return out

    def _identifier(self, tok: Token, after: list[str]) -> str:
        if self._known(tok.text):
            return tok.text
        role = tok.role
        if after == [".", "class"]:
            role = "var"  # as BFP does for class literals
        elif role == "var" and after[:1] == ["."] and self.resolver.is_type(tok.text):
            role = "type"
        return self._placeholder(_CATEGORY[role], tok.text)

    def _chain(self, tokens: Sequence[Token], texts: list[str], i: int) -> tuple[str, int] | None:
        """A dotted name starting at ``i`` that becomes one token: the longest prefix whose
        qualified or written form is known, else a package-qualified type (``a.b.Type``)."""
        n = len(tokens)
        names = [i]
        while (
            names[-1] + 2 < n
            and texts[names[-1] + 1] == "."
            and tokens[names[-1] + 2].kind == "identifier"
        ):
            names.append(names[-1] + 2)
        heads = (*self.resolver.candidates(texts[i]), texts[i])
        for k in range(len(names), 0, -1):
            rest = "".join(texts[i + 1 : names[k - 1] + 1])
            for head in heads if k > 1 else heads[:-1]:
                word = head + rest
                if self._known(word):
                    self._spell(word, texts[i] + rest)
                    return word, names[k - 1] + 1
        for k, j in enumerate(names[1:], start=1):
            if not texts[j][:1].isupper():
                continue
            if any(not texts[m][:1].islower() for m in names[:k]):
                break
            text = "".join(texts[i : j + 1])
            return self._placeholder("TYPE", text), j + 1
        return None


def strip_annotations(tokens: Sequence[Token]) -> list[Token]:
    """``tokens`` without annotations: ``@`` with its (dotted) name and, if present, its
    parenthesised arguments. Applies to leading ones (``@Override``) and those of parameters,
    locals and type uses alike; ``@interface`` is one token and stays."""
    out: list[Token] = []
    n, i = len(tokens), 0
    while i < n:
        if tokens[i].text != "@" or i + 1 >= n or tokens[i + 1].kind != "identifier":
            out.append(tokens[i])
            i += 1
            continue
        i += 2
        while i + 1 < n and tokens[i].text == "." and tokens[i + 1].kind == "identifier":
            i += 2
        if i < n and tokens[i].text == "(":
            depth = 0
            while i < n:
                depth += {"(": 1, ")": -1}.get(tokens[i].text, 0)
                i += 1
                if depth == 0:
                    break
    return out


def abstract(
    tokens: Sequence[Token], known: Container[str] = frozenset(), imports: Sequence[str] = ()
) -> Abstraction:
    """BFP-style abstraction of ``tokens`` (usually one method's); ``known`` are the names and
    literals kept as they are (the model vocabulary), ``imports`` the file's imports as
    :attr:`JavaSource.imports` gives them. Unpacks as ``(abstract_tokens, mapping)``."""
    return _Abstractor(known, tuple(imports)).run(tokens)


def abstract_pair(
    before: Sequence[Token],
    after: Sequence[Token],
    known: Container[str] = frozenset(),
    imports: Sequence[str] = (),
) -> tuple[Abstraction, Abstraction]:
    """Abstract both sides of a training pair with one shared numbering and surface map (the
    fixed side's new names continue the numbering)."""
    before_abstraction, after_abstraction = abstract_together((before, after), known, imports)
    return before_abstraction, after_abstraction


def abstract_together(
    sequences: Sequence[Sequence[Token]],
    known: Container[str] = frozenset(),
    imports: Sequence[str] = (),
) -> list[Abstraction]:
    """Abstract token sequences in order with one shared numbering and surface map: a name
    gets the placeholder it got in an earlier sequence, a new one continues the numbering
    (:func:`abstract_pair` for two; an observed edit and the methods it is applied to, in
    :mod:`spancopy_core.repair.similar`)."""
    abstractor = _Abstractor(known, tuple(imports))
    return [abstractor.run(tokens) for tokens in sequences]


class ModelInput(NamedTuple):
    """What the model sees of one method: ``tokens`` (the abstract input), ``mapping`` back to
    the source, ``source``, the method's tokens without annotations that ``mapping.spans``
    index, and ``context``, the abstract tokens of its context segment
    (:mod:`spancopy_core.paper.context`; empty unless asked for), whose placeholders ``mapping``
    writes back too."""

    tokens: list[str]
    mapping: Mapping
    source: list[Token]
    context: Sequence[str] = ()


def model_input(
    tokens: Sequence[Token],
    known: Container[str],
    imports: Sequence[str] = (),
    scope: Sequence[Token] = (),
) -> ModelInput:
    """The model input of one method's ``tokens``, for training and serving alike: annotations
    stripped (BFP has none, so the model never sees one), then abstracted with the vocabulary
    ``known`` and the file's ``imports``; with ``scope`` (:meth:`JavaSource.scope`), the
    context segment of the names and literals of ``scope`` that the method lacks and the
    vocabulary does not hold, numbered after the method's."""
    source = strip_annotations(tokens)
    abstractor = _Abstractor(known, tuple(imports))
    abstraction = abstractor.run(source)
    context = abstractor.scope(scope, abstraction.tokens, MAX_CONTEXT)
    mapping = replace(abstraction.mapping, surface=dict(abstractor.surface))
    return ModelInput(abstraction.tokens, mapping, source, context)


def model_input_pair(
    before: Sequence[Token],
    after: Sequence[Token],
    known: Container[str],
    imports: Sequence[str] = (),
    scope: Sequence[Token] = (),
) -> tuple[ModelInput, ModelInput]:
    """Both sides of a training pair as :func:`model_input` makes them, with one shared
    numbering (see :func:`abstract_pair`): the ``before`` side equals ``model_input(before,
    scope=scope)``, its context included, which is numbered before the ``after`` side, as at
    inference (a name of the fix taken from the context has its context number)."""
    sources = strip_annotations(before), strip_annotations(after)
    abstractor = _Abstractor(known, tuple(imports))
    first = abstractor.run(sources[0])
    context = abstractor.scope(scope, first.tokens, MAX_CONTEXT)
    second = abstractor.run(sources[1])
    surface = dict(abstractor.surface)
    return (
        ModelInput(first.tokens, replace(first.mapping, surface=surface), sources[0], context),
        ModelInput(second.tokens, replace(second.mapping, surface=surface), sources[1]),
    )


# the kinds of new token any edit may write as the next placeholder of its category
NEW_LITERALS = ("string", "char", "float")


def new_literal(
    mapping: Mapping,
    token: Token,
    known: Container[str],
    added: dict[str, str],
    kinds: Container[str] = NEW_LITERALS,
) -> str | None:
    """The placeholder that a string, char or floating literal ``token`` which the
    abstracted unit lacks takes in an edit of it (``" "``, ``10.0``): the next of its category
    after the ``mapping``'s and those ``added`` before in the same edit (text -> placeholder,
    updated), if the vocabulary ``known`` has it; None for any other token (a new name means
    nothing to the model; for a new integer see ``templates.literal_step``). ``kinds``: the
    token kinds that take one (a likely bug's own fix also writes a new integer, ``int``, a
    new method's name, ``method``, and a new variable's, ``var``: ``1000000007`` for ``10 ^
    9 + 7``, ``Math.max``, a field ``MOD``)."""
    if token.kind not in kinds:
        return None
    if token.text not in added:
        category = _CATEGORY[token.kind] + "_"
        taken = sum(p.startswith(category) for p in mapping.surface)
        taken += sum(p.startswith(category) for p in added.values())
        added[token.text] = f"{category}{taken + 1}"
    return added[token.text] if added[token.text] in known else None


def concretize(tokens: Sequence[str], mapping: Mapping) -> list[str]:
    """The source text of each abstract token: placeholders and idioms as the source wrote
    them, other known qualified names in their shortest form for the file's imports, Java
    keywords, operators and literals as themselves. Raises :class:`ConcretizeError` for a
    token the mapping cannot explain (``VAR_9`` in a method with four variables, ``<unk>``)."""
    out: list[str] = []
    resolver = _resolver(mapping.imports)
    for k, token in enumerate(tokens):
        text = mapping.surface.get(token)
        if (
            token == "class"
            and k
            and is_name(tokens[k - 1])
            and not (k + 1 < len(tokens) and is_name(tokens[k + 1]))
        ):
            text = ".class"  # BFP's "VAR_n class" is Name.class (not "@A class B")
        elif text is None:
            if PLACEHOLDER.fullmatch(token):
                raise ConcretizeError(f"{token} is not a name of this method")
            if _QUALIFIED.fullmatch(token):
                text = resolver.shorten(token)
            elif is_token(token):
                text = token
            else:
                raise ConcretizeError(f"{token!r} is not a Java token")
        out.append(text)
    return out
