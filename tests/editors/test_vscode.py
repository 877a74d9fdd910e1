"""The VS Code extension against the server: settings in sync, and what the extension sends.

``package.json`` must declare every server setting with the server's name, type, default,
description and bounds (and nothing the server does not know, besides the client's own
``spancopy.server.*`` / ``spancopy.trace.*``). The settings object the extension sends is
built by its compiled ``out/settings.js`` (run here under Node, fed the values VS Code would
give); a real server must accept that object, with no warning, as ``initializationOptions``,
as the answer to ``workspace/configuration`` and in ``workspace/didChangeConfiguration``.
The extension's glue (which client it builds, what it answers and pushes, when it restarts)
runs in ``vscode_host.js``, a stand-in for the extension host, in every run; the extension
in a real VS Code is ``test_vscode_e2e.py`` (``SPANCOPY_E2E=1``).
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from lsp_server.commands import RELOAD_MODEL, REPAIR_METHOD
from lsp_server.settings import SECTION, SETTINGS, ServerSettings, json_schema, parse_settings
from lsp_server.similar_edit import APPLY_SIMILAR_EDIT

from .conftest import EXAMPLE, ROOT, SERVER_ENV, VSCODE, bug_position, require, run_node

CLIENT_ONLY = {"spancopy.server.pythonPath", "spancopy.trace.server"}
# The extension's own builder, fed package.json and a configuration (key -> value) the way
# extension.ts feeds it VS Code's: a key the user did not set has its package.json default.
BUILD_SETTINGS = """
const { buildServerSettings, serverSettingKeys } = require(out + "/settings.js");
const properties = require("./package.json").contributes.configuration.properties;
const user = JSON.parse(args[0]);
const get = (key) => (key in user ? user[key] : properties["spancopy." + key].default);
console.log(JSON.stringify(buildServerSettings(serverSettingKeys(properties), get)));
"""


def properties(package_json: dict) -> dict[str, Any]:
    return package_json["contributes"]["configuration"]["properties"]


def test_package_json_declares_exactly_the_server_settings(package_json):
    props = properties(package_json)
    server = {k: v for k, v in props.items() if k not in CLIENT_ONLY}
    hint = "regenerate from `spancopy-ls --settings-schema`"
    assert list(server) == list(json_schema()), hint
    for key, schema in json_schema().items():
        assert server[key] == schema, f"{key}: {hint}"
        setting = next(s for s in SETTINGS if f"{SECTION}.{s.key}" == key)
        kind = list if setting.type is tuple else setting.type  # a tuple is a JSON list
        assert type(server[key]["default"]) is kind or setting.type is float, key
    assert CLIENT_ONLY <= set(props)
    assert props["spancopy.trace.server"]["enum"] == ["off", "messages", "verbose"]


def test_commands_are_contributed_and_leave_the_servers_to_the_client(package_json):
    """Each command the extension registers is in the palette, and none takes the name of a
    server command: vscode-languageclient registers those itself, and a second registration
    would fail the activation."""
    contributed = {c["command"] for c in package_json["contributes"]["commands"]}
    source = "".join(p.read_text("utf-8") for p in (VSCODE / "src").glob("*.ts"))
    registered = set(re.findall(r'register(?:TextEditor)?Command\(\s*"([^"]+)"', source))
    ours = {
        "spancopy.repairMethodAtCursor",
        "spancopy.applySimilarEditAtCursor",
        "spancopy.restartServer",
        "spancopy.showOutput",
    }
    assert registered == contributed == ours
    assert not registered & {REPAIR_METHOD, RELOAD_MODEL, APPLY_SIMILAR_EDIT}
    assert f'command: "{REPAIR_METHOD}"' in source
    assert f'command: "{APPLY_SIMILAR_EDIT}"' in source
    titles = {c["category"] + ": " + c["title"] for c in package_json["contributes"]["commands"]}
    assert "spancopy: Repair method at cursor" in titles


def test_manifest_targets_java_and_prose_on_vscode_1_82_with_languageclient_9(package_json):
    assert package_json["activationEvents"] == [
        "onLanguage:java",
        "onLanguage:plaintext",
        "onLanguage:markdown",
    ]
    assert package_json["engines"]["vscode"] == "^1.82.0"
    assert package_json["dependencies"]["vscode-languageclient"].startswith("9.")
    lock = json.loads((VSCODE / "package-lock.json").read_text("utf-8"))
    locked = lock["packages"]["node_modules/vscode-languageclient"]["version"]
    assert locked == package_json["dependencies"]["vscode-languageclient"]


def non_default(setting) -> Any:
    """A valid value of ``setting`` other than its default."""
    if setting.type is bool:
        return not setting.default
    if setting.type is tuple:
        return ["AnA"]  # a word, and a rule of Harper's
    if setting.choices:
        return next(c for c in setting.choices if c != setting.default)
    if setting.type is str:
        return "/models/elsewhere"
    return setting.default + 1 if setting.default < setting.maximum else setting.minimum


def build(node: str, user: dict[str, Any]) -> dict[str, Any]:
    result = run_node(node, BUILD_SETTINGS, json.dumps(user))
    assert isinstance(result, dict)
    return result


def test_sent_settings_are_nested_and_parse_without_warnings(node):
    defaults = build(node, {})
    assert defaults["diagnostics"] == {"enable": False, "threshold": 2, "debounceMs": 750}
    assert "server" not in defaults and "trace" not in defaults
    assert parse_settings(defaults) == (ServerSettings(), [])

    user = {s.key: non_default(s) for s in SETTINGS}
    settings, warnings = parse_settings(build(node, user))
    assert warnings == []
    for s in SETTINGS:
        sent = tuple(user[s.key]) if s.type is tuple else user[s.key]
        assert getattr(settings, s.attr) == sent, s.key
        assert getattr(settings, s.attr) != s.default, s.key


async def start_server(init_options: dict[str, Any], configuration: bool) -> LanguageClient:
    client = await ClientServerConfig(
        server_command=[sys.executable, "-m", "lsp_server"], server_env=SERVER_ENV
    ).start()
    assert isinstance(client, LanguageClient)
    await client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(
                workspace=types.WorkspaceClientCapabilities(configuration=configuration),
            ),
            initialization_options=init_options,
        )
    )
    return client


async def quick_fixes(client: LanguageClient, uri: str) -> list[types.CodeAction]:
    line, column = bug_position(EXAMPLE.read_text("utf-8"))
    position = types.Position(line=line, character=column)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=position, end=position),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert actions is not None
    return [a for a in actions if isinstance(a, types.CodeAction)]


def open_example(client: LanguageClient) -> str:
    uri = EXAMPLE.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri,
                language_id="java",
                version=1,
                text=EXAMPLE.read_text("utf-8"),
            )
        )
    )
    return uri


async def stop(client: LanguageClient) -> None:
    await client.shutdown_session()
    await client.stop()


async def test_server_applies_init_options_and_pushed_settings(node, toy_model):
    """What the extension sends at start, then on a settings change (didChangeConfiguration
    with the section's object), reaches the server: topK caps the quick fixes."""
    client = await start_server(build(node, {"modelPath": str(toy_model), "topK": 1}), False)
    try:
        uri = open_example(client)
        assert len(await quick_fixes(client, uri)) == 1
        pushed = build(node, {"modelPath": str(toy_model), "topK": 3})
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={SECTION: pushed})
        )
        assert 1 < len(await quick_fixes(client, uri)) <= 3
        assert client.messages == []  # window/showMessage: no setting was rejected
    finally:
        await stop(client)


