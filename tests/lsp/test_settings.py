"""Settings: one declaration per key, tolerant parsing with warnings, the schema for clients."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from lsp_server.settings import (
    SECTION,
    SETTINGS,
    ServerSettings,
    json_schema,
    parse_settings,
)
from spancopy_core.repair.harper import HarperSettings

SETTINGS_DOC = Path(__file__).resolve().parents[2] / "docs" / "editors.md"  # the settings table


def test_every_field_is_a_documented_setting():
    assert [s.attr for s in SETTINGS] == [f.name for f in fields(ServerSettings)]
    assert len({s.key for s in SETTINGS}) == len(SETTINGS)
    defaults = ServerSettings()
    for s in SETTINGS:
        assert len(s.doc) > 20, s.key
        assert type(s.default) is s.type, s.key
        assert getattr(defaults, s.attr) == s.default
        if s.choices:
            assert s.default in s.choices
        if s.minimum is not None:
            assert s.minimum <= s.default <= s.maximum


def test_issue_defaults():
    s = ServerSettings()
    assert (s.model_path, s.device, s.beam_size, s.top_k, s.decoding) == (
        "",
        "auto",
        20,
        5,
        "merged",
    )
    assert s.syntax_check and not s.diagnostics_enable


def test_nested_dotted_and_wrapped_forms_agree():
    nested = {"topK": 3, "diagnostics": {"enable": True, "threshold": 4}}
    dotted = {"topK": 3, "diagnostics.enable": True, "diagnostics.threshold": 4}
    results = [parse_settings(raw) for raw in (nested, dotted, {SECTION: nested})]
    for settings, warnings in results:
        assert warnings == []
        assert settings == ServerSettings(
            top_k=3, diagnostics_enable=True, diagnostics_threshold=4.0
        )


def test_overlay_keeps_base_and_null_restores_default():
    base, _ = parse_settings({"beamSize": 8, "topK": 2})
    s, warnings = parse_settings({"topK": 4, "modelPath": None}, base)
    assert (s.beam_size, s.top_k, s.model_path, warnings) == (8, 4, "", [])
    assert parse_settings(None, base) == (base, [])
    assert parse_settings({"beamSize": None}, base)[0].beam_size == 20


@pytest.mark.parametrize(
    ("raw", "key", "why"),
    [
        ({"beamSize": -3}, "beamSize", "at least 1"),
        ({"beamSize": 2.5}, "beamSize", "whole number"),
        ({"beamSize": "20"}, "beamSize", "a number"),
        ({"topK": True}, "topK", "a number"),
        ({"device": "tpu"}, "device", "auto, cpu, cuda"),
        ({"decoding": 3}, "decoding", "a string"),
        ({"syntaxCheck": "yes"}, "syntaxCheck", "true or false"),
        ({"diagnostics": {"threshold": 0.5}}, "diagnostics.threshold", "at least 1"),
        ({"diagnostics": {"debounceMs": float("nan")}}, "diagnostics.debounceMs", "finite"),
        ({"diagnostics": {"enable": 1}}, "diagnostics.enable", "true or false"),
        ({"prose": {"dialect": "klingon"}}, "prose.dialect", "american, british, australian"),
        ({"prose": {"dictionary": "teh"}}, "prose.dictionary", "a list of strings"),
        ({"prose": {"disabledRules": ["AnA", 3]}}, "prose.disabledRules", "a list of strings"),
    ],
)
def test_a_bad_value_warns_by_name_and_keeps_the_default(raw, key, why):
    base = ServerSettings(beam_size=7, top_k=3)
    settings, warnings = parse_settings({**raw, "maxMethodTokens": 99}, base)
    assert len(warnings) == 1
    assert f"spancopy.{key}" in warnings[0] and why in warnings[0] and "default" in warnings[0]
    attr = next(s.attr for s in SETTINGS if s.key == key)
    assert getattr(settings, attr) == getattr(ServerSettings(), attr)
    assert settings.max_method_tokens == 99  # the good values still apply


def test_integral_float_is_accepted_and_unknown_keys_ignored():
    s, warnings = parse_settings({"beamSize": 12.0, "colour": "red", "diagnostics": {"x": 1}})
    assert (s.beam_size, warnings) == (12, [])
    assert isinstance(s.beam_size, int)


def test_not_an_object():
    s, warnings = parse_settings(["topK", 3])
    assert s == ServerSettings() and "must be an object" in warnings[0]


def test_lists_of_words_and_harpers_rules():
    s, warnings = parse_settings({"prose": {"dictionary": ["Teh"], "disabledRules": ["AnA"]}})
    assert (s.prose_dictionary, s.prose_disabled_rules, warnings) == (("Teh",), ("AnA",), [])
    assert s.harper() == HarperSettings("american", ("AnA",))
    s, warnings = parse_settings({"prose": {"disabledRules": ["AnA", "NoSuch", "Nor"]}})
    assert s.prose_disabled_rules == ("AnA",)  # the rules Harper has stay off
    assert warnings == [
        "spancopy.prose.disabledRules: Harper has no rule 'NoSuch', 'Nor'; ignored."
    ]
    assert json_schema()["spancopy.prose.dictionary"] == {
        "type": "array",
        "items": {"type": "string"},
        "default": [],
        "description": json_schema()["spancopy.prose.dictionary"]["description"],
    }


def test_json_schema_lists_every_setting():
    schema = json_schema()
    assert list(schema) == [f"{SECTION}.{s.key}" for s in SETTINGS]
    assert schema["spancopy.device"]["enum"] == ["auto", "cpu", "cuda"]
    assert schema["spancopy.beamSize"] == {
        "type": "integer",
        "default": 20,
        "description": schema["spancopy.beamSize"]["description"],
        "minimum": 1,
        "maximum": 200,
    }
    assert schema["spancopy.diagnostics.enable"]["type"] == "boolean"
    assert schema["spancopy.diagnostics.threshold"]["type"] == "number"


def test_settings_schema_command_prints_the_schema():
    out = subprocess.run(
        [sys.executable, "-m", "lsp_server", "--settings-schema"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(out.stdout) == json.loads(json.dumps(json_schema()))


def test_the_docs_document_every_setting():
    text = SETTINGS_DOC.read_text(encoding="utf-8")
    for s in SETTINGS:
        assert f"`{SECTION}.{s.key}`" in text, s.key
