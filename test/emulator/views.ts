import type { ApiClient, MobileDevice, TestCase } from './model';
import type { Store } from './store';

// How records look on the wire. Shared by the endpoints that read them and by export.

/** A mobile device record: every field of the document, names of its node and model, projects. */
export function deviceView(store: Store, d: MobileDevice): Record<string, unknown> {
  return {
    id: d.id,
    name: d.name,
    msisdn: d.msisdn,
    imsi: d.imsi,
    imei: d.imei,
    ranType: d.ranType,
    testNodeId: d.testNodeId,
    deviceModelId: d.deviceModelId,
    subscriptionType: d.subscriptionType,
    platformName: d.platformName,
    deviceId: d.deviceId,
    nationalFormat: d.nationalFormat,
    internationalFormat: d.internationalFormat,
    iccid: d.iccid,
    eid: d.eid,
    ecid: d.ecid,
    testNodeName: store.testNodes.get(d.testNodeId)?.name ?? null,
    deviceModelName: store.deviceModels.get(d.deviceModelId)?.name ?? null,
    projects: store.projectRefs('MOBILE_ID', d.id),
  };
}

/** An API client record; the password is never sent back (DECISIONS.md, "Secrets"). */
export function apiClientView(store: Store, a: ApiClient): Record<string, unknown> {
  return {
    id: a.id,
    basicAuthViaSecrets: a.basicAuthViaSecrets,
    name: a.name,
    apiClientAuthType: a.apiClientAuthType,
    headerParams: a.headerParams,
    authParams: a.authParams,
    serverURL: a.serverURL,
    payload: a.payload,
    httpMethod: a.httpMethod,
    failureRegexBody: a.failureRegexBody,
    username: a.username,
    tokenEndpointForOAuth2: a.tokenEndpointForOAuth2,
    oauth2Scopes: a.oauth2Scopes,
    projects: store.projectRefs('API_CLIENT', a.id),
  };
}

/** GET /testcases/{id}: trace filter items gain mobileDeviceName and msisdn; projects listed. */
export function testCaseView(store: Store, t: TestCase): Record<string, unknown> {
  const device = (id: number) => store.devices.get(id);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    testStepList: t.testStepList,
    tags: t.tags,
    disableReason: t.disableReason,
    notes: t.notes,
    disabled: t.disabled,
    traceFilters: t.traceFilters.map((f) => ({
      mobileDeviceId: f.mobileDeviceId,
      traceFilterId: f.traceFilterId,
      mobileDeviceName: device(f.mobileDeviceId)?.name ?? null,
      msisdn: device(f.mobileDeviceId)?.msisdn ?? null,
    })),
    sipTraceFilters: t.sipTraceFilters.map((f) => ({
      mobileDeviceId: f.mobileDeviceId,
      sipMessageCodes: f.sipMessageCodes,
      mobileDeviceName: device(f.mobileDeviceId)?.name ?? null,
      msisdn: device(f.mobileDeviceId)?.msisdn ?? null,
    })),
    ...t.extra,
    projects: store.projectRefs('TEST_CASE', t.id),
  };
}

/** Device ids a test case refers to: trace filter items and steps with a mobileDeviceId. */
export function referencedDeviceIds(t: TestCase): number[] {
  const ids = new Set<number>();
  for (const f of t.traceFilters) ids.add(f.mobileDeviceId);
  for (const f of t.sipTraceFilters) ids.add(f.mobileDeviceId);
  for (const s of t.testStepList) if (Number.isInteger(s['mobileDeviceId'])) ids.add(s['mobileDeviceId'] as number);
  return [...ids].sort((a, b) => a - b);
}

/** API client ids a test case refers to: steps whose params carry an apiClientId. */
export function referencedApiClientIds(t: TestCase): number[] {
  const ids = new Set<number>();
  for (const s of t.testStepList) {
    const params = s['params'] as Record<string, unknown> | undefined;
    if (params && Number.isInteger(params['apiClientId'])) ids.add(params['apiClientId'] as number);
  }
  return [...ids].sort((a, b) => a - b);
}
