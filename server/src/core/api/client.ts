import { ApiClientsApi, CatalogApi, TraceFiltersApi, UsersApi } from './resources/admin';
import { DeviceTokensApi, MobileDevicesApi, TestNodesApi } from './resources/devices';
import { TestExecutionsApi, TestSuitesApi } from './resources/executions';
import { ProjectsApi } from './resources/projects';
import { TestCasesApi } from './resources/testCases';
import { ApiSession, type Environment, type SessionOptions } from './session';

/**
 * The typed client of the whole Test Automation Service interface. It imports nothing from
 * `vscode`: the language server and the CLI host it alike.
 */
export class TasClient {
  readonly session: ApiSession;
  readonly projects: ProjectsApi;
  readonly testCases: TestCasesApi;
  readonly testSuites: TestSuitesApi;
  readonly executions: TestExecutionsApi;
  readonly devices: MobileDevicesApi;
  readonly testNodes: TestNodesApi;
  readonly deviceTokens: DeviceTokensApi;
  readonly traceFilters: TraceFiltersApi;
  readonly apiClients: ApiClientsApi;
  readonly users: UsersApi;
  readonly catalog: CatalogApi;

  constructor(environment: Environment, options: SessionOptions = {}) {
    const s = new ApiSession(environment, options);
    this.session = s;
    this.projects = new ProjectsApi(s);
    this.testCases = new TestCasesApi(s);
    this.testSuites = new TestSuitesApi(s);
    this.executions = new TestExecutionsApi(s);
    this.devices = new MobileDevicesApi(s);
    this.testNodes = new TestNodesApi(s);
    this.deviceTokens = new DeviceTokensApi(s);
    this.traceFilters = new TraceFiltersApi(s);
    this.apiClients = new ApiClientsApi(s);
    this.users = new UsersApi(s);
    this.catalog = new CatalogApi(s);
  }

  close(): Promise<void> {
    return this.session.close();
  }
}
