import { FUNCTIONS } from './functions';
import type { EntityType, MobileDevice, TestCase } from './model';
import { Random, withLuhn } from './random';
import type { Store } from './store';
import { seedLab, type LabScale } from './demoLab';
import { drawOutcome, labIsOn, type LabModel } from './lab';

export interface DemoScale extends LabScale {
  /** Test cases to create beyond the ~50 demo ones (for paging and batch benchmarks). */
  extraTestCases?: number;
  /** Finished executions to create beyond the demo ones. */
  extraExecutions?: number;
}

/** The fixed demo credentials. Tests and scripts rely on them; they unlock nothing real. */
export const DEMO_CREDENTIALS = {
  admin: { clientId: 'demo-admin', clientSecret: 'demo-admin-secret' },
  tester: { clientId: 'demo-tester', clientSecret: 'demo-tester-secret' },
} as const;

export const ADMIN_USER_ID = 1;
export const TESTER_USER_ID = 2;

const MODELS = [
  ['Galaxy S24', 'Samsung', 'Android'],
  ['Pixel 8', 'Google', 'Android'],
  ['iPhone 15', 'Apple', 'iOS'],
  ['iPhone 14', 'Apple', 'iOS'],
  ['Xiaomi 13', 'Xiaomi', 'Android'],
  ['G42 5G', 'Nokia', 'Android'],
  ['Xperia 10 V', 'Sony', 'Android'],
  ['Edge 40', 'Motorola', 'Android'],
] as const;

const TRACE_FILTERS = [
  ['SIP signalling', 'sip'],
  ['Diameter Gx', 'diameter.applicationId == 16777238'],
  ['DNS lookups', 'dns'],
  ['GTP user plane', 'gtp'],
  ['HTTP/2 SBI', 'http2 && tcp.port == 8080'],
  ['RTP media', 'rtp || rtcp'],
] as const;

const SCENARIOS = [
  { title: 'Voice call MO', tags: 'voice,regression', fns: ['CALL', 'WAIT', 'HANGUP'], sip: true },
  { title: 'Voice call MT', tags: 'voice', fns: ['ANSWER_CALL', 'WAIT', 'HANGUP'], sip: true },
  { title: 'SMS round trip', tags: 'sms,regression', fns: ['SEND_SMS', 'RECEIVE_SMS'], sip: false },
  { title: 'Web browsing', tags: 'data', fns: ['OPEN_URL', 'WAIT', 'OPEN_URL'], sip: false },
  { title: 'Bulk data transfer', tags: 'data,performance', fns: ['DATA_SESSION', 'CHECK_SIGNAL'], sip: false },
  {
    title: 'Airplane mode reattach',
    tags: 'mobility',
    fns: ['AIRPLANE_MODE', 'WAIT', 'AIRPLANE_MODE', 'CHECK_SIGNAL'],
    sip: false,
  },
  { title: 'Billing notification', tags: 'api,sms', fns: ['HTTP_REQUEST', 'RECEIVE_SMS'], sip: false },
] as const;

const RAN = ['LTE', 'NR', 'LTE', 'UMTS'] as const;
const CITIES = ['Berlin', 'Munich', 'Hamburg', 'Cologne', 'Frankfurt'] as const;

