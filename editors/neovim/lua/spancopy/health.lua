--- :checkhealth spancopy: is Python there, is the server installed, can the model be found?
---
--- Runs the configured Python once with a short script that finds the `lsp_server` package
--- and checks the model directory the server would load (`settings.modelPath`, or the model
--- shipped with spancopy) without importing torch (seconds), with
--- `spancopy_core.storage.model_dir.check_directory`: config.json, vocab.json and the weights' header.
local M = {}

-- vim.health.start etc. on 0.10+, vim.health.report_start etc. on 0.8-0.9, health#report_*
-- (Vimscript) on 0.7.
local h = {}
for _, kind in ipairs({ "start", "ok", "info", "warn", "error" }) do
  local health = vim.health or {}
  h[kind] = health[kind] or health["report_" .. kind] or vim.fn["health#report_" .. kind]
end

-- Prints {"python", "server"?, "import_error"?, "model"?, "model_error"?, "vocab"?,
-- "parameters"?} as JSON; argv[1] is settings.modelPath.
local PROBE = [[
import importlib.util, json, sys
out = {"python": sys.version.split()[0]}
if importlib.util.find_spec("lsp_server") is not None:
    try:
        from pathlib import Path
        import lsp_server
        import lsp_server.server  # its dependencies, torch aside (the model thread's)
        if importlib.util.find_spec("torch") is None:
            raise ImportError("No module named 'torch'")
        from spancopy_core import DEFAULT_JAVA_MODEL as DEFAULT_MODEL
        from spancopy_core.storage.model_dir import CheckpointError, check_directory
    except Exception as exc:
        out["import_error"] = f"{type(exc).__name__}: {exc}"
    else:
        path = Path(sys.argv[1]).expanduser() if sys.argv[1] else DEFAULT_MODEL
        out["server"], out["model"] = lsp_server.__version__, str(path.resolve())
        try:
            out["vocab"], out["parameters"] = check_directory(path)
        except CheckpointError as exc:
            out["model_error"] = str(exc)
print(json.dumps(out))
]]

local function api_name()
  if vim.fn.has("nvim-0.11") == 1 then
    return "vim.lsp.config + vim.lsp.enable"
  elseif vim.fn.has("nvim-0.8") == 1 then
    return "vim.lsp.start"
  end
  return "vim.lsp.start_client + vim.lsp.buf_attach_client"
end

function M.check()
  local spancopy = require("spancopy")
  local options = spancopy.options
  h.start("spancopy: Neovim")
  if vim.fn.has("nvim-0.7") == 0 then
    h.error("Neovim 0.7 or newer is required")
    return
  end
  local v = vim.version()
  h.ok(string.format("Neovim %d.%d.%d, using %s", v.major, v.minor, v.patch, api_name()))
  if vim.fn.exists(":SpancopyRepair") == 0 then
    h.warn('setup() has not run: add require("spancopy").setup({}) to your config')
  end

  h.start("spancopy: Python and the language server")
  local python = options.python
  if vim.fn.executable(python) == 0 then
    h.error(
      string.format("Python '%s' is not executable", python),
      { "Install Python 3.10 or newer, or pass setup({ python = '/path/to/python' })" }
    )
    return
  end
  local model_path = options.settings.modelPath or ""
  local output = vim.fn.system({ python, "-c", PROBE, model_path })
  if vim.v.shell_error ~= 0 then
    h.error(string.format("'%s' failed to run the probe:\n%s", python, output))
    return
  end
  local found = vim.fn.json_decode(output)
  h.ok(string.format("Python %s (%s)", found.python, vim.fn.exepath(python)))
  local install = string.format(
    "Install it from a clone of spancopy: %s -m pip install -e path/to/spancopy",
    python
  )
  if found.import_error ~= nil then
    h.error(string.format("the spancopy package fails to import: %s", found.import_error), {
      install,
    })
    return
  elseif found.server == nil then
    h.error(string.format("the spancopy package is not installed for '%s'", python), {
      install,
      "or pass setup({ python = ... }) the interpreter that has it",
    })
    return
  end
  h.ok(string.format("spancopy language server %s (%s -m lsp_server)", found.server, python))

  h.start("spancopy: model")
  if found.model_error ~= nil and found.model_error ~= vim.NIL then
    h.error(string.format("cannot load the model %s: %s", found.model, found.model_error), {
      "Set settings.modelPath to a model directory (config.json, vocab.json, model.safetensors)",
    })
  else
    h.ok(
      string.format(
        "model %s (%d parameters, %d tokens)",
        found.model,
        found.parameters,
        found.vocab
      )
    )
  end
  local running = {}
  for _, client in ipairs((vim.lsp.get_clients or vim.lsp.get_active_clients)()) do
    if client.name == spancopy.name then
      table.insert(running, tostring(client.id))
    end
  end
  if #running > 0 then
    h.info("server running: client " .. table.concat(running, ", "))
  else
    local filetypes = table.concat(options.filetypes, "/")
    h.info("server not running: it starts when a " .. filetypes .. " buffer opens")
  end
end

return M
