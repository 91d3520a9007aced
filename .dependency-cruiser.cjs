// Architecture rules, checked by `npm run lint` (see ARCHITECTURE.md, "Invariants").
// Paths are relative to the repository root. A module under node_modules may show up as
// `node_modules/x/...` or, where node_modules is a symlink, `../somewhere/node_modules/x/...`;
// a module that cannot be resolved shows up under its bare name (`vscode`, `vscode-languageclient/node`).

/** The editor and LSP libraries: `vscode` (only @types/vscode exists) and the vscode-language* packages. */
const TRANSPORT_LIBRARIES =
  '(^|node_modules/)(@types/)?(vscode|vscode-languageserver|vscode-languageserver-protocol|vscode-languageserver-types|vscode-languageserver-textdocument|vscode-languageclient|vscode-jsonrpc)(/|$)';
const CORE = '^server/src/core/';
const CORE_ENTRY = '^server/src/core/index\\.ts$';
/** The core's base layer: generic helpers every folder may use; it uses no other folder of the core. */
const CORE_BASE = '^server/src/core/base/';
/** The one module for reading JSON text: the rest of the core goes through its entry. */
const JSON_TEXT = '^server/src/core/jsonText/';
const JSON_TEXT_ENTRY = '^server/src/core/jsonText/index\\.ts$';
const HOST = '^server/src/host/';
const PROTOCOL = '^server/src/protocol(\\.ts$|/)';
/** The protocol's parts: hosts and the client import messages from server/src/protocol.ts, never from these. */
const PROTOCOL_PARTS = '^server/src/protocol/';
const CLIENT = '^client/';
const CLI = '^cli/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle anywhere in client/src, server/src or cli/src (type-only imports count).',
      from: { path: '^(client|server|cli)/src/' },
      to: { circular: true },
    },
    {
      name: 'core-is-transport-free',
      severity: 'error',
      comment:
        'The core (server/src/core) knows no editor, LSP or JSON-RPC library and no host: not vscode, not vscode-language*, ' +
        'not vscode-jsonrpc, not server/src/host, server/src/protocol.ts, client/ or cli/.',
      from: { path: CORE },
      to: { path: [TRANSPORT_LIBRARIES, HOST, PROTOCOL, CLIENT, CLI] },
    },
    {
      name: 'hosts-use-the-entry',
      severity: 'error',
      comment:
        'The hosts (the language server, tas, the extension) reach the core only through server/src/core/index.ts.',
      from: { path: ['^server/src/host/', '^cli/src/', '^client/src/'] },
      to: { path: CORE, pathNot: CORE_ENTRY },
    },
    {
      name: 'core-avoids-its-entry',
      severity: 'error',
      comment:
        'Core files import each other directly, never through server/src/core/index.ts (no cycles through the barrel).',
      from: { path: CORE, pathNot: CORE_ENTRY },
      to: { path: CORE_ENTRY },
    },
    {
      name: 'core-folders-acyclic',
      severity: 'error',
      comment:
        "The core's folders are layers: no folder depends on another that depends back on it, however long the way " +
        '(modules counted by their folder). Break a cycle by moving the shared piece down (base/, model/) or by passing it in.',
      scope: 'folder',
      from: { path: CORE },
      to: { circular: true },
    },
    {
      name: 'core-base-is-the-bottom',
      severity: 'error',
      comment:
        'server/src/core/base/ holds generic helpers every folder may use; it imports no other folder of the core.',
      from: { path: CORE_BASE },
      to: { path: CORE, pathNot: CORE_BASE },
    },
    {
      name: 'json-text-through-its-entry',
      severity: 'error',
      comment:
        'The rest of the core reads JSON text through server/src/core/jsonText/index.ts (which says which reader serves what), never a file inside it.',
      from: { path: CORE, pathNot: JSON_TEXT },
      to: { path: JSON_TEXT, pathNot: JSON_TEXT_ENTRY },
    },
    {
      name: 'client-stays-out-of-hosts',
      severity: 'error',
      comment: 'The extension (client/) never imports the language-server host or the CLI.',
      from: { path: CLIENT },
      to: { path: [HOST, CLI] },
    },
    {
      name: 'cli-stays-out-of-the-editor',
      severity: 'error',
      comment: 'The CLI (cli/) never imports the extension, the language-server host or the LSP protocol.',
      from: { path: CLI },
      to: { path: [CLIENT, HOST, PROTOCOL] },
    },
    {
      name: 'host-stays-out-of-other-hosts',
      severity: 'error',
      comment: 'The language-server host never imports the extension or the CLI.',
      from: { path: HOST },
      to: { path: [CLIENT, CLI] },
    },
    {
      name: 'protocol-uses-the-entry',
      severity: 'error',
      comment:
        'server/src/protocol.ts and its parts in server/src/protocol/ (messages only) import nothing but the core entry, vscode-languageserver-protocol, vscode-jsonrpc and (the entry) its parts.',
      from: { path: PROTOCOL },
      to: {
        pathNot: [CORE_ENTRY, PROTOCOL_PARTS, '(^|node_modules/)(vscode-languageserver-protocol|vscode-jsonrpc)(/|$)'],
      },
    },
    {
      name: 'protocol-through-its-entry',
      severity: 'error',
      comment: 'Hosts and the extension take messages from server/src/protocol.ts, never from one of its parts.',
      from: { pathNot: PROTOCOL },
      to: { path: PROTOCOL_PARTS },
    },
  ],
  options: {
    // Type-only imports are dependencies too: `import type { X } from 'vscode'` in the core breaks the rule.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Edges into node_modules are checked; what is inside node_modules is not cruised.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|dist)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
