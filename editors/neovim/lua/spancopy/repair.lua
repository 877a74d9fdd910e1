--- :SpancopyRepair: the server's explicit repair of the method at the cursor;
--- :SpancopySimilarEdit: the same for the server's similar edits (`spancopy.applySimilarEdit`:
--- the edit just made to a method, since the file was opened or saved, proposed on the
--- method at the cursor).
---
--- Sends `workspace/executeCommand` `spancopy.repairMethod` (a beam twice as wide as the
--- quick fixes') for the cursor's position, lists the returned code actions with
--- vim.ui.select (title: the change and its probability) and applies the chosen one's
--- workspace edit. The edit carries the document version, so a buffer changed meanwhile is
--- left alone. Before the server has attached it says that spancopy is still starting; off a
--- method (the server answers null), that there is no method at the cursor.
local M = {}

--- client:request on 0.11+, client.request before.
local function request(client, method, params, handler, bufnr)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function notify(message, level)
  vim.notify("spancopy: " .. message, level or vim.log.levels.INFO)
end

--- What differs between the commands that end in a pick of the server's code actions.
local REPAIR = {
  command = "spancopy.repairMethod",
  progress = "repairing the method at the cursor…",
  none = "no repair found for this method",
  prompt = "spancopy repairs:",
}
local SIMILAR_EDIT = {
  command = "spancopy.applySimilarEdit",
  progress = "applying your last edit to the method at the cursor…",
  none = "your last edit (since the file was opened or saved) does not apply here",
  prompt = "spancopy, your last edit here:",
}

--- Run `spec.command` at the cursor and let the user pick one of the returned actions.
local function pick_at_cursor(spec)
  local bufnr = vim.api.nvim_get_current_buf()
  local spancopy = require("spancopy")
  local client = spancopy.client(bufnr)
  if client == nil or not client.initialized then
    if spancopy.serves(bufnr) then
      vim.notify(spancopy.STARTING, vim.log.levels.INFO)
    else
      notify("no server attached to this buffer (see :checkhealth spancopy)", vim.log.levels.WARN)
    end
    return
  end
  local position = vim.lsp.util.make_position_params(0, client.offset_encoding)
  local params = {
    command = spec.command,
    arguments = { { uri = position.textDocument.uri, position = position.position } },
  }
  notify(spec.progress)
  request(client, "workspace/executeCommand", params, function(err, actions)
    if err ~= nil then
      notify(err.message, vim.log.levels.ERROR)
      return
    end
    if actions == nil or actions == vim.NIL then -- the server's null: no method here
      notify("no method at the cursor")
      return
    end
    if vim.tbl_isempty(actions) then
      notify(spec.none)
      return
    end
    vim.ui.select(actions, {
      prompt = spec.prompt,
      kind = "codeaction",
      format_item = function(action)
        return action.title
      end,
    }, function(action)
      if action ~= nil then
        vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
      end
    end)
  end, bufnr)
end

--- Ask for repairs of the method under the cursor and let the user pick one.
function M.repair_at_cursor()
  pick_at_cursor(REPAIR)
end

--- Ask for the user's last edit applied to the method under the cursor; pick one.
function M.similar_edit_at_cursor()
  pick_at_cursor(SIMILAR_EDIT)
end

return M
