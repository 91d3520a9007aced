import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { before, describe, test } from 'node:test';

// The TextMate grammars (syntaxes/) run through VS Code's own tokenizer and JSON grammar. They
// are not dependencies of this project: the real-editor layer's setup
// (scripts/editor-setup.sh) puts a VS Code build under .tools/, so this file lives in that layer.

const root = resolve(__dirname, '../../..');
const vscodeDir = resolve(root, '.tools/code-server/node_modules/code-server/lib/vscode');
const tokenizerFiles = {
  textmate: join(vscodeDir, 'node_modules/vscode-textmate/release/main.js'),
  oniguruma: join(vscodeDir, 'node_modules/vscode-oniguruma/release/main.js'),
  wasm: join(vscodeDir, 'node_modules/vscode-oniguruma/release/onig.wasm'),
  json: join(vscodeDir, 'extensions/json/syntaxes/JSON.tmLanguage.json'),
};
describe('the grammars in VS Code’s tokenizer', () => {
  test('VS Code’s tokenizer and JSON grammar are at hand (run scripts/editor-setup.sh)', () => {
    for (const f of Object.values(tokenizerFiles)) assert.ok(existsSync(f), f);
  });

  type Token = { text: string; scopes: string[] };
  let tokenize: (scopeName: string, text: string) => Promise<Token[][]>;

  before(async () => {
    const load = createRequire(__filename);
    const tm = load(tokenizerFiles.textmate);
    const onig = load(tokenizerFiles.oniguruma);
    await onig.loadWASM(readFileSync(tokenizerFiles.wasm).buffer);
    const paths: Record<string, string> = {
      'source.json': tokenizerFiles.json,
      'source.json.tas-testcase': resolve(root, 'syntaxes/tas-testcase.tmLanguage.json'),
      'text.log.tas-execution': resolve(root, 'syntaxes/tas-execution-log.tmLanguage.json'),
    };
    const registry = new tm.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (patterns: string[]) => new onig.OnigScanner(patterns),
        createOnigString: (s: string) => new onig.OnigString(s),
      }),
      loadGrammar: (scopeName: string) => {
        const path = paths[scopeName];
        return Promise.resolve(path ? tm.parseRawGrammar(readFileSync(path, 'utf8'), path) : null);
      },
    });
    tokenize = async (scopeName, text) => {
      const grammar = await registry.loadGrammar(scopeName);
      let state = tm.INITIAL;
      return text.split('\n').map((line) => {
        const r = grammar.tokenizeLine(line, state);
        state = r.ruleStack;
        return r.tokens.map((t: { startIndex: number; endIndex: number; scopes: string[] }) => ({
          text: line.slice(t.startIndex, t.endIndex),
          scopes: t.scopes,
        }));
      });
    };
  });

  /** The innermost scope of each token with this text, across all lines. */
  const innermost = (lines: Token[][], text: string) =>
    lines
      .flat()
      .filter((t) => t.text === text)
      .map((t) => t.scopes[t.scopes.length - 1]);

  test('the samples tokenize as JSON with no invalid token', async () => {
    for (const file of readdirSync(resolve(root, 'samples/workspace')).filter((f) => f.endsWith('.json'))) {
      const lines = await tokenize(
        'source.json.tas-testcase',
        readFileSync(resolve(root, 'samples/workspace', file), 'utf8'),
      );
      const invalid = lines.flat().filter((t) => t.scopes.some((s) => s.startsWith('invalid')));
      assert.deepEqual(invalid, [], file);
      assert.ok(
        lines.flat().some((t) => t.scopes.includes('string.quoted.double.json')),
        `${file} is tokenized as JSON`,
      );
    }
  });

  test('IDs are marked by what they refer to', async () => {
    const text = [
      '[{ "id": 11, "name": "x", "projects": [{ "id": 12, "name": "P" }],',
      '   "testStepList": [{ "id": 13, "mobileDeviceId": 14, "params": { "apiClientId": 15 } }, { "mobileDeviceId":',
      '     16 }],',
      '   "traceFilters": [{ "mobileDeviceId": 17, "traceFilterId": 18 }, { "mobileDeviceId": "19", "traceFilterId": 2.5 }],',
      '   "devices": [{ "id": 21, "testNodeId": 22, "projects": [{ "id": 23 }] }],',
      '   "apiClients": [{ "id": 24, "note": "\\"mobileDeviceId\\": 25" }] }]',
    ].join('\n');
    const lines = await tokenize('source.json.tas-testcase', text);
    const expected: Record<string, string> = {
      '11': 'constant.numeric.reference.test-case.tas',
      '12': 'constant.numeric.reference.project.tas',
      '13': 'constant.numeric.json',
      '14': 'constant.numeric.reference.device.tas',
      '15': 'constant.numeric.reference.api-client.tas',
      '16': 'constant.numeric.reference.device.tas',
      '17': 'constant.numeric.reference.device.tas',
      '18': 'constant.numeric.reference.trace-filter.tas',
      '19': 'string.quoted.double.json',
      '2.5': 'constant.numeric.json',
      '21': 'constant.numeric.reference.device.tas',
      '22': 'constant.numeric.json',
      '23': 'constant.numeric.reference.project.tas',
      '24': 'constant.numeric.reference.api-client.tas',
    };
    for (const [text, scope] of Object.entries(expected)) assert.deepEqual(innermost(lines, text), [scope], text);
    const key = lines.flat().find((t) => t.text === 'mobileDeviceId');
    assert.ok(key, 'a mobileDeviceId key token');
    assert.ok(key.scopes.includes('support.type.property-name.reference.tas'));
    assert.ok(key.scopes.includes('support.type.property-name.json'), 'JSON key scopes are kept');
    // Inside a string nothing is marked.
    assert.ok(lines.flat().every((t) => !t.text.includes('25') || t.scopes.includes('string.quoted.double.json')));
    assert.deepEqual(
      lines.flat().filter((t) => t.scopes.some((s) => s.startsWith('invalid'))),
      [],
    );
  });

  test('an execution log gets level, step and outcome scopes', async () => {
    const lines = await tokenize(
      'text.log.tas-execution',
      [
        "2026-11-22T02:03:49.401Z INFO Queued (DIRECT_RUN): test case 12 'Voice call MO'",
        '2026-11-22T02:03:52.401Z INFO Step 2/3 WAIT: passed',
        '2026-11-22T02:03:53.901Z ERROR Step 3/3 HANGUP: failed',
        '2026-11-22T02:03:53.901Z ERROR Finished: FAILED',
        '2026-11-22T02:03:54.000Z WARN Cancelled',
      ].join('\n'),
    );
    assert.deepEqual(innermost(lines, '2026-11-22T02:03:52.401Z'), ['constant.numeric.date.timestamp.tas']);
    assert.deepEqual(innermost(lines, 'INFO'), ['markup.inserted.level.info.tas', 'markup.inserted.level.info.tas']);
    assert.deepEqual(innermost(lines, 'ERROR'), ['markup.deleted.level.error.tas', 'markup.deleted.level.error.tas']);
    assert.deepEqual(innermost(lines, 'WARN'), ['markup.changed.level.warn.tas']);
    assert.deepEqual(innermost(lines, 'WAIT'), ['entity.name.function.step.tas']);
    assert.deepEqual(innermost(lines, 'passed'), ['markup.inserted.status.passed.tas']);
    assert.deepEqual(innermost(lines, 'failed'), ['markup.deleted.status.failed.tas']);
    assert.deepEqual(innermost(lines, 'FAILED'), ['markup.deleted.status.failed.tas']);
    assert.deepEqual(innermost(lines, 'Cancelled'), ['markup.changed.status.cancelled.tas']);
    assert.deepEqual(innermost(lines, '12'), ['constant.numeric.reference.test-case.tas']);
    assert.deepEqual(innermost(lines, "'Voice call MO'"), ['string.quoted.single.tas']);
    assert.ok(lines[2]?.every((t) => t.scopes.includes('meta.log-line.error.tas')));
  });
});
