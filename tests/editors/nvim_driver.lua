-- Drives the spancopy plugin in a headless Neovim for tests/editors/test_neovim.py.
--
-- Opens $SPANCOPY_FILE, puts the cursor at $SPANCOPY_LINE/$SPANCOPY_COL (1-based line,
-- 0-based byte column), runs the user's path ($SPANCOPY_MODE: "code_action" runs
-- vim.lsp.buf.code_action(), "repair" runs :SpancopyRepair), picks the first item the
-- plugin offers through vim.ui.select, writes the buffer and records in $SPANCOPY_RESULT
-- (JSON) the titles offered, the workspace edit Neovim applied and its position encoding.
-- $SPANCOPY_PRETEND_PRE_011=1 hides Neovim 0.11 from the plugin, so that a 0.11 binary runs
-- the plugin's vim.lsp.start path (the one for 0.8-0.10).
local env = vim.env
local result = { titles = {}, edits = {} }

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
  vim.opt.runtimepath:prepend(env.SPANCOPY_PLUGIN)
  vim.cmd("filetype on")
  local spancopy = require("spancopy")
  local settings = vim.fn.json_decode(env.SPANCOPY_SETTINGS)
  spancopy.setup({ python = env.SPANCOPY_PYTHON, settings = settings })
  vim.cmd("edit " .. vim.fn.fnameescape(env.SPANCOPY_FILE))
  local client
  check(vim.wait(60000, function()
    client = spancopy.client(0)
    return client ~= nil and client.initialized == true
  end, 50), "the server to initialize")
  result.offset_encoding = client.offset_encoding
  result.lsp_enabled = vim.lsp.is_enabled ~= nil and vim.lsp.is_enabled(spancopy.name)
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
