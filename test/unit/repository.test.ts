import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';

// A clone with nothing beside it must build and pass: nothing names a path outside the
// repository, and the Node version README promises satisfies every installed package.

const root = resolve(__dirname, '../../..');
const INSPECTOR = 'node_modules/@modelcontextprotocol/inspector';
const OWN_FOLDERS = ['client', 'server', 'test', 'scripts', 'bench', 'schemas', 'syntaxes', 'samples', 'docs', '.ci'];
const TEXT = /\.(ts|mjs|js|json|md|sh|yml|yaml)$|^run$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return TEXT.test(name) ? [path] : [];
  });
}

/** Does `version` satisfy an npm `engines` range? Covers the forms npm packages use. */
export function satisfies(version: string, range: string): boolean {
  const v = version.split('.').map(Number);
  const cmp = (other: number[]) => {
    for (let i = 0; i < 3; i++) if ((v[i] ?? 0) !== (other[i] ?? 0)) return (v[i] ?? 0) - (other[i] ?? 0);
    return 0;
  };
  const one = (c: string): boolean => {
    if (c === '*' || c === '') return true;
    // A wildcard part (`12.11.*`, `12.x`) leaves the version partial, as npm reads it.
    const m = /^(>=|<=|>|<|\^|~|=)?v?(\d+(?:\.(?:\d+|[xX*])){0,2})$/.exec(c);
    if (!m) throw new Error(`unsupported engines comparator "${c}"`);
    const given = m[2]!.split('.');
    const wild = given.findIndex((p) => !/^\d+$/.test(p));
    const parts = (wild === -1 ? given : given.slice(0, wild)).map(Number);
    switch (m[1]) {
      case '>=':
        return cmp(parts) >= 0;
      case '<=':
        return cmp(parts) <= 0;
      case '>':
        return cmp(parts) > 0;
      case '<':
        return cmp(parts) < 0;
      case '^':
        return v[0] === parts[0] && cmp(parts) >= 0;
      case '~':
        return v[0] === parts[0] && (parts.length < 2 || v[1] === parts[1]) && cmp(parts) >= 0;
      default:
        return parts.every((p, i) => v[i] === p);
    }
  };
  return range.split('||').some((alt) =>
    alt
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .every(one),
  );
}

describe('a clone with nothing beside it', () => {
  it('names no path outside the repository', () => {
    const outside = /\.\.\/shared\/|\/work\/|\/home\/[a-z]/;
    const offenders = OWN_FOLDERS.flatMap((f) => files(join(root, f)))
      .filter((f) => !f.endsWith(join('docs', 'interface.md')))
      .filter((f) => outside.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(root.length + 1));
    assert.deepEqual(offenders, []);
  });

  it('carries its own copy of the interface document', () => {
    const doc = readFileSync(join(root, 'docs', 'interface.md'), 'utf8');
    assert.match(doc, /^# Test Automation Service Interface/);
    assert.match(readFileSync(join(root, 'README.md'), 'utf8'), /docs\/interface\.md/);
  });

  it('promises a Node version that every locked package accepts', () => {
    // One named exception, a development tool only a test runs: every release of the MCP Inspector
    // with a command-line mode declares Node 22; npm warns and installs it on Node 20, and the mode
    // the test uses (test/cli/mcpInspector.test.ts) runs there (it passes on Node 20.20). Nothing the
    // extension or tas ships or needs is under it. It must still be in the lock as a development
    // dependency and still refuse, or the exception goes.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
    const min = /^>=(\d+\.\d+\.\d+)$/.exec(pkg.engines.node)?.[1];
    assert.ok(min, `engines.node should be ">=x.y.z", is "${pkg.engines.node}"`);
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; dev?: boolean }>;
    };
    const exempt = (name: string) =>
      (name === INSPECTOR || name.startsWith(`${INSPECTOR}/node_modules/`)) && lock.packages[name]?.dev === true;
    const refused = Object.entries(lock.packages)
      .filter(([name, p]) => name !== '' && !p.optional && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !satisfies(min, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} wants node ${(p.engines as { node: string }).node}`);
    assert.deepEqual(
      refused.filter((r) => !exempt(r.split(' ')[0]!)),
      [],
    );
    assert.ok(
      refused.some((r) => r.startsWith(`${INSPECTOR} `)),
      `${INSPECTOR} accepts Node ${min} now: drop the exception`,
    );
  });

  it('reads engines ranges as npm does', () => {
    assert.equal(satisfies('20.18.1', '>=22'), false);
    assert.equal(satisfies('20.18.1', '>= 18'), true);
    assert.equal(satisfies('20.18.1', '^20.19.0 || ^22.13.0 || >=24'), false);
    assert.equal(satisfies('20.19.1', '^20.19.0 || ^22.13.0 || >=24'), true);
    assert.equal(satisfies('20.18.1', '18 || 20 || >=22'), true);
    assert.equal(satisfies('20.18.1', '>=16 || 14 >=14.17'), true);
    assert.equal(satisfies('20.18.1', '*'), true);
    assert.equal(satisfies('20.18.1', '>= 12.11.*'), true);
    assert.equal(satisfies('20.18.1', '12.x'), false);
    assert.equal(satisfies('12.3.0', '12.x'), true);
  });
});
