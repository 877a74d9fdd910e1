"""The server's settings: one typed dataclass, the single source of truth for every client.
:class:`ServerSettings` declares each key of the ``spancopy`` section once, with its LSP key,
documentation and bounds; :func:`parse_settings` reads what a client sends
(``initializationOptions``, ``workspace/configuration``, ``workspace/didChangeConfiguration``)
and replaces a bad value by its default with a warning; :func:`json_schema` renders the VS Code
``contributes.configuration``.
Design notes: docs/design.md#lsp-server-settings.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, NamedTuple

from spancopy_core.paper.config import DEVICES, VARIANTS
from spancopy_core.repair.harper import DIALECTS, HarperSettings, unknown_rules
from spancopy_core.repair.java import JavaFrontend
from spancopy_core.repair.pipeline import (
    CONFIDENT_RATIO,
    MAX_BEAM_SIZE,
    MAX_TOP_K,
    MAX_UNIT_TOKENS,
    RepairOptions,
)
from spancopy_core.repair.prose import ProseFrontend
from spancopy_core.repair.similar import SimilarOptions
from spancopy_core.storage.dictionary import DICTIONARY

SECTION = "spancopy"
COMPILE_CHECKS = ("auto", "on", "off")  # of java.compileCheck (ServerSettings.compile_check)
_REPAIR = RepairOptions()  # the pipeline's defaults are the server's
_HARPER = HarperSettings()
_PROSE_RATIO = ProseFrontend.min_ratio
_SIMILAR = SimilarOptions()


def _setting(
    key: str,
    default: Any,
    doc: str,
    *,
    choices: tuple[str, ...] | None = None,
    minimum: float | None = None,
    maximum: float | None = None,
) -> Any:
    return field(
        default=default,
        metadata={"key": key, "doc": doc, "choices": choices, "min": minimum, "max": maximum},
    )


@dataclass(frozen=True)
class ServerSettings:
    """Settings of the ``spancopy`` section (see each field's ``doc`` metadata)."""

    model_path: str = _setting(
        "modelPath",
        "",
        "Directory of the Java model to serve (config.json, vocab.json, model.safetensors). "
        "Empty: the Java model shipped with spancopy. A relative path is resolved against "
        "the workspace root.",
    )
    device: str = _setting(
        "device",
        "auto",
        "Where the model runs: auto (CUDA when available, else the CPU), cpu or cuda.",
        choices=DEVICES,
    )
    beam_size: int = _setting(
        "beamSize",
        JavaFrontend.beam_size,
        "Width of the beam search of methods; the probabilities shown are shares of the "
        "hypotheses it finds. spancopy.repairMethod searches twice as wide.",
        minimum=1,
        maximum=MAX_BEAM_SIZE,
    )
    top_k: int = _setting(
        "topK", _REPAIR.top_k, "Most repairs offered per method.", minimum=1, maximum=MAX_TOP_K
    )
    max_method_tokens: int = _setting(
        "maxMethodTokens",
        _REPAIR.max_unit_tokens,
        "Methods with more model tokens than this are not searched by diagnostics (decoding"
        " time grows with length): only a likely bug whose fix a check knows is marked; a quick"
        " fix asked at a line of one searches the statements nearest that line (at most 250"
        " tokens).",
        minimum=1,
        maximum=MAX_UNIT_TOKENS,
    )
    decoding: str = _setting(
        "decoding",
        _REPAIR.decoding,
        "Search: merged (the paper's Algorithm 1, rays yielding equal tokens merged at every "
        "step), merge_at_end (merged only when finished) or greedy (one repair).",
        choices=VARIANTS,
    )
    syntax_check: bool = _setting(
        "syntaxCheck",
        _REPAIR.syntax_check,
        "Drop repairs after which a method that parsed no longer parses.",
    )
    java_compile_check: str = _setting(
        "java.compileCheck",
        "auto",
        "With a JDK on PATH (javac, java), Java repairs that add a compile error are dropped: "
        "any error where the file compiles as written, with its project's other classes in "
        "reach (the source folder its package is in); where it still lacks classes (symbols "
        "javac cannot find), any error but such a symbol (the best ten, compiled in memory by one "
        "resident javac, within 1 s for a request asked for explicitly and 0.3 s for an "
        "automatic one, after which the rest are offered unchecked): on for every code action "
        "(an automatic one only where it shows repairs), auto only for those asked for "
        "explicitly (Ctrl+., the trigger kind Invoked; spancopy.repairMethod), off for none. "
        "Diagnostics are never compiled.",
        choices=COMPILE_CHECKS,
    )
    automatic_min_ratio: float = _setting(
        "automaticMinRatio",
        CONFIDENT_RATIO,
        "When the editor asks for quick fixes by itself (the cursor moved), they are offered "
        "only where the best repair is at least this many times as likely as the method or "
        "sentence as written (a lightbulb where the model is confident); asked for explicitly "
        "(Ctrl+.), every repair is offered.",
        minimum=0.0,
        maximum=1e6,
    )
    diagnostics_enable: bool = _setting(
        "diagnostics.enable",
        False,
        "Mark methods of open files where the model is confident a repair exists.",
    )
    diagnostics_threshold: float = _setting(
        "diagnostics.threshold",
        2.0,
        "A method is marked when its best repair is at least this many times as likely as "
        "the unchanged method.",
        minimum=1.0,
        maximum=1e6,
    )
    diagnostics_debounce_ms: int = _setting(
        "diagnostics.debounceMs",
        750,
        "Quiet time after an edit before a file's diagnostics are recomputed, in milliseconds.",
        minimum=0,
        maximum=60000,
    )

    prose_enable: bool = _setting(
        "prose.enable",
        True,
        "Offer repairs of the sentence at the cursor in plain text and Markdown files, and in "
        "the comments of Java files, with the prose model.",
    )
    prose_model_path: str = _setting(
        "prose.modelPath",
        "",
        "Directory of the prose model. Empty: the English prose model shipped with spancopy "
        "(without it, text files get no repairs). A relative path is resolved against the "
        "workspace root.",
    )
    prose_beam_size: int = _setting(
        "prose.beamSize",
        ProseFrontend.beam_size,
        "Width of the beam search of sentences (after the spelling corrector); "
        "spancopy.repairMethod searches twice as wide.",
        minimum=1,
        maximum=MAX_BEAM_SIZE,
    )
    prose_java_comments: bool = _setting(
        "prose.javaComments",
        True,
        "In Java files, the cursor in a comment (Javadoc too) repairs the sentence there with "
        "the prose model, not the method around it.",
    )
    prose_min_ratio: float = _setting(
        "prose.minRatio",
        _PROSE_RATIO,
        "At the default (1), the prose front-end's own floors: a repair at least as likely as "
        "the sentence as written, a homophone swap 20 times, and rewrites of the model only for "
        "a sentence the spelling corrector changed (the corrector's and Harper's surest "
        "corrections are made first). Another value floors every kind alike and searches "
        "every sentence; 0 offers every candidate the model ranks.",
        minimum=0.0,
        maximum=1e6,
    )
    prose_dialect: str = _setting(
        "prose.dialect",
        _HARPER.dialect,
        "The English of your prose, for Harper's suggestions (spelling among them): "
        + ", ".join(DIALECTS)
        + ".",
        choices=DIALECTS,
    )
    prose_disabled_rules: tuple[str, ...] = _setting(
        "prose.disabledRules",
        _HARPER.disabled,
        "Harper rules turned off, by name (e.g. AnA, SpellCheck): neither their corrections "
        "nor their suggestions are offered. A name Harper does not have is ignored, with a "
        "warning.",
    )
    prose_dictionary: tuple[str, ...] = _setting(
        "prose.dictionary",
        (),
        "Words never changed in prose (your project's vocabulary), besides those of "
        "prose.dictionaryFile and the words of the identifiers of the open Java files.",
    )
    prose_dictionary_file: str = _setting(
        "prose.dictionaryFile",
        str(DICTIONARY),
        "A file of words never changed in prose, one a line (# starts a comment); a relative "
        "path is resolved against the workspace root. A file that cannot be read is "
        "reported once; the default file may be missing.",
    )
    prose_diagnostics_enable: bool = _setting(
        "prose.diagnostics.enable",
        False,
        "Mark the sentences of open text and Markdown files that the prose model would change "
        "(threshold and debounce as for methods).",
    )

    similar_edit_enable: bool = _setting(
        "similarEdit.enable",
        True,
        "After you change a method of a Java file (since it was opened or last saved), offer "
        "the same change on other methods of the open Java files where the edit model is "
        'confident ("Apply the edit from line N").',
    )
    similar_edit_model_path: str = _setting(
        "similarEdit.modelPath",
        "",
        "Directory of the edit model (trained with --edit-dim). Empty: the edit model shipped "
        "with spancopy. A relative path is resolved against the workspace root.",
    )
    similar_edit_threshold: float = _setting(
        "similarEdit.threshold",
        _SIMILAR.threshold,
        "A proposal of the edit model's own (on a method no rewrite rule of the edit matches) "
        "is offered only when, under the edit, it is at least this many times as likely as the "
        "method left as it is; a rule's rewrites are ranked by the model, not floored.",
        minimum=0.0,
        maximum=1e6,
    )

    def repair_options(self, widen: int = 1, model: str = "java") -> RepairOptions:
        """The pipeline's options for the units of ``model`` (a front-end's ``model``), with a
        beam ``widen`` times as wide."""
        prose = model == "prose"
        beam = self.prose_beam_size if prose else self.beam_size
        # the default is the front-end's floor (RepairOptions.ratio), whatever it becomes
        floor = self.prose_min_ratio if prose and self.prose_min_ratio != _PROSE_RATIO else None
        return RepairOptions(
            beam_size=beam * widen,
            top_k=self.top_k,
            decoding=self.decoding,
            max_unit_tokens=self.max_method_tokens,
            syntax_check=self.syntax_check,
            min_ratio=floor,
        )

    def compile_check(self, automatic: bool | None) -> bool:
        """Whether the Java repairs of a request are compiled (``java.compileCheck``): one
        asked for explicitly (``automatic`` False) unless off, any other (the cursor moved,
        True, or a client that does not say, None) only when on."""
        mode = self.java_compile_check
        return mode == "on" or (mode == "auto" and automatic is False)

    def harper(self) -> HarperSettings:
        """Harper's settings: the dialect and the rules turned off."""
        return HarperSettings(self.prose_dialect, self.prose_disabled_rules)

    def similar_options(self) -> SimilarOptions:
        """The similar edits' options: their own beam and threshold, the repairs' top-k,
        length limit and syntax check."""
        return SimilarOptions(
            top_k=self.top_k,
            threshold=self.similar_edit_threshold,
            max_unit_tokens=self.max_method_tokens,
            syntax_check=self.syntax_check,
        )


class Setting(NamedTuple):
    """One setting as clients see it: its key, Python field, type, default and docs."""

    key: str
    attr: str
    type: type
    default: Any
    doc: str
    choices: tuple[str, ...] | None
    minimum: float | None
    maximum: float | None


_TYPES = {"str": str, "int": int, "float": float, "bool": bool, "tuple[str, ...]": tuple}
SETTINGS: tuple[Setting, ...] = tuple(
    Setting(
        f.metadata["key"],
        f.name,
        _TYPES[str(f.type)],
        f.default if f.default is not MISSING else None,
        f.metadata["doc"],
        f.metadata["choices"],
        f.metadata["min"],
        f.metadata["max"],
    )
    for f in fields(ServerSettings)
)
_BY_KEY = {s.key: s for s in SETTINGS}


def _flatten(raw: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"diagnostics": {"enable": true}}`` -> ``{"diagnostics.enable": true}``."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping) and name not in _BY_KEY:
            out.update(_flatten(value, name + "."))
        else:
            out[name] = value
    return out


def _convert(setting: Setting, value: Any) -> Any:
    """The value as the setting's type, or ValueError saying what is wrong."""
    kind = setting.type
    if kind is tuple:  # of strings
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise ValueError("expected a list of strings")
        return tuple(value)
    if kind is bool:
        if not isinstance(value, bool):
            raise ValueError("expected true or false")
        return value
    if kind is str:
        if not isinstance(value, str):
            raise ValueError("expected a string")
        if setting.choices and value not in setting.choices:
            raise ValueError(f"expected one of {', '.join(setting.choices)}")
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("expected a number")
    if not math.isfinite(value):
        raise ValueError("expected a finite number")
    if kind is int:
        if value != int(value):
            raise ValueError("expected a whole number")
        value = int(value)
    else:
        value = float(value)
    if setting.minimum is not None and value < setting.minimum:
        raise ValueError(f"expected at least {setting.minimum:g}")
    if setting.maximum is not None and value > setting.maximum:
        raise ValueError(f"expected at most {setting.maximum:g}")
    return value


def parse_settings(
    raw: object, base: ServerSettings | None = None
) -> tuple[ServerSettings, list[str]]:
    """Overlay the client's ``raw`` settings on ``base`` (default: the defaults).

    ``raw`` is the content of the ``spancopy`` section, or an object holding that section
    under the key ``spancopy``; ``None`` changes nothing. Returns the settings and one warning
    per bad value (that setting keeps its default); unknown keys are ignored."""
    settings = base or ServerSettings()
    if raw is None:
        return settings, []
    if not isinstance(raw, Mapping):
        return settings, [f"{SECTION} settings must be an object, not {type(raw).__name__}"]
    section = raw.get(SECTION)
    if isinstance(section, Mapping):
        raw = section
    changes: dict[str, Any] = {}
    warnings: list[str] = []
    for key, value in _flatten(raw).items():
        setting = _BY_KEY.get(key)
        if setting is None:
            continue
        if value is None:
            changes[setting.attr] = setting.default
            continue
        try:
            changes[setting.attr] = _convert(setting, value)
        except ValueError as exc:
            changes[setting.attr] = setting.default
            warnings.append(
                f"Invalid setting {SECTION}.{key} = {value!r} ({exc}); "
                f"using the default {setting.default!r}."
            )
    rules = changes.get("prose_disabled_rules", ())
    if unknown := unknown_rules(rules):
        changes["prose_disabled_rules"] = tuple(r for r in rules if r not in unknown)
        names = ", ".join(map(repr, unknown))
        warnings.append(f"{SECTION}.prose.disabledRules: Harper has no rule {names}; ignored.")
    return replace(settings, **changes), warnings


def json_schema() -> dict[str, dict[str, Any]]:
    """The settings as VS Code ``contributes.configuration.properties`` (JSON Schema)."""
    names = {str: "string", int: "integer", float: "number", bool: "boolean", tuple: "array"}
    out: dict[str, dict[str, Any]] = {}
    for s in SETTINGS:
        prop: dict[str, Any] = {"type": names[s.type], "default": s.default, "description": s.doc}
        if s.type is tuple:
            prop.update(default=list(s.default), items={"type": "string"})
        if s.choices:
            prop["enum"] = list(s.choices)
        if s.minimum is not None:
            prop["minimum"] = s.minimum
        if s.maximum is not None:
            prop["maximum"] = s.maximum
        out[f"{SECTION}.{s.key}"] = prop
    return out
