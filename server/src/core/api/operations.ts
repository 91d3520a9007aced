// Every operation of the interface document, once: method, path, and whether a failed attempt
// may be sent again. `retry: false` marks calls that can start or create something (run,
// execute, rerun, create, import, token for a device): they are never repeated automatically.

export interface Operation {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** True when repeating the call cannot do anything twice. */
  readonly retry: boolean;
}

const read = (path: string): Operation => ({ method: 'GET', path, retry: true });
const create = (path: string): Operation => ({ method: 'POST', path, retry: false });
/** A POST that reads or checks and changes nothing. */
const query = (path: string): Operation => ({ method: 'POST', path, retry: true });
const update = (path: string): Operation => ({ method: 'PUT', path, retry: true });
const remove = (path: string): Operation => ({ method: 'DELETE', path, retry: true });

export const OPERATIONS = {
  requestToken: query('/api/v2/connect/token'),

  getAgentConfig: read('/api/v2/agentconfig'),

  listApiClients: read('/api/v2/apiclients'),
  createApiClient: create('/api/v2/apiclients'),
  getApiClient: read('/api/v2/apiclients/{id}'),
  updateApiClient: update('/api/v2/apiclients/{id}'),
  deleteApiClient: remove('/api/v2/apiclients/{id}'),

  listDeviceModels: read('/api/v2/devicemodels'),
  getFunctionParams: read('/api/v2/functionparams'),

  listMobileDevices: read('/api/v2/mobiledevices'),
  createMobileDevice: create('/api/v2/mobiledevices'),
  getMobileDevice: read('/api/v2/mobiledevices/{id}'),
  updateMobileDevice: update('/api/v2/mobiledevices/{id}'),
  deleteMobileDevice: remove('/api/v2/mobiledevices/{id}'),
  mobileDeviceAction: create('/api/v2/mobiledevices/{id}/action'),
  listMobileDeviceTestCases: read('/api/v2/mobiledevices/{id}/testcases'),
  getMobileDeviceStatus: read('/api/v2/mobiledevices/{id}/status'),

  listProjects: read('/api/v2/projects'),
  createProject: create('/api/v2/projects'),
  getProject: read('/api/v2/projects/{id}'),
  updateProject: update('/api/v2/projects/{id}'),
  deleteProject: remove('/api/v2/projects/{id}'),
  listProjectAssignments: query('/api/v2/projects/listAssignments'),
  // Can create projects (rule 5): never sent twice on its own, though it replaces the sets it names.
  assignProjects: create('/api/v2/projects/assignments'),

  listTestCases: read('/api/v2/testcases'),
  createTestCase: create('/api/v2/testcases'),
  getTestCase: read('/api/v2/testcases/{id}'),
  updateTestCase: update('/api/v2/testcases/{id}'),
  deleteTestCase: remove('/api/v2/testcases/{id}'),
  importTestCases: create('/api/v2/testcases/import'),
  exportTestCases: query('/api/v2/testcases/export'),
  listTestCaseSuites: read('/api/v2/testcases/{id}/testsuites'),
  runTestCase: create('/api/v2/testcases/{id}/run'),

  listTestExecutions: read('/api/v2/testexecutions'),
  getTestExecution: read('/api/v2/testexecutions/{id}'),
  deleteTestExecution: remove('/api/v2/testexecutions/{id}'),
  rerunTestExecution: create('/api/v2/testexecutions/{id}/rerun'),

  listTestNodes: read('/api/v2/testnodes'),
  createTestNode: create('/api/v2/testnodes'),
  getTestNodesInfo: read('/api/v2/testnodes/info'),
  getTestNode: read('/api/v2/testnodes/{id}'),
  updateTestNode: update('/api/v2/testnodes/{id}'),
  testNodeAction: create('/api/v2/testnodes/{id}/action'),
  getTestNodeStatus: read('/api/v2/testnodes/{id}/status'),

  listTestSuites: read('/api/v2/testsuites'),
  createTestSuite: create('/api/v2/testsuites'),
  getTestSuite: read('/api/v2/testsuites/{id}'),
  updateTestSuite: update('/api/v2/testsuites/{id}'),
  deleteTestSuite: remove('/api/v2/testsuites/{id}'),
  executeTestSuite: create('/api/v2/testsuites/{id}/execute'),
  // Cancelling twice cancels nothing more.
  cancelTestSuite: query('/api/v2/testsuites/{id}/cancel'),

  listDeviceTokens: read('/api/v2/tokens'),
  createDeviceToken: create('/api/v2/tokens'),
  validateDeviceToken: query('/api/v2/tokens/validate'),
  deleteDeviceToken: remove('/api/v2/tokens/{id}'),

  listTraceFilters: read('/api/v2/tracefilters'),
  createTraceFilter: create('/api/v2/tracefilters'),
  getTraceFilter: read('/api/v2/tracefilters/{id}'),
  updateTraceFilter: update('/api/v2/tracefilters/{id}'),
  deleteTraceFilter: remove('/api/v2/tracefilters/{id}'),

  listUsers: read('/api/v2/users'),
  createUser: create('/api/v2/users'),
  getCurrentUser: read('/api/v2/users/me'),
  getUser: read('/api/v2/users/{id}'),
  updateUser: update('/api/v2/users/{id}'),
  // Deleting a user twice cannot delete anything more; the second answers 404.
  deleteUser: { method: 'POST', path: '/api/v2/users/{id}/delete', retry: true },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;
