import { strict as assert } from 'node:assert';
import { readFileSync, statSync } from 'node:fs';
import type { Scenario } from './plan';
import type { Workspace } from './workspace';

// The manual's examples about the lab and the command line itself: record documents (tas get, tas
// apply), listings, suites and executions, tas api, credentials (tas login), shell completion,
// help, and plain http. See readmeExamples.test.ts.

const GET = 'tas get <device|node|apiclient|tracefilter|suite> <id>';
const APPLY = 'tas apply <file> [--force]';
const LOGIN = 'tas login [--profile NAME] [--base-url URL] [--client-id ID] [--default] [--no-verify]';
const API = 'tas api <METHOD> <path> [--data JSON|@file|@-]';
const EXECUTE = 'tas execute <suite> [--wait] [--timeout D] [--junit FILE]';
const RERUN = 'tas rerun <execution> [--wait] [--timeout D] [--junit FILE]';
const WATCH = 'tas watch <execution id>... [--timeout D] [--junit FILE]';

/** phone.json (device 12's record document) with some fields changed. */
const editPhone = (w: Workspace, fields: Record<string, unknown>) =>
  w.writeJson('phone.json', { ...w.readJson('phone.json'), ...fields });
const puts = (w: Workspace) =>
  w.home.requests.filter((r) => r.method === 'PUT' && r.path === '/api/v2/mobiledevices/12').length;

