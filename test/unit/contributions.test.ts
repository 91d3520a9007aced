import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { readJson, root, type Schema } from './schemaHelpers';

// The contributions fragment of package.json (languages, grammars, jsonValidation) and the
// TextMate grammars (syntaxes/), checked for structure.

describe('where the extension runs', () => {
  test('on the machine of the workspace (extensionKind workspace): its server reads the files and sends the requests there', () => {
    // docs/networks.md says, for each kind of remote machine, what this means.
    assert.deepEqual((readJson('package.json') as { extensionKind?: string[] }).extensionKind, ['workspace']);
  });
});

describe('package.json contributions', () => {
  const contributes = (readJson('package.json') as { contributes: Schema }).contributes;
  const languages = contributes['languages'] as { id: string; filenamePatterns?: string[]; configuration?: string }[];
  const grammars = contributes['grammars'] as { language: string; scopeName: string; path: string }[];

  test('declares the test case language for both file patterns, with its configuration', () => {
    const lang = languages.find((l) => l.id === 'tas-testcase');
    assert.deepEqual(lang?.filenamePatterns, ['*.testcase.json', '*.testcases.json']);
    assert.ok(lang?.configuration && existsSync(resolve(root, lang.configuration)));
    const config = readJson(lang.configuration) as Schema;
    assert.deepEqual(config['brackets'], [
      ['{', '}'],
      ['[', ']'],
    ]);
    assert.ok(Array.isArray(config['autoClosingPairs']));
  });

  test('points every grammar at a file with the same scopeName, for a declared language', () => {
    assert.deepEqual(grammars.map((g) => g.scopeName).sort(), ['source.json.tas-testcase', 'text.log.tas-execution']);
    for (const g of grammars) {
      assert.ok(
        languages.some((l) => l.id === g.language),
        g.language,
      );
      assert.equal((readJson(g.path) as Schema)['scopeName'], g.scopeName, g.path);
    }
  });

  test('no colour swatch in a test-case name such as "SMS round trip #003", nor in execution logs', () => {
    // VS Code's default colour decorators take #003 for a colour in any language without a colour provider.
    const defaults = contributes['configurationDefaults'] as Record<string, Record<string, unknown>>;
    for (const language of ['[tas-testcase]', '[tas-execution-log]'])
      assert.equal(defaults[language]?.['editor.colorDecorators'], false, language);
    for (const id of ['tas-testcase', 'tas-execution-log'])
      assert.ok(
        languages.some((l) => l.id === id),
        id,
      );
  });

  test('associates both schemas through jsonValidation', () => {
    assert.deepEqual(contributes['jsonValidation'], [
      { fileMatch: '*.testcase.json', url: './schemas/testcase.schema.json' },
      { fileMatch: '*.testcases.json', url: './schemas/testcases.schema.json' },
    ]);
  });
});

type Rule = {
  include?: string;
  match?: string;
  begin?: string;
  end?: string;
  name?: string;
  contentName?: string;
  patterns?: Rule[];
  captures?: Record<string, { name?: string }>;
  beginCaptures?: Record<string, { name?: string }>;
};
type Grammar = {
  scopeName: string;
  patterns: Rule[];
  repository: Record<string, Rule>;
  injections?: Record<string, Rule>;
};

/** Every rule of a grammar: top level, repository and injections, nested patterns included. */
function rules(g: Grammar): Rule[] {
  const out: Rule[] = [];
  const visit = (r: Rule) => {
    out.push(r);
    r.patterns?.forEach(visit);
  };
  [...g.patterns, ...Object.values(g.repository), ...Object.values(g.injections ?? {})].forEach(visit);
  return out;
}

/** Every scope name a grammar can give, from names and captures. */
function scopes(g: Grammar): string[] {
  return rules(g).flatMap((r) =>
    [r.name, r.contentName, ...Object.values({ ...r.captures, ...r.beginCaptures }).map((c) => c.name)]
      .filter((n): n is string => typeof n === 'string')
      .flatMap((n) => n.split(' ')),
  );
}

describe("the TextMate grammars (structure; test/editor/grammars.test.ts runs them in VS Code's tokenizer)", () => {
  const testCase = readJson('syntaxes/tas-testcase.tmLanguage.json') as Grammar;
  const log = readJson('syntaxes/tas-execution-log.tmLanguage.json') as Grammar;

  test('have their scope names, and every local include names a repository rule', () => {
    assert.equal(testCase.scopeName, 'source.json.tas-testcase');
    assert.equal(log.scopeName, 'text.log.tas-execution');
    for (const g of [testCase, log]) {
      for (const r of rules(g)) {
        if (r.include?.startsWith('#')) assert.ok(g.repository[r.include.slice(1)], `${g.scopeName}: ${r.include}`);
      }
    }
  });

  test('the test case grammar is JSON underneath, with the ID keys and values marked', () => {
    assert.deepEqual(testCase.patterns, [{ include: 'source.json' }]);
    assert.ok(
      rules(testCase).some((r) => r.include === 'source.json#value'),
      'values fall back to the JSON grammar',
    );
    const byKey = (key: string) => Object.values(testCase.repository).filter((r) => r.begin?.includes(`(${key})`));
    const device = byKey('mobileDeviceId')[0];
    assert.ok(device, 'a rule for mobileDeviceId');
    assert.match(String(device.beginCaptures?.['1']?.name), /\bsupport\.type\.property-name\.reference\.tas\b/);
    assert.ok(device.patterns?.some((p) => p.name === 'constant.numeric.reference.device.tas'));
    assert.ok(
      byKey('traceFilterId')[0]?.patterns?.some((p) => p.name === 'constant.numeric.reference.trace-filter.tas'),
    );
    assert.ok(byKey('id').some((r) => r.patterns?.some((p) => p.name === 'constant.numeric.reference.test-case.tas')));
    // The injections run inside JSON objects, never inside strings or comments.
    for (const selector of Object.keys(testCase.injections ?? {}))
      assert.match(selector, /^L:.* - \(string \| comment\b/);
  });

  test('the log grammar marks time, level and outcome', () => {
    const all = scopes(log);
    for (const s of [
      'constant.numeric.date.timestamp.tas',
      'markup.inserted.level.info.tas',
      'markup.changed.level.warn.tas',
      'markup.deleted.level.error.tas',
      'markup.inserted.status.passed.tas',
      'markup.deleted.status.failed.tas',
      'markup.changed.status.cancelled.tas',
      'entity.name.function.step.tas',
    ]) {
      assert.ok(all.includes(s), s);
    }
  });
});
