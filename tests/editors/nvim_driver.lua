-- Drives the spancopy plugin in a headless Neovim for tests/editors/test_neovim.py.
--
-- Opens $SPANCOPY_FILE, puts the cursor at $SPANCOPY_LINE/$SPANCOPY_COL (1-based line,
-- 0-based byte column), runs the user's path ($SPANCOPY_MODE: "code_action" runs
-- vim.lsp.buf.code_action(), "repair" runs :SpancopyRepair), picks the first item the
-- plugin offers through vim.ui.select, writes the buffer and records in $SPANCOPY_RESULT
-- (JSON) the titles offered, the workspace edit Neovim applied and its position encoding,
-- and the server's window/showMessage messages. Mode "start" only starts the server and
-- waits a second after answering its workspace/configuration request (if Neovim announces
-- that it answers them).
-- Mode "early" starts the server a second late (a wrapper command), presses `gra` and runs
-- :SpancopyRepair before it attaches, waits for the model to load, then runs :SpancopyRepair
-- off any method (line 1); every vim.notify message is recorded in result.notifications.
-- Mode "similar" first replaces line $SPANCOPY_EDIT_LINE (1-based) with $SPANCOPY_EDIT_TEXT (the
-- user's edit of one method), then runs :SpancopySimilarEdit at the cursor (another method).
-- $SPANCOPY_PRETEND_PRE_011=1 hides Neovim 0.11 from the plugin, so that a 0.11 binary runs
-- the plugin's vim.lsp.start path (the one for 0.8-0.10).
local env = vim.env
local result = { titles = {}, edits = {}, messages = {}, notifications = {} }

local function finish(err)
  local v = vim.version()
  result.nvim = string.format("%d.%d.%d", v.major, v.minor, v.patch)
  result.error = err
  vim.fn.writefile({ vim.fn.json_encode(result) }, env.SPANCOPY_RESULT)
  vim.cmd(err == nil and "qall!" or "cquit 1")
end

local function check(ok, what)
  if not ok then
    error("timed out waiting for " .. what, 0)
  end
end

local function run()
  if env.SPANCOPY_PRETEND_PRE_011 == "1" then
    local has = vim.fn.has
    vim.fn.has = function(feature)
      return feature == "nvim-0.11" and 0 or has(feature)
    end
  end
  local show_message = vim.lsp.handlers["window/showMessage"]
  vim.lsp.handlers["window/showMessage"] = function(err, params, ctx, config)
    table.insert(result.messages, params.message)
    return show_message(err, params, ctx, config)
  end
  local configuration = vim.lsp.handlers["workspace/configuration"]
  local configured = false
  vim.lsp.handlers["workspace/configuration"] = function(err, params, ctx, config)
    configured = true
    return configuration(err, params, ctx, config)
  end
  vim.opt.runtimepath:prepend(env.SPANCOPY_PLUGIN)
  vim.cmd("filetype on")
  vim.notify = function(message)
    table.insert(result.notifications, message)
  end
  local function notified(text)
    for _, message in ipairs(result.notifications) do
      if message:find(text, 1, true) then
        return true
      end
    end
    return false
  end
  local spancopy = require("spancopy")
  -- No $SPANCOPY_SETTINGS: setup() without settings, the plugin's default.
  local raw = env.SPANCOPY_SETTINGS
  local settings = (raw ~= nil and raw ~= "") and vim.fn.json_decode(raw) or nil
  local cmd = nil
  if env.SPANCOPY_MODE == "early" then
    cmd = { "sh", "-c", 'sleep 1 && exec "$0" -m lsp_server', env.SPANCOPY_PYTHON }
  end
  spancopy.setup({ python = env.SPANCOPY_PYTHON, settings = settings, cmd = cmd })
  vim.cmd("edit " .. vim.fn.fnameescape(env.SPANCOPY_FILE))
  if env.SPANCOPY_MODE == "early" then
    vim.api.nvim_win_set_cursor(0, { tonumber(env.SPANCOPY_LINE), tonumber(env.SPANCOPY_COL) })
    vim.cmd("normal gra")
    vim.cmd("SpancopyRepair")
    result.before_attach = vim.deepcopy(result.notifications)
  end
  local client
  check(vim.wait(60000, function()
    client = spancopy.client(0)
    return client ~= nil and client.initialized == true
  end, 50), "the server to initialize")
  result.offset_encoding = client.offset_encoding
  result.lsp_enabled = vim.lsp.is_enabled ~= nil and vim.lsp.is_enabled(spancopy.name)
  if env.SPANCOPY_MODE == "early" then
    result.gra_buffer_mapping = vim.fn.maparg("gra", "n", false, true).buffer == 1
    check(vim.wait(60000, function()
      return notified("loading the repair model: ")
    end, 50), "the model to load")
    vim.api.nvim_win_set_cursor(0, { 1, 0 })
    vim.cmd("SpancopyRepair")
    check(vim.wait(60000, function()
      return notified("no method at the cursor")
    end, 50), "the answer off a method")
    return
  end
  if env.SPANCOPY_MODE == "start" then
    -- Neovim 0.7 does not announce workspace/configuration, so the server never asks.
    if vim.lsp.protocol.make_client_capabilities().workspace.configuration then
      check(vim.wait(10000, function()
        return configured
      end, 50), "the server to ask for its settings")
    end
    result.configured = configured
    vim.wait(1000)
    return
  end
  if env.SPANCOPY_MODE == "similar" then
    local line = tonumber(env.SPANCOPY_EDIT_LINE)
    vim.api.nvim_buf_set_lines(0, line - 1, line, true, { env.SPANCOPY_EDIT_TEXT })
  end
  vim.api.nvim_win_set_cursor(0, { tonumber(env.SPANCOPY_LINE), tonumber(env.SPANCOPY_COL) })

  -- The user's choice: the first item, whatever the plugin or Neovim offers.
  vim.ui.select = function(items, opts, on_choice)
    for _, item in ipairs(items) do
      table.insert(result.titles, opts.format_item and opts.format_item(item) or tostring(item))
    end
    on_choice(items[1], 1)
  end
  local apply = vim.lsp.util.apply_workspace_edit
  vim.lsp.util.apply_workspace_edit = function(edit, encoding)
    table.insert(result.edits, { edit = edit, encoding = encoding })
    return apply(edit, encoding)
  end

  if env.SPANCOPY_MODE == "repair" then
    vim.cmd("SpancopyRepair")
  elseif env.SPANCOPY_MODE == "similar" then
    vim.cmd("SpancopySimilarEdit")
  else
    vim.lsp.buf.code_action()
  end
  check(vim.wait(60000, function()
    return #result.edits > 0
  end, 50), "an edit to be applied")
  vim.cmd("write")
end

local ok, err = pcall(run)
finish(not ok and tostring(err) or nil)
