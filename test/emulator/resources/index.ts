import type { Router } from '../router';
import { registerAuth } from './auth';
import { registerProjects } from './projects';
import { registerTestCases } from './testCases';
import { registerTestSuites } from './testSuites';
import { registerExecutions } from './executions';
import { registerDevices } from './devices';
import { registerTestNodes } from './testNodes';
import { registerTraceFilters } from './traceFilters';
import { registerApiClients } from './apiClients';
import { registerTokens } from './tokens';
import { registerUsers } from './users';
import { registerCatalog } from './catalog';

/** Every /api/v2 endpoint of the interface document. Literal paths before `{id}` paths. */
export function registerApi(r: Router): void {
  registerAuth(r);
  registerProjects(r);
  registerTestCases(r);
  registerTestSuites(r);
  registerExecutions(r);
  registerDevices(r);
  registerTestNodes(r);
  registerTraceFilters(r);
  registerApiClients(r);
  registerTokens(r);
  registerUsers(r);
  registerCatalog(r);
}