/** Fills an empty store: users and credentials always; the demo set unless `demo` is false. */
export function seedDemoData(
  store: Store,
  options: { now: number; demo: boolean; scale?: DemoScale | undefined; seed: number; lab?: LabModel },
): void {
  const rnd = new Random(options.seed);
  const iso = (msAgo: number) => new Date(options.now - msAgo).toISOString();
  const day = 86_400_000;

  store.users.insert((id) => ({ id, email: 'admin@example.com', role: 'ADMIN', createdAt: iso(400 * day) }));
  store.users.insert((id) => ({ id, email: 'tester@example.com', role: 'TESTER', createdAt: iso(300 * day) }));
  store.users.insert((id) => ({ id, email: 'qa.lead@example.com', role: 'ADMIN', createdAt: iso(200 * day) }));
  store.credentials = [
    { ...DEMO_CREDENTIALS.admin, userId: ADMIN_USER_ID },
    { ...DEMO_CREDENTIALS.tester, userId: TESTER_USER_ID },
  ];
  store.functions = FUNCTIONS;
  if (!options.demo) return;

  const owner = (i: number) => (i % 5 === 4 ? TESTER_USER_ID : ADMIN_USER_ID);

  const labels = ['berlin', 'munich', 'lab'];
  const nodes = [
    ['node-berlin-01', 'berlin', true],
    ['node-berlin-02', 'berlin', true],
    ['node-munich-01', 'munich', true],
    ['node-lab-spare', 'lab', false],
  ] as const;
  nodes.forEach(([name, label, online], i) =>
    store.testNodes.insert((id) => ({
      id,
      ownerId: i === 2 ? TESTER_USER_ID : ADMIN_USER_ID,
      name,
      label,
      ipAddress: `10.20.${i + 1}.${10 + i}`,
      agentVersion: online ? '5.14.2' : '5.12.0',
      online,
      restartUntil: 0,
      lastSeen: iso(online ? 30_000 : 6 * day),
    })),
  );
  for (const label of labels) {
    store.agentConfigs[label] = {
      label,
      logLevel: label === 'lab' ? 'DEBUG' : 'INFO',
      captureInterface: label === 'lab' ? 'eth1' : 'any',
      maxParallelTests: label === 'berlin' ? 4 : 2,
      heartbeatSeconds: 30,
      traceUploadUrl: `https://traces.example.com/${label}`,
    };
  }

  MODELS.forEach(([name, manufacturer, platformName]) =>
    store.deviceModels.insert((id) => ({ id, name, manufacturer, platformName })),
  );

  const onlineNodes = store.testNodes.all();
  for (let i = 0; i < 20; i++) {
    const model = store.deviceModels.get((i % MODELS.length) + 1)!;
    const subscriber = `${rnd.int(1, 9)}${rnd.digits(7)}`;
    const prefix = rnd.pick(['151', '160', '170', '171', '176']);
    const ios = model.platformName === 'iOS';
    store.devices.insert((id) => ({
      id,
      ownerId: owner(i),
      name: `${model.manufacturer} ${model.name} ${CITIES[i % CITIES.length]} ${String(i + 1).padStart(2, '0')}`,
      msisdn: `49${prefix}${subscriber}`,
      imsi: `26201${rnd.digits(10)}`,
      imei: withLuhn(`35${rnd.digits(12)}`),
      ranType: RAN[i % RAN.length]!,
      testNodeId: onlineNodes[i % onlineNodes.length]!.id,
      deviceModelId: model.id,
      subscriptionType: i % 3 === 0 ? 'PREPAID' : 'POSTPAID',
      platformName: model.platformName,
      deviceId: ios ? `00008110-${rnd.hex(16)}` : `R${rnd.hex(10)}`,
      nationalFormat: `0${prefix} ${subscriber}`,
      internationalFormat: `+49 ${prefix} ${subscriber}`,
      iccid: withLuhn(`894902${rnd.digits(12)}`),
      eid: `8904903200${rnd.digits(22)}`,
      ecid: ios ? rnd.hex(16) : '',
      preparingUntil: 0,
      batteryLevel: rnd.int(35, 100),
    }));
  }

  TRACE_FILTERS.forEach(([name, filter], i) =>
    store.traceFilters.insert((id) => ({ id, ownerId: owner(i), name, filter })),
  );

  const apiClients = [
    { name: 'Billing REST', type: 'BASIC', method: 'POST', url: 'https://billing.example.com/api/charge' },
    { name: 'SMS gateway', type: 'NONE', method: 'POST', url: 'https://sms.example.com/send' },
    { name: 'OAuth2 provisioning', type: 'OAUTH2', method: 'PUT', url: 'https://prov.example.com/subscribers' },
    { name: 'Status webhook', type: 'NONE', method: 'GET', url: 'https://hooks.example.com/status' },
    { name: 'CRM lookup', type: 'BASIC', method: 'GET', url: 'https://crm.example.com/customers' },
  ];
  apiClients.forEach((a, i) =>
    store.apiClients.insert((id) => ({
      id,
      ownerId: owner(i),
      basicAuthViaSecrets: a.type === 'BASIC' && i > 2,
      name: a.name,
      apiClientAuthType: a.type,
      headerParams: { Accept: 'application/json', 'X-Test-Run': '${executionId}' },
      authParams: Object.fromEntries(
        a.type === 'OAUTH2'
          ? [
              ['grant_type', 'client_credentials'],
              ['client_secret', 'demo-oauth-client-secret'],
            ]
          : [],
      ),
      serverURL: a.url,
      payload: a.method === 'GET' ? '' : '{"msisdn":"${msisdn}"}',
      httpMethod: a.method,
      failureRegexBody: '"error"\\s*:',
      username: a.type === 'BASIC' ? 'svc-tests' : '',
      password: a.type === 'BASIC' ? 'demo-api-password' : '',
      tokenEndpointForOAuth2: a.type === 'OAUTH2' ? 'https://prov.example.com/oauth/token' : '',
      oauth2Scopes: a.type === 'OAUTH2' ? 'subscribers.write' : '',
    })),
  );

  const devices = store.devices.all();
  const total = 50 + (options.scale?.extraTestCases ?? 0);
  // With a failure model, its history's days come after every case was created (7 days at least).
  const lab = options.lab && labIsOn(options.lab) ? { ...options.lab, scripted: {} } : undefined;
  for (let i = 0; i < total; i++) {
    const days = rnd.int(1, 120);
    makeTestCase(store, rnd, i, devices, owner(i), iso((lab ? Math.max(days, 7) : days) * day));
  }

  const voice = store.testCases
    .all()
    .filter((t) => t.tags.includes('voice'))
    .map((t) => t.id);
  const sms = store.testCases
    .all()
    .filter((t) => t.tags.includes('sms'))
    .map((t) => t.id);
  const data = store.testCases
    .all()
    .filter((t) => t.tags.includes('data'))
    .map((t) => t.id);
  const suites: [string, number[], boolean, boolean][] = [
    [
      'Nightly regression',
      store.testCases
        .all()
        .slice(0, 20)
        .map((t) => t.id),
      false,
      true,
    ],
    ['Voice smoke', voice.slice(0, 5), false, false],
    ['Messaging', sms.slice(0, 6), false, false],
    ['Data performance', data.slice(0, 6), false, true],
    ['Pre-release sign-off', [...voice.slice(0, 3), ...sms.slice(0, 3), ...data.slice(0, 3)], false, false],
    ['Legacy 3G (retired)', voice.slice(5, 8), true, false],
  ];
  suites.forEach(([name, ids, disabled, scheduled], i) =>
    store.testSuites.insert((id) => ({
      id,
      ownerId: owner(i),
      name,
      description: `${name} suite`,
      testCaseIds: ids,
      testCaseWeights: ids.map(() => 1),
      schedule: scheduled
        ? { startTime: '2026-01-05T02:00:00Z', repeating: true, repeatPeriod: 1, repeatUnit: 'DAYS' }
        : null,
      tags: i === 0 ? 'nightly' : '',
      notifyFailureThresholdPercentage: 20,
      disabled,
      notifEmail: 'qa-team@example.com',
      failureNotifEmail: 'qa-oncall@example.com',
      skipInitialization: false,
      created: iso(90 * day),
      updated: iso(10 * day),
    })),
  );

  const cases = store.testCases.all();
  // With a failure model, a denser history of the last days whose outcomes follow it (lab.ts):
  // 12 runs of each demo case, every 15 minutes; without one, 200 hourly runs.
  const runs = (lab ? 600 : 200) + (options.scale?.extraExecutions ?? 0);
  const spacingMs = lab ? 900_000 : 3_600_000;
  for (let i = 0; i < runs; i++) {
    const tc = cases[i % cases.length]!;
    const suite = i % 3 === 0 ? store.testSuites.get((i % 5) + 1)! : undefined;
    const stepMs = 2000;
    const createdMs = options.now - (runs - i) * spacingMs;
    const cancelled = i % 17 === 0;
    store.executions.insert((id) => ({
      id,
      testCaseId: tc.id,
      testCaseName: tc.name,
      testSuiteId: suite?.id ?? null,
      testSuiteName: suite?.name ?? null,
      source: suite ? 'TEST_SUITE' : i % 7 === 0 ? 'RERUN' : 'DIRECT_RUN',
      rerunOf: !suite && i % 7 === 0 && id > 1 ? id - 1 : null,
      triggeredBy: owner(i),
      createdMs,
      stepMs,
      stepCount: tc.testStepList.length,
      ...(lab
        ? drawOutcome(lab, tc, id, devices, tc.tags.includes('expect-fail'))
        : { outcome: tc.tags.includes('expect-fail') || i % 11 === 0 ? 'FAILED' : 'PASSED' }),
      cancelledMs: cancelled ? createdMs + stepMs * 2 : null,
      stepNames: tc.testStepList.map((s) => String(s['function'])),
    }));
  }

  const projects = ['Core Network', 'Voice', 'Messaging', 'Lab infrastructure'];
  projects.forEach((name) => store.projects.insert((id) => ({ id, ownerId: ADMIN_USER_ID, name })));
  const assign = (type: EntityType, ids: number[], projectId: number) => {
    for (const id of ids) store.setProjects(type, id, [...store.projectIdsOf(type, id), projectId]);
  };
  assign('TEST_CASE', voice, 2);
  assign('TEST_CASE', sms, 3);
  assign(
    'TEST_CASE',
    cases.slice(0, 10).map((t) => t.id),
    1,
  );
  assign('TEST_SUITE', [2], 2);
  assign('TEST_SUITE', [3], 3);
  assign(
    'MOBILE_ID',
    devices.slice(0, 8).map((d) => d.id),
    4,
  );
  assign('TEST_NODE', [1, 2, 3], 4);
  assign('TRACE_FILTER', [1, 6], 2);
  assign('API_CLIENT', [2], 3);

  devices.slice(0, 3).forEach((d, i) =>
    store.tokens.insert((id) => ({
      id,
      ownerId: d.ownerId,
      mobileId: d.id,
      fullControl: i === 0,
      token: `demo-device-token-${rnd.hex(24)}`,
      createdAt: iso(2 * day),
      expiresMs: options.now + (i + 1) * 24 * 3_600_000,
    })),
  );
  if (options.scale) seedLab(store, options.scale, options.seed, options.now, ADMIN_USER_ID);
}

