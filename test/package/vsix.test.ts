import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pngSize, Zip } from './zip';

// The .vsix as `npm run package` makes it (the same vsce arguments, read from package.json, into
// a temporary file), opened as the zip it is: the manifest a marketplace shows, the icon, the
// walkthrough's media and every image the extension page names are inside; nothing else is.
// Needs the bundles (`npm run build`), as `npm test` makes them first.

const root = resolve(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;

interface Media {
  image?: string | Record<string, string>;
  svg?: string;
  markdown?: string;
  altText?: string;
}
interface Manifest {
  scripts: Record<string, string>;
  icon?: string;
  repository?: { url?: string };
  contributes: {
    commands: { command: string }[];
    walkthroughs?: { id: string; steps: { id: string; description: string; media: Media }[] }[];
  };
}

/** vsce's arguments in `npm run package`, with --out pointing at `out`. */
function packageArgs(out: string): string[] {
  const script = pkg.scripts['package'] ?? '';
  const m = /\bvsce (package\b.*)$/.exec(script);
  assert.ok(m, `npm run package runs vsce package: ${script}`);
  const args = m[1]!.split(/\s+/);
  const o = args.indexOf('--out');
  if (o >= 0) args.splice(o, 2);
  return [...args, '--out', out];
}

/** The relative paths of the images a Markdown page shows: ![..](path) and <img src="path">. */
export function imagesOf(markdown: string): string[] {
  const md = [...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const html = [...markdown.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["']/gi)].map((m) => m[1]!);
  return [...md, ...html];
}

const mediaPaths = (m: Media): string[] => [
  ...(typeof m.image === 'string' ? [m.image] : Object.values(m.image ?? {})),
  ...(m.svg ? [m.svg] : []),
  ...(m.markdown ? [m.markdown] : []),
];

describe('the packaged .vsix', { timeout: 180_000 }, () => {
  let dir: string;
  let vsix: Zip;
  let packaging: { status: number | null; stdout: string; stderr: string };
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'tas-vsix-'));
    const out = join(dir, 'test-automation-service.vsix');
    const vsce = join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
    packaging = spawnSync(process.execPath, [vsce, ...packageArgs(out)], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    assert.equal(packaging.status, 0, `vsce package failed:\n${packaging.stdout}\n${packaging.stderr}`);
    vsix = new Zip(out);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('is made without --allow-missing-repository: the manifest names its repository, icon and page', () => {
    assert.doesNotMatch(pkg.scripts['package'] ?? '', /allow-missing-repository/);
    const manifest = JSON.parse(vsix.text('extension/package.json')) as Manifest & Record<string, unknown>;
    assert.match(String(manifest.repository?.url), /^https:\/\/github\.com\//);
    for (const field of ['homepage', 'bugs', 'galleryBanner', 'keywords', 'icon'])
      assert.ok(manifest[field], `package.json has ${field}`);
    const capabilities = manifest['capabilities'] as {
      virtualWorkspaces?: { supported?: unknown; description?: unknown };
    };
    assert.equal(capabilities.virtualWorkspaces?.supported, 'limited');
    assert.match(String(capabilities.virtualWorkspaces?.description), /file/);
    // The .vsixmanifest a marketplace reads points at the same repository.
    assert.match(
      vsix.text('extension.vsixmanifest'),
      /Microsoft\.VisualStudio\.Services\.Links\.Source" Value="https:\/\/github\.com\//,
    );
  });

  test('holds the icon: a 128 x 128 PNG', () => {
    assert.equal(pkg.icon, 'images/icon.png');
    const icon = vsix.read(`extension/${pkg.icon}`);
    assert.deepEqual(pngSize(icon), { width: 128, height: 128 });
    assert.match(
      vsix.text('extension.vsixmanifest'),
      /Microsoft\.VisualStudio\.Services\.Icons\.Default" Path="extension\/images\/icon\.png"/,
    );
  });

  test('its page is written for installers, and every image it names is inside', () => {
    const page = vsix.text('extension/readme.md');
    assert.equal(
      page,
      readFileSync(join(root, 'MARKETPLACE.md'), 'utf8'),
      'the page is MARKETPLACE.md, unchanged (relative links kept)',
    );
    assert.doesNotMatch(page, /npm ci|npm start/, 'no developer commands on the installed page');
    assert.match(page, /Sign In/);
    const images = imagesOf(page);
    assert.ok(images.length >= 1, 'the page shows a picture of the extension working');
    for (const image of images) {
      assert.doesNotMatch(
        image,
        /^[a-z]+:/i,
        `${image}: images come from the .vsix, so they show offline and on the installed page`,
      );
      const inside = posix.normalize(`extension/${image}`);
      assert.ok(vsix.entries.has(inside), `${image} is named by the page but is not in the .vsix`);
      assert.ok(pngSize(vsix.read(inside)).width > 0, `${image} is a PNG (SVGs are refused on a marketplace page)`);
    }
  });

  test("holds the walkthrough's media, and each step's buttons run commands that exist", () => {
    const walkthroughs = pkg.contributes.walkthroughs ?? [];
    assert.equal(walkthroughs.length, 1);
    const steps = walkthroughs[0]!.steps;
    assert.deepEqual(
      steps.map((s) => s.id),
      ['connect', 'checkReference', 'run', 'sync'],
    );
    const own = new Set(pkg.contributes.commands.map((c) => c.command));
    for (const step of steps) {
      const paths = mediaPaths(step.media);
      assert.ok(paths.length > 0, `step ${step.id} has a picture`);
      for (const p of paths) {
        assert.ok(vsix.entries.has(posix.normalize(`extension/${p}`)), `step ${step.id}: ${p} is not in the .vsix`);
        if (p.endsWith('.png'))
          assert.ok(pngSize(vsix.read(`extension/${p}`)).width >= 400, `${p} is big enough to read`);
      }
      assert.ok(step.media.altText, `step ${step.id} describes its picture`);
      const commands = [...step.description.matchAll(/\(command:([\w.]+)/g)].map((m) => m[1]!);
      assert.ok(commands.length > 0, `step ${step.id} has a command button`);
      for (const c of commands)
        assert.ok(c.startsWith('workbench.') || own.has(c), `step ${step.id}: ${c} is no command of the extension`);
    }
  });

  test('holds only what runs and what its pages show', () => {
    const names = vsix.names.filter((n) => n.startsWith('extension/')).map((n) => n.slice('extension/'.length));
    for (const needed of [
      'package.json',
      'readme.md',
      'LICENSE.txt',
      'changelog.md',
      'dist/extension.js',
      'dist/server.js',
      // tas, for the MCP server the extension offers the editor's agent.
      'dist/cli.js',
    ]) {
      assert.ok(
        names.some((n) => n.toLowerCase() === needed.toLowerCase()),
        `${needed} is in the .vsix`,
      );
    }
    const unexpected = names.filter((n) =>
      /\.ts$|\.map$|^node_modules\/|^test\/|^samples\/|^dist\/(emulator|start)\.js$|^README\.md$/.test(n),
    );
    assert.deepEqual(unexpected, []);
  });
});

describe("the repository's page", () => {
  test('keeps the two commands at its top', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    assert.ok(readme.indexOf('```sh') < 200, 'the commands come first');
    assert.match(firstBlock, /^npm ci && npm start\b/m);
    assert.match(firstBlock, /^npm test\b/m);
  });
});