export const LAB_SCENARIOS: Scenario[] = [
  {
    title: 'tas get and tas apply: save, refuse, conflict and --force',
    steps: [
      {
        example: 'tas get device 12 > phone.json',
        check: (_r, w) => assert.equal((w.readJson('phone.json')['$record'] as { id: number }).id, 12),
      },
      {
        example: 'tas apply phone.json',
        before: (w) => editPhone(w, { msisdn: '4916000000012' }), // "# edit msisdn"
        check: (_r, w) => {
          assert.equal(puts(w), 1, 'PUT /mobiledevices/12');
          assert.equal(w.home.store.devices.get(12)!.msisdn, '4916000000012');
        },
      },
      { example: ['tas get KIND ID', GET], line: 'tas get device 12' },
      ...['node', 'apiclient', 'tracefilter', 'suite'].map((kind) => ({ example: GET, line: `tas get ${kind} 1` })),
      {
        example: 'tas apply FILE',
        line: 'tas apply phone.json',
        before: (w: Workspace) => editPhone(w, { imei: '357598955382012' }),
      },
      {
        example: 'tas apply',
        line: 'tas apply phone.json',
        before: (w) => editPhone(w, { msisdn: 4916000000013 }),
        exit: { code: 1, says: ['errors: exit 1, nothing sent'] },
        check: (_r, w) => assert.equal(puts(w), 2, 'nothing sent'),
      },
      {
        example: 'tas apply',
        line: 'tas apply phone.json',
        before: (w) => editPhone(w, { msisdn: '4916000000012', name: w.home.store.devices.get(13)!.name }),
        exit: {
          code: 7,
          says: [
            'a refusal of the service: exit 7, its reason said',
            'a record document `tas apply` sent and the service refused',
          ],
        },
        check: (r) => assert.match(r.stderr, /refused to save the device: .*name/),
      },
      {
        example: ['tas apply', APPLY],
        line: 'tas apply phone.json',
        before: (w) => {
          editPhone(w, { name: 'My phone' });
          w.home.store.devices.get(12)!.imsi = '262010000000012';
        },
        exit: {
          code: 5,
          says: [
            "it prints the difference (`-` the service's lines, `+` the file's) and exits 5 without sending",
            '`tas apply` found the record changed on the service since the file was read',
            "a colleague's change since it was read: exit 5",
          ],
        },
        check: (r, w) => {
          assert.match(r.stdout + r.stderr, /^-.*262010000000012/m);
          assert.equal(puts(w), 3, 'nothing sent');
        },
      },
      {
        example: APPLY,
        line: 'tas apply phone.json --force',
        check: (_r, w) => assert.equal(w.home.store.devices.get(12)!.name, 'My phone'),
      },
      { example: 'tas get device 12 > more.json' },
      {
        example: 'tas apply FILE',
        line: 'tas apply copy.json',
        // A copy whose `id` is gone while `$record` still names device 12.
        before: (w) => {
          const { id: _id, ...copy } = w.readJson('more.json');
          w.writeJson('copy.json', { ...copy, name: 'Copy of 12' });
          w.vars['puts'] = String(puts(w));
        },
        exit: { code: 1, says: ['is refused (exit 1) and nothing is sent to either record, `--force` or not'] },
        check: (_r, w) => {
          assert.equal(puts(w), Number(w.vars['puts']), 'nothing sent');
          assert.equal(w.home.store.devices.get(12)!.name, 'My phone');
        },
      },
      {
        example: APPLY,
        line: 'tas apply copy.json --force',
        exit: { code: 1, says: ['is refused (exit 1) and nothing is sent to either record, `--force` or not'] },
        check: (_r, w) => {
          assert.equal(puts(w), Number(w.vars['puts']), 'nothing sent');
          assert.equal(w.home.store.devices.get(12)!.name, 'My phone');
        },
      },
      {
        example: 'tas apply more.json',
        // "remove "id", "id" and "revision" from "$record", and "ecid"; give a new name, msisdn, imei, imsi"
        before: (w) => {
          const {
            id: _id,
            ecid: _ecid,
            $record,
            ...rest
          } = w.readJson('more.json') as Record<string, unknown> & { $record: Record<string, unknown> };
          const { id: _rid, revision: _rev, ...meta } = $record;
          w.writeJson('more.json', {
            $record: meta,
            ...rest,
            name: 'One more phone',
            msisdn: '4916000000099',
            imei: '357598955382099',
            imsi: '262010000000099',
          });
          w.vars['devices'] = String(w.home.store.devices.all().length);
        },
        check: (_r, w) => {
          assert.equal(
            w.home.requests.filter((r) => r.method === 'POST' && r.path === '/api/v2/mobiledevices').length,
            1,
            'POST /mobiledevices once',
          );
          assert.equal(w.home.store.devices.all().length, Number(w.vars['devices']) + 1);
          assert.equal(w.home.store.devices.get(12)!.name, 'My phone', 'device 12 is not touched');
        },
      },
    ],
  },
  {
    title: 'listings, help and version',
    steps: [
      { example: 'tas users' },
      { example: 'tas devices' },
      { example: 'tas nodes' },
      { example: 'tas suites' },
      { example: 'tas executions [--search TEXT] [--limit N]', line: 'tas executions --search Voice --limit 5' },
      {
        example: 'tas --verbose',
        line: 'tas --verbose executions',
        check: (r) => assert.match(r.stderr, /^The executions of this service: start\/end are /m),
      },
      { example: 'tas --version', check: (r) => assert.match(r.stdout, /^\d+\.\d+\.\d+/) },
      { example: 'tas version', check: (r) => assert.match(r.stdout, /^\d+\.\d+\.\d+/) },
      { example: 'tas --help', check: (r) => assert.match(r.stdout, /Exit codes:/) },
      ...[
        'validate',
        'import',
        'export',
        'copy',
        'run',
        'watch',
        'suites',
        'execute',
        'cancel',
        'executions',
        'rerun',
        'devices',
        'nodes',
        'users',
        'get',
        'apply',
        'api',
        'login',
        'completion',
      ].map((command) => ({ example: 'tas <command> --help', line: `tas ${command} --help` })),
    ],
  },
  {
    title: 'suites and executions: execute, cancel, rerun, watch, and Ctrl-C while waiting',
    steps: [
      { example: EXECUTE, line: 'tas execute "Voice smoke"' },
      { example: 'tas cancel <suite>', line: 'tas cancel "Voice smoke"' },
      {
        // "the report of `tas execute` is named by the suite's name, whether the suite was given by id or by name"
        example: [EXECUTE, 'tas execute'],
        line: 'tas execute 2 --wait --timeout 5m --junit reports/suite.xml',
        check: (_r, w) =>
          assert.match(
            readFileSync(w.path('reports/suite.xml'), 'utf8'),
            new RegExp(`<testsuite name="${w.home.store.testSuites.get(2)!.name}"`),
          ),
      },
      { example: RERUN, line: 'tas rerun 200 --wait --timeout 5m --junit reports/rerun.xml' },
      { example: 'tas run', line: 'tas run 1' },
      { example: WATCH, line: 'tas watch {last} --timeout 5m --junit reports/watch.xml' },
      {
        example: 'tas run',
        line: 'tas run 1',
        before: (w) => {
          w.home.settings.executionStepMs = 600_000;
        },
      },
      {
        example: ['tas watch', WATCH],
        // --verbose: its request lines show when it is waiting (a queued execution prints nothing until it changes).
        line: 'tas watch {last} --verbose',
        interrupt: /GET \/api\/v2\/testexecutions\/\d+ 200/,
        exit: { code: 130, says: ['Ctrl-C while waiting: 130, with the `tas watch` line to resume'] },
        check: (r, w) => assert.match(r.stderr, new RegExp(`tas watch ${w.vars['last']}`)),
      },
    ],
  },
  {
    title: 'tas api: reads, writes with --data, secrets redacted, a refusal exits 7',
    steps: [
      { example: API, line: 'tas api GET mobiledevices' },
      {
        example: 'tas api',
        line: 'tas api GET apiclients/3',
        // "`tas api` shows a record's secret members as "[redacted]""
        check: (r, w) => {
          const secret = String(w.home.store.apiClients.get(3)!.authParams['client_secret']);
          assert.match(r.stdout, /"client_secret": "\[redacted\]"/);
          assert.ok(!r.stdout.includes(secret));
        },
      },
      { example: API, line: 'tas api POST /api/v2/tracefilters --data \'{"name": "README one", "filter": "sip"}\'' },
      {
        example: API,
        line: 'tas api POST tracefilters --data @filter.json',
        before: (w) => w.writeJson('filter.json', { name: 'README two', filter: 'dns' }),
      },
      {
        example: API,
        line: 'tas api POST tracefilters --data @-',
        input: '{"name": "README three", "filter": "http"}',
      },
      {
        example: 'tas api',
        line: 'tas api POST testcases --data \'{"name": 5}\'',
        exit: { code: 7, says: ['a 400 or 422 (from `tas api` too)'] },
      },
    ],
  },
  {
    title: 'tas login: a profile outside the repository; refused inside it and for plain http elsewhere',
    steps: [
      {
        example: [LOGIN, 'tas login [--profile NAME] ...'],
        line: 'tas login --profile lab --base-url {url} --client-id demo-admin --default',
        before: (w) => void (w.vars['url'] = w.home.url),
        input: 'demo-admin-secret\n',
        check: (_r, w) => {
          const file = w.config('profiles.json');
          assert.equal(statSync(file).mode & 0o777, 0o600);
          const written = JSON.parse(readFileSync(file, 'utf8')) as {
            default: string;
            profiles: Record<string, { baseUrl: string }>;
          };
          assert.equal(written.default, 'lab');
          assert.equal(written.profiles['lab']?.baseUrl, w.home.url);
        },
      },
      {
        example: LOGIN,
        line: 'tas login --profile later --base-url https://tas.invalid --client-id demo-admin --no-verify',
        input: 'demo-admin-secret\n',
      },
      {
        // No keyring answers in the tests' runs (no D-Bus session): the file keeps it, and login says why.
        example: LOGIN,
        line: 'tas login --profile later2 --base-url https://tas.invalid --client-id demo-admin --no-verify',
        input: 'demo-admin-secret\n',
        check: (r) =>
          assert.match(
            r.stdout,
            /The client secret is kept in that file, readable by you only: no system keyring answered \(no D-Bus session: DBUS_SESSION_BUS_ADDRESS is not set\)\./,
          ),
      },
      {
        example: ['tas logout [--profile NAME]'],
        line: 'tas logout --profile later2',
        check: (r, w) => {
          assert.match(
            r.stdout,
            /Profile "later2" removed from .*; its client secret, kept in that file, went with it\./,
          );
          const written = JSON.parse(readFileSync(w.config('profiles.json'), 'utf8')) as { profiles: object };
          assert.ok(!Object.keys(written.profiles).includes('later2'));
          assert.ok(Object.keys(written.profiles).includes('later'), 'the other profiles stay');
        },
      },
      {
        example: ['tas logout [--profile NAME]'],
        line: 'tas logout --profile later2',
        exit: { code: 2, says: ['A profile that is not in the file is a usage error (exit 2)'] },
      },
      {
        example: [LOGIN, 'tas login'],
        line: 'tas login --profile lab --base-url {url} --client-id demo-admin',
        env: { TAS_CONFIG_DIR: undefined },
        input: 'demo-admin-secret\n',
        exit: {
          code: 2,
          says: [
            'Where the profile would land inside a git work tree (links resolved, as above), it refuses before asking anything (exit 2)',
          ],
        },
        check: (r) => assert.match(r.stderr, /TAS_CONFIG_DIR/),
      },
      {
        example: 'tas login',
        line: 'tas login --profile lab --base-url http://tas.invalid:8080 --client-id demo-admin',
        exit: { code: 2, says: ['a plain http URL of another machine without the opt-in'] },
        check: (r) => assert.match(r.stderr, /--allow-insecure-http/),
      },
      {
        example: 'tas logout',
        check: (r, w) => {
          assert.match(
            r.stdout,
            /Profile "lab" removed from .*profiles\.json; its client secret, kept in that file, went with it\./,
          );
          const written = JSON.parse(readFileSync(w.config('profiles.json'), 'utf8')) as { default?: string };
          assert.equal(written.default, undefined, 'the default profile is gone, and so is the default');
        },
      },
    ],
  },
  {
    title: 'shell completion, and plain http opted into',
    setup: (w) => {
      // The folders the shells read completions from (bash-completion's and fish's own).
      w.write('.local/share/bash-completion/completions/.keep', '');
      w.write('.config/fish/completions/.keep', '');
      w.sample('voice-call-mo.testcase.json', 'smoke.testcase.json');
    },
    steps: [
      ...['bash', 'zsh', 'fish'].map((shell) => ({
        example: 'tas completion bash|zsh|fish',
        line: `tas completion ${shell}`,
      })),
      { example: 'source <(tas completion bash)' },
      {
        example: 'tas completion bash > ~/.local/share/bash-completion/completions/tas',
        check: (_r, w) =>
          assert.match(readFileSync(w.path('.local/share/bash-completion/completions/tas'), 'utf8'), /complete -F/),
      },
      {
        example: 'tas completion fish > ~/.config/fish/completions/tas.fish',
        check: (_r, w) =>
          assert.match(readFileSync(w.path('.config/fish/completions/tas.fish'), 'utf8'), /complete -c tas/),
      },
      // On loopback the opt-in changes nothing; test/cli/insecureHttp.test.ts proves what it lets through.
      { example: 'tas devices --allow-insecure-http' },
      { example: 'TAS_ALLOW_INSECURE_HTTP=1 tas run smoke.testcase.json --wait' },
    ],
  },
];

/** Examples that are not run, each with the reason. */
export const NOT_RUN: Record<string, string> = {
  'tas login --profile NAME':
    'docs/assistants.md names the command in prose; the tas login scenario above runs it with a profile name given',
  'source <(tas completion zsh)':
    'zsh syntax, and zsh need not be installed where the tests run; test/cli/completion.test.ts checks the zsh script',
  'tas --profile ci <Tab>':
    'a key pressed in an interactive shell, not a command; test/cli/completion.test.ts checks that the scripts find the command past global options and their values',
  'tas completion fish | source':
    'fish syntax, and fish need not be installed where the tests run; test/cli/completion.test.ts checks the fish script',
};
