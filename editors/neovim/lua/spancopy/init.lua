--- spancopy for Neovim: learned repairs of Java methods and of English sentences (text and
--- Markdown buffers, Java comments) from `python -m lsp_server` as quick fixes.
---
--- `require("spancopy").setup({ ... })` starts the server for the configured filetypes and
--- passes `settings` (the server's `spancopy.*` settings, nested as in VS Code) both as
--- `init_options` and as the client's `settings`, which answer `workspace/configuration`.
--- It uses the native configuration API where it exists: `vim.lsp.config` + `vim.lsp.enable`
--- on Neovim 0.11+, `vim.lsp.start` on 0.8-0.10, `vim.lsp.start_client` +
--- `vim.lsp.buf_attach_client` on 0.7. Quick fixes come through `vim.lsp.buf.code_action()`;
--- `:SpancopyRepair` runs the server's wider-beam `spancopy.repairMethod` at the cursor,
--- `:SpancopySimilarEdit` its `spancopy.applySimilarEdit` (the user's last edit, applied there).
--- The server's work-done progress (loading the model, a repair) is shown with vim.notify at
--- its beginning and end (and still reaches vim.lsp.status() and the progress plugins); until
--- the server attaches to a buffer, `gra` there says that spancopy is still starting.
local M = {}

--- The name of the client, and the section of its settings.
M.name = "spancopy"

--- What the user is told when asking for repairs before the server has attached.
M.STARTING = "spancopy is still starting; try again in a moment"

local defaults = {
  -- Python interpreter with the spancopy package installed.
  python = vim.fn.has("win32") == 1 and "python" or "python3",
  -- Command that starts the server; nil means { python, "-m", "lsp_server" }.
  cmd = nil,
  -- Java buffers get method repairs; text and Markdown ones sentence repairs (the prose model).
  filetypes = { "java", "text", "markdown" },
  root_markers = { ".git", "pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle" },
  -- Server settings, e.g. { beamSize = 20, diagnostics = { enable = true } }.
  settings = {},
  -- Called as on_attach(client, bufnr) when the server attaches to a buffer.
  on_attach = nil,
}

--- The options given to setup(), merged over the defaults.
M.options = vim.deepcopy(defaults)

--- The spancopy client attached to `bufnr`, if any.
function M.client(bufnr)
  if vim.lsp.get_clients ~= nil then
    return vim.lsp.get_clients({ bufnr = bufnr, name = M.name })[1]
  end
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == M.name then
      return client
    end
  end
  return nil
end

--- Whether `bufnr` is a file of one of the configured filetypes (which the server serves).
function M.serves(bufnr)
  local filetype = vim.bo[bufnr].filetype
  return vim.bo[bufnr].buftype == "" and vim.tbl_contains(M.options.filetypes, filetype)
end

--- `$/progress` for the spancopy client: Neovim's own handler (vim.lsp.status(), the
--- LspProgress event), then a notification when a progress begins or ends.
local function on_progress(err, result, ctx, config)
  local default = vim.lsp.handlers["$/progress"]
  local returned = default and default(err, result, ctx, config)
  local value = result and result.value
  if type(value) == "table" then
    if value.kind == "begin" then
      M.titles[result.token] = value.title
      vim.notify(value.title .. "…", vim.log.levels.INFO)
    elseif value.kind == "end" then
      local title = M.titles[result.token] or "spancopy"
      M.titles[result.token] = nil
      vim.notify(title .. ": " .. (value.message or "done"), vim.log.levels.INFO)
    end
  end
  return returned
end

--- Titles of the progresses under way, by token.
M.titles = {}

--- A copy of the settings that is sent as a JSON object even when empty (an empty Lua table
--- would go as `[]`, which the server rejects).
local function settings_object()
  local settings = vim.deepcopy(M.options.settings)
  return next(settings) == nil and vim.empty_dict() or settings
end

--- The client configuration shared by every Neovim version.
local function client_config()
  local o = M.options
  return {
    name = M.name,
    cmd = o.cmd or { o.python, "-m", "lsp_server" },
    filetypes = o.filetypes,
    init_options = settings_object(),
    settings = { [M.name] = settings_object() },
    handlers = { ["$/progress"] = on_progress },
    on_attach = function(client, bufnr)
      M.started(bufnr)
      if o.on_attach then
        o.on_attach(client, bufnr)
      end
    end,
  }
end

--- Buffers given the "still starting" `gra` (Neovim 0.11's code action mapping).
local waiting = {}

--- Until the server attaches to `bufnr`, `gra` there says spancopy is still starting (0.11+,
--- where `gra` is a default mapping; a mapping of the user's own is left alone).
local function wait_for_server(bufnr)
  if vim.fn.has("nvim-0.11") == 0 or M.client(bufnr) ~= nil or waiting[bufnr] then
    return
  end
  for _, mode in ipairs({ "n", "x" }) do
    if vim.fn.maparg("gra", mode, false, true).buffer ~= 1 then
      vim.keymap.set(mode, "gra", function()
        local client = M.client(bufnr)
        if client ~= nil and client.initialized then
          vim.lsp.buf.code_action()
        else
          vim.notify(M.STARTING, vim.log.levels.INFO)
        end
      end, { buffer = bufnr, desc = "spancopy: " .. M.STARTING })
      waiting[bufnr] = waiting[bufnr] or {}
      table.insert(waiting[bufnr], mode)
    end
  end
end

--- The server attached to `bufnr`: `gra` is Neovim's again.
function M.started(bufnr)
  for _, mode in ipairs(waiting[bufnr] or {}) do
    pcall(vim.keymap.del, mode, "gra", { buffer = bufnr })
  end
  waiting[bufnr] = nil
end

--- The project root of `bufnr`: the nearest directory holding a root marker, or the cwd.
local function root_dir(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  if vim.fs ~= nil and vim.fs.find ~= nil and path ~= "" then
    local markers = M.options.root_markers
    local found = vim.fs.find(markers, { upward = true, path = vim.fs.dirname(path) })
    if found[1] ~= nil then
      return vim.fs.dirname(found[1])
    end
  end
  return vim.fn.getcwd()
end

local client_id_07 = nil

--- Neovim 0.7: one client, started on the first buffer and attached to every later one.
local function attach_07(bufnr)
  local client = client_id_07 and vim.lsp.get_client_by_id(client_id_07)
  if not client or client.is_stopped() then
    local config = client_config()
    config.root_dir = root_dir(bufnr)
    client_id_07 = vim.lsp.start_client(config)
  end
  if client_id_07 then
    vim.lsp.buf_attach_client(bufnr, client_id_07)
  end
end

--- Neovim 0.8-0.10: vim.lsp.start reuses the client of the same name and root.
local function attach_08(bufnr)
  local config = client_config()
  config.root_dir = root_dir(bufnr)
  vim.lsp.start(config, { bufnr = bufnr })
end

--- Start the server for the configured filetypes, on whichever API this Neovim has.
local function enable()
  if vim.fn.has("nvim-0.11") == 1 then
    local config = client_config()
    config.root_markers = M.options.root_markers
    vim.lsp.config(M.name, config)
    vim.lsp.enable(M.name)
    local group = vim.api.nvim_create_augroup("spancopy", { clear = true })
    vim.api.nvim_create_autocmd("FileType", {
      group = group,
      pattern = M.options.filetypes,
      callback = function(args)
        if M.serves(args.buf) then
          wait_for_server(args.buf)
        end
      end,
    })
    -- Buffers opened before setup() (a plugin manager loading it for the filetype) had their
    -- FileType event already: vim.lsp.enable would not attach them.
    for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(bufnr) and M.serves(bufnr) then
        wait_for_server(bufnr)
        if M.client(bufnr) == nil then
          attach_08(bufnr)
        end
      end
    end
    return
  end
  local attach = vim.fn.has("nvim-0.8") == 1 and attach_08 or attach_07
  local group = vim.api.nvim_create_augroup("spancopy", { clear = true })
  local function attach_file(bufnr)
    if vim.bo[bufnr].buftype == "" then -- a file, not a terminal, help or scratch buffer
      attach(bufnr)
    end
  end
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = M.options.filetypes,
    callback = function(args)
      attach_file(args.buf)
    end,
  })
  -- Buffers opened before setup() had their FileType event already.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    local filetype = vim.bo[bufnr].filetype
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(M.options.filetypes, filetype) then
      attach_file(bufnr)
    end
  end
end

--- Configure and start spancopy; see docs/editors.md for the options.
function M.setup(opts)
  -- Shallow on purpose: a list or settings table given replaces the default whole.
  M.options = vim.tbl_extend("force", vim.deepcopy(defaults), opts or {})
  vim.api.nvim_create_user_command("SpancopyRepair", function()
    require("spancopy.repair").repair_at_cursor()
  end, { desc = "spancopy: repair the method at the cursor" })
  vim.api.nvim_create_user_command("SpancopySimilarEdit", function()
    require("spancopy.repair").similar_edit_at_cursor()
  end, { desc = "spancopy: apply your last edit to the method at the cursor" })
  enable()
end

return M
