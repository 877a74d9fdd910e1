--- :SpancopyRepair: the server's explicit repair of the method at the cursor.
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

--- Ask for repairs of the method under the cursor and let the user pick one.
function M.repair_at_cursor()
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
    command = "spancopy.repairMethod",
    arguments = { { uri = position.textDocument.uri, position = position.position } },
  }
  notify("repairing the method at the cursor…")
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
      notify("no repair found for this method")
      return
    end
    vim.ui.select(actions, {
      prompt = "spancopy repairs:",
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

return M