function makeTestCase(
  store: Store,
  rnd: Random,
  i: number,
  devices: MobileDevice[],
  ownerId: number,
  created: string,
): TestCase {
  const scenario = SCENARIOS[i % SCENARIOS.length]!;
  const a = devices[i % devices.length]!;
  const b = devices[(i + 7) % devices.length]!;
  const steps = scenario.fns.map((fn, n) => stepFor(fn, n % 2 === 0 ? a : b, b, rnd));
  const traceFilters = [{ mobileDeviceId: a.id, traceFilterId: (i % TRACE_FILTERS.length) + 1 }];
  if (i % 3 === 0) traceFilters.push({ mobileDeviceId: b.id, traceFilterId: ((i + 2) % TRACE_FILTERS.length) + 1 });
  const disabled = i % 13 === 12;
  const tags = i % 19 === 18 ? `${scenario.tags},expect-fail` : scenario.tags;
  return store.testCases.insert((id) => ({
    id,
    ownerId,
    name: `${scenario.title} ${a.ranType} #${String(i + 1).padStart(3, '0')}`,
    description: `${scenario.title} between ${a.name} and ${b.name}.`,
    testStepList: steps,
    tags,
    disableReason: disabled ? 'Device under repair' : '',
    notes: i % 4 === 0 ? 'Check the trace for retransmissions.' : '',
    disabled,
    traceFilters,
    sipTraceFilters: scenario.sip ? [{ mobileDeviceId: a.id, sipMessageCodes: '180,183,200' }] : [],
    // A field the document does not describe, as a newer service might send: round trips keep it.
    extra: i % 5 === 2 ? { retryPolicy: { maxRetries: 1, delaySeconds: 30 } } : {},
    created,
    updated: created,
  }));
}

