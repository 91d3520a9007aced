import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, test } from 'node:test';

// The architecture rules of `npm run lint` (.dependency-cruiser.cjs, ARCHITECTURE.md) bite:
// probe files that break them, written into the real tree for one cruise and removed at once,
// are each named in a violation; and the real tree has none.

const root = resolve(__dirname, '../../..');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** dependency-cruiser's command line, run with Node itself (no shell, no .bin shim). */
function depcruiseBin(): string {
  const pkgDir = join(root, 'node_modules', 'dependency-cruiser');
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  const bin = pkg.bin['depcruise'];
  assert.ok(bin, 'dependency-cruiser has a depcruise command');
  return join(pkgDir, bin);
}

/** Cruises `paths` (relative to the repository) with the repository's config; returns its violations. */
function cruise(paths: string[]): Violation[] {
  const run = spawnSync(
    process.execPath,
    [depcruiseBin(), '--config', '.dependency-cruiser.cjs', '--output-type', 'json', ...paths],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  assert.ok(run.stdout, `depcruise printed nothing (exit ${run.status}): ${run.stderr}`);
  const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations;
}

const show = (vs: Violation[]): string => vs.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).join('\n');

describe('the architecture rules', () => {
  test('name each probe file that breaks them', { timeout: 60_000 }, () => {
    const tag = `archProbe${process.pid}`;
    const probes: Record<string, { file: string; text: string }> = {
      vscode: { file: `server/src/core/${tag}Vscode.ts`, text: "import 'vscode';\n" },
      languageServer: { file: `server/src/core/${tag}Lsp.ts`, text: "import 'vscode-languageserver/node';\n" },
      typeOnly: {
        file: `server/src/core/${tag}Types.ts`,
        text: "import type { Range } from 'vscode-languageserver-types';\nexport type R = Range;\n",
      },
      cycleA: {
        file: `server/src/core/${tag}CycleA.ts`,
        text: `import type { B } from './${tag}CycleB';\nexport interface A { b?: B }\n`,
      },
      cycleB: {
        file: `server/src/core/${tag}CycleB.ts`,
        text: `import type { A } from './${tag}CycleA';\nexport interface B { a?: A }\n`,
      },
      leaf: { file: `server/src/core/${tag}Leaf.ts`, text: 'export const leaf = 1;\n' },
      hostDeep: {
        file: `server/src/host/${tag}Deep.ts`,
        text: `import { leaf } from '../core/${tag}Leaf';\nexport const l = leaf;\n`,
      },
      cliDeep: {
        file: `cli/src/${tag}Deep.ts`,
        text: `import { leaf } from '../../server/src/core/${tag}Leaf';\nexport const l = leaf;\n`,
      },
      cliProtocol: { file: `cli/src/${tag}Protocol.ts`, text: "import '../../server/src/protocol';\n" },
      // Two folders of the core, each using the other through a different module: no module cycle, a folder cycle.
      folderA: {
        file: `server/src/core/${tag}A/uses.ts`,
        text: `import { b } from '../${tag}B/leaf';\nexport const a = b;\n`,
      },
      folderALeaf: { file: `server/src/core/${tag}A/leaf.ts`, text: 'export const a = 1;\n' },
      folderB: {
        file: `server/src/core/${tag}B/uses.ts`,
        text: `import { a } from '../${tag}A/leaf';\nexport const b2 = a;\n`,
      },
      folderBLeaf: { file: `server/src/core/${tag}B/leaf.ts`, text: 'export const b = 1;\n' },
      baseUp: {
        file: `server/src/core/base/${tag}Up.ts`,
        text: "import { ApiError } from '../api/errors';\nexport const E = ApiError;\n",
      },
      jsonTextDeep: {
        file: `server/src/core/${tag}Json.ts`,
        text: "import { stringEnd } from './jsonText/strings';\nexport const end = stringEnd;\n",
      },
      jsonTextEntry: {
        file: `server/src/core/${tag}JsonEntry.ts`,
        text: "import { stringEnd } from './jsonText';\nexport const end = stringEnd;\n",
      },
    };
    const files = Object.values(probes).map((p) => p.file);
    let violations: Violation[];
    try {
      for (const p of Object.values(probes)) {
        mkdirSync(dirname(join(root, p.file)), { recursive: true });
        writeFileSync(join(root, p.file), p.text);
      }
      violations = cruise(files);
    } finally {
      for (const f of files) rmSync(join(root, f), { force: true });
      for (const folder of [`${tag}A`, `${tag}B`])
        rmSync(join(root, 'server/src/core', folder), { recursive: true, force: true });
    }

    const expect = (rule: string, probe: { file: string }): void => {
      assert.ok(
        violations.some((v) => v.rule.name === rule && v.from === probe.file),
        `expected ${rule} to name ${probe.file}; the violations were:\n${show(violations)}`,
      );
    };
    expect('core-is-transport-free', probes.vscode!);
    expect('core-is-transport-free', probes.languageServer!);
    expect('core-is-transport-free', probes.typeOnly!);
    assert.ok(
      violations.some(
        (v) => v.rule.name === 'no-circular' && (v.from === probes.cycleA!.file || v.from === probes.cycleB!.file),
      ),
      `expected no-circular to name ${probes.cycleA!.file} or ${probes.cycleB!.file}; the violations were:\n${show(violations)}`,
    );
    expect('hosts-use-the-entry', probes.hostDeep!);
    expect('hosts-use-the-entry', probes.cliDeep!);
    expect('cli-stays-out-of-the-editor', probes.cliProtocol!);
    // A folder-level rule names folders: each of the two, whichever way round the cycle is told.
    for (const folder of [`server/src/core/${tag}A`, `server/src/core/${tag}B`]) {
      assert.ok(
        violations.some((v) => v.rule.name === 'core-folders-acyclic' && v.from === folder),
        `expected core-folders-acyclic to name ${folder}; the violations were:\n${show(violations)}`,
      );
    }
    expect('core-base-is-the-bottom', probes.baseUp!);
    expect('json-text-through-its-entry', probes.jsonTextDeep!);
    assert.equal(violations.filter((v) => v.from === probes.jsonTextEntry!.file).length, 0, show(violations));
    // The leaf breaks nothing: a rule that fires on every file proves nothing.
    assert.equal(violations.filter((v) => v.from === probes.leaf!.file).length, 0, show(violations));
  });

  test('find nothing to report in the real tree', { timeout: 60_000 }, () => {
    const violations = cruise(['client/src', 'server/src', 'cli/src']);
    assert.equal(violations.length, 0, `npm run lint would report:\n${show(violations)}`);
  });
});
