import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { caseOn } from '../../twoEnvironments';
import type { Scenario, Step } from './plan';
import { UNREACHABLE, type Workspace } from './workspace';

// The manual's examples about test-case files: validate, import, export, run, copy between
// environments, globs, the reports for CI and the troubleshooting entries. See readmeExamples.test.ts.

/** The home environment given by the three variables, at an address where nothing answers. */
const unreachable = { TAS_BASE_URL: UNREACHABLE, TAS_CLIENT_ID: 'demo-admin', TAS_CLIENT_SECRET: 'demo-admin-secret' };
const broken = (w: Workspace, as: string) => w.sample('broken-references.testcase.json', as);
/** `tas import cases` after cases/voice-call-mo.testcase.json and test case 1 both changed: exit 5. */
function conflict(suffix: string): Step {
  return {
    example: 'tas import',
    line: 'tas import cases',
    before: (w) => {
      const file = 'cases/voice-call-mo.testcase.json';
      w.writeJson(file, { ...w.readJson(file), description: `changed in the file${suffix}` });
      w.home.store.testCases.get(1)!.description = `changed on the service${suffix}`;
    },
    exit: { code: 5, says: ['`tas import` refusing to overwrite (exit 5)'] },
  };
}

const COPY = 'tas copy ID... --to PROFILE [--dry-run] [--map kind:id=id]... [--map-file FILE]';
const COPY_TABLE = 'tas copy <ids>... --to PROFILE [--dry-run] [--map kind:id=id]... [--map-file FILE]';

const EXPORT =
  'tas export [ids...] [--all] [--project P] [--filter TEXT] [--bundle] [--out DIR] [--force] [--dry-run] [--map kind:id=id]... [--map-file FILE]';
const IMPORT =
  'tas import <files, folders, "globs">... [--force] [--link-existing] [--dry-run] [--map kind:id=id]... [--map-file FILE]';
const VALIDATE =
  'tas validate [paths, folders, "globs"] [--offline] [--format text|json|sarif|github|junit] [--max-warnings N] [--max-problems N] [--output FILE] [--summary FILE]';
/** The run synopsis of the commands table (its --retries, --fail-on-flaky and --summary are run in scenariosHistory.ts). */
export const RUN =
  'tas run <id, file, folder or "glob">... [--wait] [--timeout D] [--junit FILE] [--retries N] [--fail-on-flaky] [--summary FILE]';

/**
 * Home's "Roaming call" (118) calls from phone 4, "Old phone" from phone 5, which staging lacks;
 * both exported into cases/ (linked to home). "Roaming SMS" (119) stays on the service.
 */
async function twoEnvironments(w: Workspace): Promise<void> {
  homeCaseAt(w, 118, 'Roaming call', 4, 6);
  homeCaseAt(w, 119, 'Roaming SMS', 4, 6);
  const old = caseOn(w.home, 'Old phone', 5, 6).id;
  w.staging.store.devices.delete(w.moved.device.get(5)!);
  await w.prep(`rm cases/*.testcase.json && tas export 118 ${old} --out cases`);
  w.writeJson('map.json', { device: { '5': 14 } });
}

/** A test case of the home emulator at a fixed id (the manual's examples name ids). */
function homeCaseAt(w: Workspace, id: number, name: string, device: number, peer: number): void {
  const cases = w.home.store.testCases;
  cases.load({ next: id, rows: cases.all() });
  assert.equal(caseOn(w.home, name, device, peer).id, id);
}