function stepFor(fn: string, device: MobileDevice, peer: MobileDevice, rnd: Random): Record<string, unknown> {
  const base = { function: fn, mobileDeviceId: device.id };
  switch (fn) {
    case 'CALL':
      return { ...base, params: { target: `+${peer.msisdn}`, durationSeconds: rnd.int(10, 60), codec: 'EVS' } };
    case 'ANSWER_CALL':
      return { ...base, params: { timeoutSeconds: 30 } };
    case 'WAIT':
      return { function: fn, params: { seconds: rnd.int(2, 15) } };
    case 'SEND_SMS':
      return { ...base, params: { target: `+${peer.msisdn}`, text: 'Test message ${executionId}' } };
    case 'RECEIVE_SMS':
      return { ...base, params: { textRegex: '^Test message', timeoutSeconds: 60 } };
    case 'OPEN_URL':
      return { ...base, params: { url: 'https://www.example.com/', expectStatus: 200 } };
    case 'DATA_SESSION':
      return { ...base, params: { apn: 'internet', megabytes: rnd.int(5, 100) } };
    case 'AIRPLANE_MODE':
      return { ...base, params: { enabled: rnd.next() < 0.5 } };
    case 'HTTP_REQUEST':
      return { function: fn, params: { apiClientId: 1, expectBodyRegex: '"status":"OK"' } };
    default:
      return { ...base, params: {} };
  }
}