async def test_server_pulls_the_extensions_answer_to_workspace_configuration(
    node, toy_model, tmp_path
):
    """The extension answers the server's pull of the section with the same object."""
    elsewhere = Path(shutil.copytree(toy_model, tmp_path / "model-from-configuration"))
    client = await start_server(build(node, {"modelPath": str(toy_model), "topK": 1}), True)
    client.set_configuration(build(node, {"modelPath": str(elsewhere), "topK": 2}), section=SECTION)
    try:
        # The pull ends in the server switching models, which it logs.
        for _ in range(200):
            if any(str(elsewhere) in m.message for m in client.log_messages):
                break
            await asyncio.sleep(0.05)
        else:
            pytest.fail(f"the server never used {elsewhere}: {client.log_messages}")
        assert len(await quick_fixes(client, open_example(client))) == 2
        assert client.messages == []
    finally:
        await stop(client)


APPLY_EDITS = """
const { applyEdits } = require(out + "/edits.js");
const [text, edits] = JSON.parse(args[0]);
let result;
try { result = applyEdits(text, edits); } catch (e) { result = { error: e.message }; }
console.log(JSON.stringify(result));
"""


@pytest.mark.parametrize(
    ("edits", "expected"),
    [
        ([], "if (a > b) { x; }"),
        ([(6, 7, ">=")], "if (a >= b) { x; }"),
        ([(13, 15, "y; z;"), (4, 5, "c")], "if (c > b) { y; z; }"),  # out of order
        ([(0, 0, "// ")], "// if (a > b) { x; }"),
        ([(4, 7, "a"), (6, 8, "")], {"error": "overlapping or inverted edit at offset 6"}),
    ],
)
def test_diff_preview_text_is_the_document_after_the_edits(node, edits, expected):
    text = "if (a > b) { x; }"
    payload = [text, [{"start": s, "end": e, "newText": t} for s, e, t in edits]]
    assert run_node(node, APPLY_EDITS, json.dumps(payload)) == expected


CHECK_PYTHON = """
const { checkPython, describeProblem, resolvePython } = require(out + "/python.js");
(async () => {
  const python = resolvePython(args[0], "linux");
  const status = await checkPython(python);
  console.log(JSON.stringify({ python, status, message: describeProblem(python, status) }));
})();
"""


def test_python_check_finds_the_server(node):
    found = run_node(node, CHECK_PYTHON, sys.executable, cwd=ROOT)
    assert found == {"python": sys.executable, "status": {"kind": "ok"}, "message": ""}


