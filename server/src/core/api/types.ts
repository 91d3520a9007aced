// Shapes of the interface document. Every record type keeps unknown fields (`[key: string]:
// unknown`) so a record read and written back loses nothing. Fields the document does not show
// are optional and typed loosely: the service may answer otherwise than our emulator.
import type { ProjectEntityType } from '../model/entityKinds';
import type { Loose } from '../base/read';

// The loose object the lenient readers take is every record's base.
export type { Loose };

export interface ProjectRef extends Loose {
  id: number;
  name: string;
}

export interface Page<T> extends Loose {
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  content: T[];
  first: boolean;
  last: boolean;
  numberOfElements?: number;
  empty?: boolean;
  sort?: Loose;
  pageable?: Loose;
}

export interface PageQuery {
  page?: number;
  size?: number;
  /** `field` or `field,asc|desc`; repeatable. */
  sort?: string | string[];
}

export interface Project extends Loose {
  id: number;
  name: string;
}

export interface ProjectCreate {
  name: string;
  entityType: ProjectEntityType;
  entityIds: number[];
}

export interface AssignmentList extends Loose {
  entityType: string;
  /** Keyed by entity id (as a string). */
  assignments: Record<string, ProjectRef[]>;
}

/** A test step: the document shows only that it is an object. */
export type TestStep = Loose;

export interface TraceFilterRef extends Loose {
  mobileDeviceId: number;
  traceFilterId: number;
  /** Response only. */
  mobileDeviceName?: string;
  msisdn?: string;
}

export interface SipTraceFilterRef extends Loose {
  mobileDeviceId: number;
  sipMessageCodes: string;
  mobileDeviceName?: string;
  msisdn?: string;
}

export interface TestCase extends Loose {
  id?: number;
  name: string;
  description?: string;
  testStepList?: TestStep[];
  tags?: string;
  disableReason?: string;
  notes?: string;
  disabled?: boolean;
  traceFilters?: TraceFilterRef[];
  sipTraceFilters?: SipTraceFilterRef[];
  projects?: ProjectRef[];
}

/** An item of the export response: a test case with its devices and API clients. */
export interface ExportedTestCase extends TestCase {
  devices?: MobileDevice[];
  apiClients?: ApiClient[];
}

export interface TestCaseListItem extends Loose {
  id: number;
  name: string;
  description?: string;
  testStepCount?: number;
  deviceList?: string[];
  created?: string;
  updated?: string;
  projects?: ProjectRef[];
}

export interface TestCaseQuery extends PageQuery {
  /** Project filter (`prj`): the service's format is not shown; the emulator takes project IDs. */
  prj?: string | number[];
  filterName?: string;
  filterValue?: string;
}

export interface MobileDevice extends Loose {
  id?: number;
  name?: string;
  msisdn?: string;
  imsi?: string;
  imei?: string;
  ranType?: string;
  testNodeId?: number;
  deviceModelId?: number;
  subscriptionType?: string;
  platformName?: string;
  deviceId?: string;
  nationalFormat?: string;
  internationalFormat?: string;
  iccid?: string;
  eid?: string;
  /** Accepted on update only. */
  ecid?: string;
  testNodeName?: string;
  deviceModelName?: string;
  projects?: ProjectRef[];
}

export interface ApiClient extends Loose {
  id?: number;
  basicAuthViaSecrets?: boolean;
  name?: string;
  apiClientAuthType?: string;
  headerParams?: Record<string, string>;
  authParams?: Record<string, string>;
  serverURL?: string;
  payload?: string;
  httpMethod?: string;
  failureRegexBody?: string;
  username?: string;
  password?: string;
  tokenEndpointForOAuth2?: string;
  oauth2Scopes?: string;
  projects?: ProjectRef[];
}

export interface Schedule extends Loose {
  startTime?: string;
  repeating?: boolean;
  repeatPeriod?: number;
  repeatUnit?: string;
}

interface TestSuiteFields extends Loose {
  name?: string;
  description?: string;
  schedule?: Schedule | null;
  tags?: string;
  notifyFailureThresholdPercentage?: number;
  disabled?: boolean;
  notifEmail?: string;
  failureNotifEmail?: string;
  skipInitialization?: boolean;
}

export interface TestSuiteCreate extends TestSuiteFields {
  name: string;
  testCaseIds?: number[];
  testCaseWeights?: number[];
}

export interface TestSuiteUpdate extends TestSuiteFields {
  testCaseIds?: { id: number; name: string }[];
  projects?: { id: number; name: string }[];
}

/** The record read back: not shown by the document; kept loose. */
export interface TestSuite extends TestSuiteFields {
  id?: number;
}

export interface DirectRun extends Loose {
  executionId: number;
  testCaseId: number;
  source: string;
}

/** An execution record: not shown beyond the direct-run response; kept loose. */
export interface TestExecution extends Loose {
  id?: number;
  status?: string;
}

export interface RangeQuery {
  /** Offset of the first item (our reading; see range.ts). */
  start?: number;
  /** Offset after the last item. */
  end?: number;
  search?: string;
}

export interface TestNode extends Loose {
  id?: number;
  name?: string;
}

export interface TraceFilter extends Loose {
  id?: number;
  name?: string;
  filter?: string;
}

export interface DeviceTokenCreate {
  mobileId: number;
  fullControl: boolean;
  expiryHours: number;
}

export interface User extends Loose {
  id?: number;
  email?: string;
  role?: string;
}

export interface UserCreate {
  email: string;
  role: string;
  tempPassword: string;
}

export interface ActionRequest {
  command: string;
  params?: string;
}
