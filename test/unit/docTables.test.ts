import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../manual';

// The Commands and Settings tables of docs/reference.md are package.json's, as
// scripts/docTables.mjs writes them: the page fails here while it differs, and the script sees
// every kind of change package.json can make.

const SCRIPT = join(ROOT, 'scripts', 'docTables.mjs');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    configuration: { properties: Record<string, Record<string, unknown>> };
  };
};
const page = readFileSync(join(ROOT, 'docs', 'reference.md'), 'utf8');

/** What the script's withTables makes of `page` and `manifest` (with its own command words unless `texts` is given). */
function written(manifest: unknown, texts?: Record<string, string>): { out: string; err: string } {
  const call = `withTables(${JSON.stringify(page)}, ${JSON.stringify(manifest)}${texts ? `, ${JSON.stringify(texts)}` : ''})`;
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { withTables } from ${JSON.stringify(SCRIPT)}; process.stdout.write(${call});`,
    ],
    { encoding: 'utf8' },
  );
  return { out: run.stdout, err: run.stderr };
}

const copy = (): typeof pkg => JSON.parse(JSON.stringify(pkg)) as typeof pkg;

describe('the generated Commands and Settings tables (docs/reference.md)', () => {
  test('are what scripts/docTables.mjs writes from package.json', () => {
    const check = spawnSync(process.execPath, [SCRIPT, '--check'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(check.status, 0, `${check.stderr}(run node scripts/docTables.mjs)`);
    assert.equal(written(pkg).out, page);
  });

  test('list every command and setting of package.json, each once', () => {
    for (const c of pkg.contributes.commands) assert.equal(page.split(`| \`${c.command}\` |`).length, 2, c.command);
    for (const name of Object.keys(pkg.contributes.configuration.properties))
      assert.equal(page.split(`| \`${name}\` |`).length, 2, name);
  });

  test('a renamed command, a new default or range, a setting more: the page no longer matches', () => {
    const renamed = copy();
    renamed.contributes.commands[0]!.title = 'Log In';
    assert.match(written(renamed).out, /\| Test Automation: Log In \| `tas\.signIn` \|/);
    const ranged = copy();
    Object.assign(ranged.contributes.configuration.properties['tas.cache.ttlSeconds']!, {
      default: 600,
      maximum: 1000,
    });
    assert.match(written(ranged).out, /\| `tas\.cache\.ttlSeconds` \| `600` \| 0 to 1000 \|/);
    const more = copy();
    more.contributes.configuration.properties['tas.extra'] = {
      type: 'boolean',
      default: false,
      description: 'An extra.',
    };
    assert.match(written(more).out, /\| `tas\.extra` \| `false` \| \| An extra\. \|/);
    for (const changed of [renamed, ranged, more]) assert.notEqual(written(changed).out, page);
  });

  test('a command without words, or words for a command that is gone, stops the script with its name', () => {
    const added = copy();
    added.contributes.commands.push({ command: 'tas.brandNew', title: 'Brand New', category: 'Test Automation' });
    const r = written(added);
    assert.equal(r.out, '');
    assert.match(
      r.err,
      /scripts\/commandTexts\.mjs must say what each command of package\.json does: add tas\.brandNew/,
    );
    const texts = Object.fromEntries(pkg.contributes.commands.map((c) => [c.command, 'Does it.']));
    assert.match(written(pkg, { ...texts, 'tas.gone': 'Did it.' }).err, /remove tas\.gone \(not in package\.json\)/);
  });
});
