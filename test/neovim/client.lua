-- Drives the language server from Neovim (0.7 or newer) for test/neovim: starts dist/server.js
-- over stdio with the plain client API of 0.7, attaches it to the file given on the command line,
-- runs the steps of the plan (NV_PLAN, JSON) and writes what each step answered to NV_OUT (JSON).
-- Quits in every case, so a failure shows up as a missing or wrong answer, never a hang.

local function run()
  local plan = vim.fn.json_decode(table.concat(vim.fn.readfile(os.getenv('NV_PLAN')), '\n'))
  local out = { version = vim.version() }
  local bufnr = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'tas',
    cmd = { plan.node, plan.server, '--stdio' },
    cmd_env = plan.env,
    root_dir = plan.root,
  })
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  out.initialized = vim.wait(15000, function() return client.initialized end, 20)
  local doc = vim.lsp.util.make_text_document_params(bufnr)
  for _, step in ipairs(plan.steps) do
    local answer = {}
    if step.waitFor then
      -- Diagnostics arrive in two publications (schema, then references): wait for the code asked.
      answer.found = vim.wait(15000, function()
        for _, d in ipairs(vim.diagnostic.get(bufnr)) do
          if d.code == step.waitFor then return true end
        end
        return false
      end, 20)
      answer.diagnostics = {}
      for _, d in ipairs(vim.diagnostic.get(bufnr)) do
        table.insert(answer.diagnostics, { code = d.code, line = d.lnum, message = d.message })
      end
    else
      local params = { textDocument = doc }
      if step.line then params.position = { line = step.line, character = step.character } end
      if step.method == 'textDocument/formatting' then params.options = { tabSize = step.tabSize or 2, insertSpaces = true } end
      if step.method == 'textDocument/references' then params.context = { includeDeclaration = true } end
      local results, err = vim.lsp.buf_request_sync(bufnr, step.method, params, 15000)
      answer.error = err
      local r = results and results[client_id]
      answer.result = r and r.result
      answer.lspError = r and r.err
      if step.apply and answer.result then
        vim.lsp.util.apply_text_edits(answer.result, bufnr, client.offset_encoding or 'utf-16')
        answer.text = table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n')
      end
    end
    out[step.id] = answer
  end
  return out
end

local ok, result = pcall(run)
local fd = io.open(os.getenv('NV_OUT'), 'w')
fd:write(vim.fn.json_encode(ok and result or { failed = tostring(result) }))
fd:close()
vim.cmd('qa!')
