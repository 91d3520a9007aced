// The schemas of record documents: one field table per kind of record, as the interface
// document's field tables give them (docs/interface.md, "Resources and their fields"). Each field
// says its type, which operation may send it, the list its id names (for reference checks,
// completion and hover), and whether it is a secret (never a field of a document).

import type { EntityKind, RecordDocumentKind } from '../model/entityKinds';

/** The records that open as editable documents. */
export const RECORD_DOCUMENT_KINDS: readonly RecordDocumentKind[] = [
  'mobileDevice',
  'testNode',
  'apiClient',
  'traceFilter',
  'testSuite',
];

export type FieldType =
  | 'int'
  | 'str'
  | 'bool'
  /** An object whose values are strings. */
  | 'strMap'
  /** An array of {id: int, name: str}. */
  | 'refList'
  /** A suite's schedule: {startTime: str, repeating: bool, repeatPeriod: int, repeatUnit: str}. */
  | 'schedule'
  | 'intList';

/** Which operation's body may carry the field; `never` is response only (shown, read-only). */
export type Sent = 'both' | 'create' | 'update' | 'never';

/** The list an id field names. */
export type RefList = Extract<EntityKind, 'testNode' | 'deviceModel' | 'testCase'>;

export interface FieldSpec {
  name: string;
  type: FieldType;
  sent: Sent;
  /** For `int` fields the id itself; for `refList` fields each item's id. */
  ref?: RefList;
  /** Never shown in a document nor sent from one: the service keeps its value. */
  secret?: true;
  /** One line for hover. */
  about: string;
}

const f = (name: string, type: FieldType, sent: Sent, about: string, more: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  type,
  sent,
  about,
  ...more,
});
const str = (name: string, about: string): FieldSpec => f(name, 'str', 'both', about);
const projects = f(
  'projects',
  'refList',
  'never',
  'The projects the record is assigned to (Assign to Projects... changes them).',
);
const id = f('id', 'int', 'never', 'Assigned by the service.');

const DEVICE: FieldSpec[] = [
  id,
  str('name', 'The device name.'),
  str('msisdn', 'The phone number of the SIM in the device.'),
  str('imsi', 'The subscriber identity of the SIM.'),
  str('imei', 'The equipment identity of the device.'),
  str('ranType', 'The radio access network type.'),
  f('testNodeId', 'int', 'both', 'The test node that hosts the device.', { ref: 'testNode' }),
  f('deviceModelId', 'int', 'both', 'The device model.', { ref: 'deviceModel' }),
  str('subscriptionType', 'The subscription type.'),
  str('platformName', 'The platform name.'),
  str('deviceId', 'The device id.'),
  str('nationalFormat', 'The MSISDN in national format.'),
  str('internationalFormat', 'The MSISDN in international format.'),
  str('iccid', 'The SIM card id.'),
  str('eid', 'The eUICC id.'),
  f('ecid', 'str', 'update', 'Accepted on update only: a new device cannot carry it.'),
  f('testNodeName', 'str', 'never', 'The test node\u2019s name, as the service reports it.'),
  f('deviceModelName', 'str', 'never', 'The device model\u2019s name, as the service reports it.'),
  projects,
];

const API_CLIENT: FieldSpec[] = [
  id,
  f('basicAuthViaSecrets', 'bool', 'both', 'Basic authentication through the service\u2019s secrets.'),
  str('name', 'The API client name, as steps name it.'),
  str('apiClientAuthType', "The authentication type; 'NONE' is allowed."),
  f(
    'headerParams',
    'strMap',
    'both',
    'Request headers, name to value. A value shown as hidden is kept as the service has it.',
  ),
  f('authParams', 'strMap', 'both', 'Authentication parameters: secret, never in a document.', { secret: true }),
  str('serverURL', 'The URL the call goes to.'),
  str('payload', 'The request body.'),
  str('httpMethod', 'The HTTP method.'),
  str('failureRegexBody', 'A response body matching this regular expression fails the step.'),
  str('username', 'The user name for authentication.'),
  f('password', 'str', 'both', 'Secret, never in a document.', { secret: true }),
  str('tokenEndpointForOAuth2', 'The OAuth2 token endpoint.'),
  str('oauth2Scopes', 'The OAuth2 scopes.'),
  projects,
];

const TEST_NODE: FieldSpec[] = [id, str('name', 'The test node name: the only field the interface lets a client set.')];

const TRACE_FILTER: FieldSpec[] = [id, str('name', 'The trace filter name.'), str('filter', 'The filter expression.')];

const TEST_SUITE: FieldSpec[] = [
  id,
  str('name', 'The test suite name.'),
  str('description', 'What the suite is for.'),
  f('testCaseIds', 'refList', 'update', 'The test cases, in order, each {id, name}.', { ref: 'testCase' }),
  f('testCaseWeights', 'intList', 'create', 'Accepted on create only.'),
  f('schedule', 'schedule', 'both', '{startTime, repeating, repeatPeriod, repeatUnit}.'),
  str('tags', 'Tags.'),
  f('notifyFailureThresholdPercentage', 'int', 'both', 'Failure percentage above which a notification is sent.'),
  f('disabled', 'bool', 'both', 'A disabled suite is not scheduled.'),
  str('notifEmail', 'Where notifications go.'),
  str('failureNotifEmail', 'Where failure notifications go.'),
  f('skipInitialization', 'bool', 'both', 'Skip the devices\u2019 initialization.'),
  f('projects', 'refList', 'update', 'The projects, each {id, name}; accepted on update only.'),
];

export const RECORD_FIELDS: Record<RecordDocumentKind, readonly FieldSpec[]> = {
  mobileDevice: DEVICE,
  apiClient: API_CLIENT,
  testNode: TEST_NODE,
  traceFilter: TRACE_FILTER,
  testSuite: TEST_SUITE,
};

export function fieldOf(kind: RecordDocumentKind, name: string): FieldSpec | undefined {
  return RECORD_FIELDS[kind].find((x) => x.name === name);
}

/** Whether the operation's body may carry the field. */
export function sentOn(field: FieldSpec, op: 'create' | 'update'): boolean {
  return !field.secret && (field.sent === 'both' || field.sent === op);
}

/** The kinds a document can create (the interface has a POST for each; suites have their own command). */
export function creatable(kind: RecordDocumentKind): boolean {
  return kind !== 'testSuite';
}