def test_missing_package_message_names_the_interpreter_and_the_install_command(
    node, python_without_server, tmp_path
):
    found = run_node(node, CHECK_PYTHON, python_without_server, cwd=tmp_path)
    assert isinstance(found, dict) and found["status"]["kind"] == "no-package"
    assert f"`{python_without_server} -m pip install -e path/to/spancopy`" in found["message"]


def test_missing_python_message_says_how_to_choose_one(node, tmp_path):
    missing = str(tmp_path / "no" / "python3")
    found = run_node(node, CHECK_PYTHON, missing, cwd=tmp_path)
    assert isinstance(found, dict) and found["status"]["kind"] == "no-python"
    assert "ENOENT" in found["message"] and "spancopy.server.pythonPath" in found["message"]


def test_default_interpreter_is_python3_and_python_on_windows(node):
    script = """
    const { resolvePython } = require(out + "/python.js");
    console.log(JSON.stringify([resolvePython("", "linux"), resolvePython("  ", "darwin"),
      resolvePython("", "win32"), resolvePython(" /opt/py/bin/python ", "linux")]));
    """
    assert run_node(node, script) == ["python3", "python3", "python", "/opt/py/bin/python"]


def test_vsix_holds_the_compiled_extension_and_its_runtime_dependencies(package_json):
    vsix = VSCODE / f"{package_json['name']}-{package_json['version']}.vsix"
    require(vsix.is_file(), f"no {vsix.name}: cd editors/vscode && npx @vscode/vsce@3.9.2 package")
    names = set(zipfile.ZipFile(vsix).namelist())
    for js in ("extension", "settings", "python", "repair", "edits"):
        assert f"extension/out/{js}.js" in names
    assert "extension/node_modules/vscode-languageclient/package.json" in names
    assert not any(
        n.startswith(("extension/src/", "extension/node_modules/typescript/")) for n in names
    )
    packed = json.loads(zipfile.ZipFile(vsix).read("extension/package.json"))
    assert properties(packed) == properties(package_json)


HOST = Path(__file__).resolve().parent / "vscode_host.js"


def host(node: str, configuration: dict[str, Any], scenario: str, *args: str) -> dict[str, Any]:
    """Run the extension in ``vscode_host.js`` (from the checkout, whose ``lsp_server`` the
    Python check finds) and return its record."""
    out = subprocess.run(
        [node, str(HOST), str(VSCODE), json.dumps(configuration), scenario, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_extension_starts_the_server_with_the_users_settings(node):
    record = host(
        node, {"spancopy.server.pythonPath": sys.executable, "spancopy.topK": 3}, "activate"
    )
    assert sorted(record["commands"]) == [
        "spancopy.applySimilarEditAtCursor",
        "spancopy.repairMethodAtCursor",
        "spancopy.restartServer",
        "spancopy.showOutput",
    ]
    (client,) = record["clients"]
    assert client["id"] == SECTION  # so vscode-languageclient reads spancopy.trace.server
    assert client["serverOptions"] == {
        "command": sys.executable,
        "args": ["-m", "lsp_server"],
        "transport": 0,  # TransportKind.stdio
    }
    # Java, text and Markdown files and unsaved buffers, never a diff's candidate side (issue
    # 14 item 3; issue 12: prose).
    assert client["clientOptions"]["documentSelector"] == [
        {"scheme": "file", "language": "java"},
        {"scheme": "untitled", "language": "java"},
        {"scheme": "file", "language": "plaintext"},
        {"scheme": "untitled", "language": "plaintext"},
        {"scheme": "file", "language": "markdown"},
        {"scheme": "untitled", "language": "markdown"},
    ]
    settings, warnings = parse_settings(client["clientOptions"]["initializationOptions"])
    assert warnings == [] and settings == ServerSettings(top_k=3)
    assert client["started"] and client["disposed"]  # started, and stopped by deactivate
    assert record["errors"] == []


def test_extension_answers_pulls_pushes_changes_and_restarts_for_a_new_python(node, tmp_path):
    other = tmp_path / "bin" / "python3"
    other.parent.mkdir()
    other.symlink_to(sys.executable)
    configuration = {"spancopy.server.pythonPath": sys.executable, "spancopy.topK": 3}
    record = host(node, configuration, "lifecycle", str(other))

    ours, theirs = record["configuration"]
    assert theirs == "vscode's answer for editor"
    assert parse_settings(ours) == (ServerSettings(top_k=3), [])
    (push,) = record["notifications"]  # for spancopy.topK, none for editor.fontSize
    assert push["method"] == "workspace/didChangeConfiguration"
    assert set(push["params"]["settings"]) == {SECTION}
    assert parse_settings(push["params"]["settings"]) == (ServerSettings(top_k=2), [])
    first, second = record["clients"]
    assert first["disposed"] and second["started"]
    assert second["serverOptions"]["command"] == str(other)
    assert parse_settings(second["clientOptions"]["initializationOptions"])[0].top_k == 2


def test_extension_without_python_explains_instead_of_starting(node, tmp_path):
    missing = str(tmp_path / "no" / "python3")
    record = host(node, {"spancopy.server.pythonPath": missing}, "activate")
    assert record["clients"] == []
    (message,) = record["errors"]
    assert f"cannot run Python '{missing}'" in message