export const FILE_SCENARIOS: Scenario[] = [
  {
    title: 'tas validate: clean files pass; an unreachable service is exit 4, errors in the files exit 1',
    steps: [
      { example: 'tas validate' },
      { example: 'tas validate --offline' },
      { example: 'tas validate --max-problems N', line: 'tas validate --max-problems 5' },
      { example: 'tas validate --format github' },
      { example: 'tas validate --format junit', check: (r) => assert.match(r.stdout, /^<\?xml/) },
      {
        example: 'tas validate',
        env: unreachable,
        exit: { code: 4, says: ['`tas validate` exits 4 with "References not verified"'] },
        check: (r) => assert.match(r.stderr, /References not verified/),
      },
      {
        example: 'tas validate',
        env: unreachable,
        before: (w) => broken(w, 'cases/broken-references.testcase.json'),
        exit: {
          code: 1,
          says: ['With errors in the files it exits 1 and still says the references were not verified'],
        },
        check: (r) => assert.match(r.stderr, /References not verified/),
      },
    ],
  },
  {
    title: 'The first steps in a terminal: import the files of cases/, run one and wait for its end',
    steps: [
      {
        example: 'tas import cases',
        check: (_r, w) =>
          assert.equal(
            typeof w.readJson('cases/sms-to-pixel.testcase.json')['id'],
            'number',
            'the new id is written back',
          ),
      },
      { example: 'tas run cases/voice-call-mo.testcase.json --wait', check: (r) => assert.match(r.stdout, /passed/i) },
    ],
  },
  {
    title: 'tas validate, every option of its synopsis',
    steps: [
      ...['text', 'json', 'github'].map((format) => ({
        example: VALIDATE,
        line: `tas validate cases "cases/*.testcase.json" --format ${format} --max-warnings 0 --max-problems 20`,
      })),
      ...['sarif', 'junit'].map((format) => ({
        example: VALIDATE,
        line: `tas validate --offline cases --format ${format} --output reports/validate.${format}`,
        check: (_r: unknown, w: Workspace) => assert.ok(existsSync(w.path(`reports/validate.${format}`))),
      })),
      {
        example: VALIDATE,
        line: 'tas validate --offline cases --summary reports/summary.md',
        check: (_r, w) => assert.match(readFileSync(w.path('reports/summary.md'), 'utf8'), /^### tas validate: /),
      },
    ],
  },
  {
    title: 'Files and globs: ids among paths, ! leaves out',
    setup: (w) => broken(w, 'cases/drafts/broken.testcase.json'),
    steps: [
      { example: "tas validate cases '!cases/drafts'" },
      {
        example: "tas import cases '!cases/SMS*'",
        before: (w) => {
          w.remove('cases/drafts');
          broken(w, 'cases/SMS-draft.testcase.json');
        },
      },
      {
        example: 'tas run',
        line: 'tas run 2 "cases/voice*"',
        check: (r) => assert.equal(r.stdout.trim().split('\n').length, 2, 'two executions started'),
      },
      {
        example: 'tas run',
        line: "tas run 2 '!cases/drafts'",
        check: (r) => assert.equal(r.stdout.trim().split('\n').length, 1, 'just the id ran'),
      },
    ],
  },
  {
    title: 'tas run: files agree with the service or exit 5; a refusal exits 7; waits, timeouts and JUnit',
    setup: (w) => {
      const disabled = w.home.store.testCases.all().find((t) => t.disabled);
      assert.ok(disabled, 'the demo data has a disabled test case');
      w.vars['disabled'] = String(disabled.id);
    },
    steps: [
      {
        example: ['tas run <file>', RUN],
        line: 'tas run cases/sms-to-pixel.testcase.json',
        exit: {
          code: 5,
          says: ['`tas run <file>` exits 5', 'a file runs only when it agrees with the service (else exit 5)'],
        },
      },
      { example: 'tas import', line: 'tas import cases/sms-to-pixel.testcase.json' },
      { example: 'tas run <file>', line: 'tas run cases/sms-to-pixel.testcase.json' },
      {
        example: RUN,
        line: 'tas run {disabled}',
        exit: { code: 7, says: ['a refusal of the service (a disabled test case, one without steps) exits 7'] },
      },
      {
        example: RUN,
        line: 'tas run 1 cases "cases/voice*" --wait',
      },
      {
        example: RUN,
        line: 'tas run cases/voice-call-mo.testcase.json --timeout 5m --junit reports/run.xml',
        check: (_r, w) => assert.match(readFileSync(w.path('reports/run.xml'), 'utf8'), /<testsuites/),
      },
    ],
  },
  {
    title: 'tas import: the synopsis, and a conflict with the two commands that settle it',
    steps: [
      {
        example: 'tas import --dry-run',
        line: 'tas import cases --dry-run',
        check: (r) => assert.match(r.stdout, /would create\s+cases\/sms-to-pixel/),
      },
      { example: IMPORT, line: 'tas import "cases/*.testcase.json" --dry-run' },
      {
        example: IMPORT,
        before: (w) =>
          w.writeJson('new/voice.testcase.json', { ...w.readJson('cases/voice-call-mo.testcase.json'), id: undefined }),
        line: 'tas import new --link-existing',
      },
      { example: IMPORT, line: 'tas import cases' },
      {
        ...conflict(''),
        // "prints ... a unified diff of the service's version (-) against the file (+) ... and the two commands that settle it"
        check: (r) => {
          assert.match(r.stdout, /^-.*changed on the service/m);
          assert.match(r.stdout, /^\+.*changed in the file/m);
          assert.match(r.stdout, /tas import \S+ --force/);
          assert.match(r.stdout, /tas export 1 --out \S+ --force/);
        },
      },
      {
        example: ['tas import FILE --force', IMPORT],
        line: 'tas import cases/voice-call-mo.testcase.json --force',
        check: (_r, w) => assert.equal(w.home.store.testCases.get(1)!.description, 'changed in the file'),
      },
      conflict(' again'),
      {
        example: 'tas export ID --out DIR --force',
        line: 'tas export 1 --out cases --force',
        check: (_r, w) =>
          assert.equal(w.readJson('cases/voice-call-mo.testcase.json')['description'], 'changed on the service again'),
      },
      {
        example: 'tas import --dry-run',
        line: 'tas import cases --dry-run',
        before: (w) =>
          w.writeJson('cases/voice-call-mo.testcase.json', {
            ...w.readJson('cases/voice-call-mo.testcase.json'),
            name: 'Voice call renamed',
          }),
        check: (r) =>
          assert.match(r.stdout, /would rename "Voice call MO LTE #001" to "Voice call renamed" on the service/),
      },
    ],
  },
  {
    title: 'tas export: the synopsis, and a record the answer cannot hold fails alone',
    steps: [
      { example: EXPORT, line: 'tas export 1 2 --out exported --dry-run' },
      { example: EXPORT, line: 'tas export 1 2 --out exported' },
      { example: EXPORT, line: 'tas export --filter SMS --out sms --force' },
      { example: EXPORT, line: 'tas export --project Voice --out voice' },
      {
        example: [EXPORT, 'tas export --all'],
        line: 'tas export --all --bundle --out all',
        check: (_r, w) => assert.ok(existsSync(w.path('all/export.testcases.json'))),
      },
      {
        example: 'tas export',
        before: (w) => {
          let deep: unknown = 1;
          for (let i = 0; i < 300; i++) deep = [deep];
          const cases = w.home.store.testCases;
          w.vars['deep'] = String(
            cases.insert((id) => ({ ...cases.get(1)!, id, name: 'Deep one', description: deep as string })).id,
          );
        },
        line: 'tas export 1 {deep} --out deep',
        exit: {
          code: 1,
          says: [
            'prints a `failed` line naming the test case and the reason (exit 1: an answer that cannot be used is no outage)',
          ],
        },
        check: (r, w) => {
          assert.match(r.stdout, new RegExp(`^failed\\s.*test case ${w.vars['deep']}\\b`, 'm'));
          assert.equal(
            readdirSync(w.path('deep')).filter((f) => f.endsWith('.testcase.json')).length,
            1,
            'the other one is written',
          );
        },
      },
    ],
  },
  {
    title:
      "Several environments, the manual's transcript: the dry run names what it cannot map, --map settles it, tas copy",
    setup: twoEnvironments,
    steps: [
      {
        example: 'TAS_PROFILE=staging tas import cases --dry-run',
        exit: { code: 5, says: ['`tas import` exits 5 unless you name the counterparts'] },
      },
      { example: ['TAS_PROFILE=staging tas import cases --map device:5=14', IMPORT] },
      // The manual's own transcript, in order: 118 went to staging with its file, so the copy is of another case.
      { example: 'tas copy 119 --to staging --dry-run' },
      { example: 'tas copy 119 --to staging' },
    ],
  },
  {
    title:
      'Several environments, the way back: an export from staging never writes a phone home does not know, until --map names it',
    setup: twoEnvironments,
    steps: [
      { example: IMPORT, line: 'tas import cases --profile staging --map-file map.json' },
      {
        example: 'tas export',
        // Someone picks, on staging, a phone no file names: home's device 2 there.
        before: (w) => {
          const roaming = w.staging.store.testCases.all().find((t) => t.name === 'Roaming call')!;
          (roaming.testStepList[0] as { mobileDeviceId: number }).mobileDeviceId = w.moved.device.get(2)!;
          w.vars['roaming'] = String(roaming.id);
          w.vars['there'] = String(w.moved.device.get(2)!);
        },
        line: 'tas export {roaming} --out cases --profile staging --force',
        exit: { code: 5, says: ['`tas export` exits 5 naming the reference'] },
        check: (r, w) =>
          assert.match(
            r.stdout,
            new RegExp(`names device ${w.vars['there']} of .*--map device:\\d+=${w.vars['there']}`),
          ),
      },
      {
        example: ['tas export ... --map kind:HOME_ID=ID', EXPORT],
        line: 'tas export {roaming} --out cases --profile staging --map device:2={there}',
        check: (_r, w) => {
          const file = w.readJson('cases/Roaming-call.testcase.json') as {
            testStepList?: { mobileDeviceId?: number }[];
          };
          assert.equal(file.testStepList?.[0]?.mobileDeviceId, 2, "the home's id is written");
        },
      },
      {
        example: EXPORT,
        before: (w) => w.writeJson('back.json', { device: { '2': Number(w.vars['there']) } }),
        line: 'tas export {roaming} --out cases --profile staging --map-file back.json',
      },
    ],
  },
  {
    title:
      'Several environments: a reference without a counterpart stops its test case until --map or --map-file names it',
    setup: twoEnvironments,
    steps: [
      {
        example: ['tas import --dry-run', IMPORT],
        line: 'tas import cases --profile staging --dry-run --map-file map.json',
        // "`tas import --dry-run` prints every mapping it would apply"
        check: (r) => {
          assert.match(r.stdout, /would map device 4 -> \d+/);
          assert.match(r.stdout, /device 5 -> 14/);
        },
      },
      {
        example: 'tas import',
        line: 'tas import cases --profile staging',
        exit: { code: 5, says: ['`tas import` exits 5 unless you name the counterparts'] },
        check: (r) => assert.match(r.stdout, /--map device:5=ID/),
      },
      { example: IMPORT, line: 'tas import cases --profile staging --map-file map.json' },
    ],
  },
  {
    title:
      'tas copy: counterparts by identity, --map and --map-file; exit 5 until each is settled, exit 2 for an id that names nothing',
    setup: (w) => {
      homeCaseAt(w, 118, 'Roaming call', 4, 6);
      homeCaseAt(w, 119, 'Old phone', 5, 6);
      homeCaseAt(w, 120, 'Old phone again', 5, 6);
      w.staging.store.devices.delete(w.moved.device.get(5)!);
      w.writeJson('map.json', { device: { '5': 14 } });
    },
    steps: [
      { example: [COPY, COPY_TABLE], line: 'tas copy 118 --to staging --dry-run' },
      { example: [COPY, COPY_TABLE], line: 'tas copy 118 --to staging' },
      {
        example: [COPY, COPY_TABLE],
        line: 'tas copy 118 --to staging',
        exit: { code: 5, says: ['exit 5 when a case waits for a counterpart or its name is taken'] },
        check: (r) => assert.match(r.stdout, /nameTaken/),
      },
      {
        example: [COPY, COPY_TABLE],
        line: 'tas copy 119 --to staging',
        exit: { code: 5, says: ['exit 5 when a case waits for a counterpart or its name is taken'] },
        check: (r) => assert.match(r.stdout, /--map device:5=ID/),
      },
      { example: [COPY, COPY_TABLE], line: 'tas copy 119 --to staging --map device:5=14' },
      { example: [COPY, COPY_TABLE], line: 'tas copy 120 --to staging --map-file map.json' },
      {
        example: [COPY, COPY_TABLE],
        line: 'tas copy 118 9999 --to staging',
        before: (w) =>
          void w.staging.store.testCases.delete(
            w.staging.store.testCases.all().find((t) => t.name === 'Roaming call')!.id,
          ),
        exit: {
          code: 2,
          says: [
            'exit 2, and nothing copied, when an id names no test case',
            'an id that names nothing: exit 2, nothing copied',
          ],
        },
        check: (_r, w) =>
          assert.ok(!w.staging.store.testCases.all().some((t) => t.name === 'Roaming call'), 'nothing copied'),
      },
    ],
  },
];
