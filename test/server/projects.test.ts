import { strict as assert } from 'node:assert';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  AssignProjectsRequest,
  CreateProjectRequest,
  CreateTraceFilterRequest,
  DeleteProjectRequest,
  DeleteTraceFilterRequest,
  ListProjectsRequest,
  ListTraceFiltersRequest,
  ProjectAssignmentsRequest,
  ProjectContentsRequest,
  RecordGoneNotification,
  RenameProjectRequest,
  UpdateTraceFilterRequest,
} from '../../server/src/protocol';
import type { Outcome } from '../../server/src/core/model/outcome';
import type { ShownRecord } from '../../server/src/core/model/entities';
import { ADMIN_USER_ID, DEMO_CREDENTIALS, TESTER_USER_ID } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';
import { LspHarness } from './lspHarness';
import { value } from './outcomes';

// Trace filters, projects and the assignment rules 1-7 at the LSP boundary: two servers against
// one emulator, signed in as the demo admin and as the demo tester (no ADMIN role).

function failure<T>(o: Outcome<T>): { kind: string; message: string } {
  if (o.ok) assert.fail(`expected a failure, got ${JSON.stringify(o.value)}`);
  return o.error;
}
const names = (projects: { name: string }[]) => projects.map((p) => p.name).sort();

describe('trace filters, projects and assignments at the LSP boundary', { timeout: 60_000 }, () => {
  let emu: Emulator;
  let admin: LspHarness;
  let tester: LspHarness;
  const calls = (method: string, path: string) => emu.requests.filter((r) => r.method === method && r.path === path);

  before(async () => {
    emu = await startEmulator();
    [admin, tester] = await Promise.all([
      LspHarness.signedIn(emu.url, DEMO_CREDENTIALS.admin),
      LspHarness.signedIn(emu.url, DEMO_CREDENTIALS.tester),
    ]);
  });
  after(async () => {
    await Promise.all([admin.stop(), tester.stop()]);
    await emu.close();
  });
  beforeEach(() => emu.faults.reset());

  describe('trace filters', () => {
    test('lists name and filter of each', async () => {
      const list = value(await admin.connection.sendRequest(ListTraceFiltersRequest));
      assert.ok(list.length >= 6);
      assert.ok(list.every((f) => typeof f.name === 'string' && f.name !== '' && typeof f.filter === 'string'));
      assert.deepEqual(names(list.find((f) => f.id === 1)!.projects), ['Voice']);
    });

    test('create, edit and delete; an empty name or filter is refused before any request', async () => {
      const before = calls('POST', '/api/v2/tracefilters').length;
      const empty = failure(
        await admin.connection.sendRequest(CreateTraceFilterRequest, { name: '  ', filter: 'sip' }),
      );
      assert.match(empty.message, /needs a name/);
      failure(await admin.connection.sendRequest(CreateTraceFilterRequest, { name: 'x', filter: ' ' }));
      assert.equal(calls('POST', '/api/v2/tracefilters').length, before);

      const { id } = value(
        await admin.connection.sendRequest(CreateTraceFilterRequest, {
          name: ' Only INVITE ',
          filter: 'sip.Method == "INVITE"',
        }),
      );
      assert.ok(id);
      let list = value(await admin.connection.sendRequest(ListTraceFiltersRequest));
      assert.deepEqual(
        list.find((f) => f.id === id),
        { id, name: 'Only INVITE', filter: 'sip.Method == "INVITE"', projects: [] },
      );
      value(
        await admin.connection.sendRequest(UpdateTraceFilterRequest, {
          id,
          name: 'INVITE and BYE',
          filter: 'sip.Method in {"INVITE" "BYE"}',
        }),
      );
      list = value(await admin.connection.sendRequest(ListTraceFiltersRequest));
      assert.equal(list.find((f) => f.id === id)?.name, 'INVITE and BYE');
      assert.equal(list.find((f) => f.id === id)?.filter, 'sip.Method in {"INVITE" "BYE"}');

      const taken = failure(
        await admin.connection.sendRequest(UpdateTraceFilterRequest, {
          id,
          name: list.find((f) => f.id !== id)!.name,
          filter: 'x',
        }),
      );
      assert.equal(taken.kind, 'conflict');
      assert.match(taken.message, /another trace filter already has this name/);

      value(await admin.connection.sendRequest(DeleteTraceFilterRequest, { id }));
      assert.ok(!value(await admin.connection.sendRequest(ListTraceFiltersRequest)).some((f) => f.id === id));
      // Gone (deleted again, as by another client): said by the name shown, and every view is told to drop it.
      const told = new Promise<{ record: ShownRecord }>((resolve) =>
        admin.connection.onNotification(RecordGoneNotification, resolve),
      );
      const gone = failure(
        await admin.connection.sendRequest(DeleteTraceFilterRequest, { id, shown: 'INVITE and BYE' }),
      );
      assert.equal(gone.kind, 'notFound');
      assert.equal(gone.message, 'Trace filter "INVITE and BYE" was deleted on the service; it has left the views.');
      assert.deepEqual((await told).record, { kind: 'traceFilter', id, name: 'INVITE and BYE' });
    });

    test("a delete the service refuses (409) says what may hold the filter, with the service's words", async () => {
      const tfId = emu.store.traceFilters.all()[0]!.id;
      emu.faults.rules.push({
        method: 'DELETE',
        path: `/api/v2/tracefilters/${tfId}`,
        action: { kind: 'status', status: 409 },
        times: 1,
      });
      const refused = failure(
        await admin.connection.sendRequest(DeleteTraceFilterRequest, { id: tfId, shown: 'In use' }),
      );
      assert.equal(refused.kind, 'conflict');
      // The document's list items carry no traceFilters, so the words name the kind of holder and where to look.
      assert.match(
        refused.message,
        /^The service refused to delete trace filter "In use": something still uses it, such as a test case whose traceFilters name it \(Delete Trace Filter\.\.\. names the workspace files that do\)\. The service said: /,
      );
      assert.ok(emu.store.traceFilters.get(tfId), 'still there');
    });

    test('a create whose answer is lost is not sent again, and says it may have been created', async () => {
      emu.faults.rules.push({ method: 'POST', path: '/api/v2/tracefilters', action: { kind: 'dropAfter' }, times: 1 });
      const before = calls('POST', '/api/v2/tracefilters').length;
      const lost = failure(
        await admin.connection.sendRequest(CreateTraceFilterRequest, { name: 'Lost answer', filter: 'sip' }),
      );
      assert.equal(lost.kind, 'mayHaveChanged');
      assert.match(lost.message, /may have been created\. Refresh Trace Filters/);
      assert.equal(calls('POST', '/api/v2/tracefilters').length, before + 1);
    });
  });

  describe('projects', () => {
    test('pages through projects', async () => {
      const first = value(await admin.connection.sendRequest(ListProjectsRequest, { page: 0, size: 3 }));
      assert.deepEqual(
        first.items.map((p) => p.name),
        ['Core Network', 'Voice', 'Messaging'],
      );
      assert.equal(first.hasMore, true);
      const second = value(await admin.connection.sendRequest(ListProjectsRequest, { page: 1, size: 3 }));
      assert.ok(second.items.some((p) => p.name === 'Lab infrastructure'));
      assert.equal(first.total, second.total);
    });

    test('shows what a project holds, every kind', async () => {
      const lab = value(await admin.connection.sendRequest(ProjectContentsRequest, { id: 4 }));
      assert.deepEqual(lab.unreadable, []);
      const count = (t: string) => lab.members.filter((m) => m.entityType === t).length;
      assert.equal(count('MOBILE_ID'), 8);
      assert.equal(count('TEST_NODE'), 3);
      assert.equal(count('TEST_CASE'), 0);
      const voice = value(await admin.connection.sendRequest(ProjectContentsRequest, { id: 2 }));
      assert.ok(voice.members.some((m) => m.entityType === 'TEST_SUITE' && m.id === 2 && m.label !== ''));
      assert.deepEqual(
        voice.members
          .filter((m) => m.entityType === 'TRACE_FILTER')
          .map((m) => m.id)
          .sort(),
        [1, 6],
      );
      assert.ok(voice.members.filter((m) => m.entityType === 'TEST_CASE').length > 0);
    });

    test('create empty, rename, a taken name in words, delete', async () => {
      const { id } = value(await admin.connection.sendRequest(CreateProjectRequest, { name: 'Roaming' }));
      assert.deepEqual(value(await admin.connection.sendRequest(ProjectContentsRequest, { id })).members, []);
      const renamed = value(await admin.connection.sendRequest(RenameProjectRequest, { id, name: 'Roaming EU' }));
      assert.deepEqual(renamed, { id, name: 'Roaming EU' });
      const taken = failure(await admin.connection.sendRequest(RenameProjectRequest, { id, name: 'Voice' }));
      assert.equal(taken.kind, 'conflict');
      assert.match(taken.message, /another project already has this name/);
      const dup = failure(await admin.connection.sendRequest(CreateProjectRequest, { name: 'Voice' }));
      assert.match(dup.message, /another project already has this name/);
      value(await admin.connection.sendRequest(DeleteProjectRequest, { id }));
      const all = value(await admin.connection.sendRequest(ListProjectsRequest, { page: 0, size: 100 }));
      assert.ok(!all.items.some((p) => p.id === id));
    });

    test('create with entities of one type', async () => {
      const { id } = value(
        await admin.connection.sendRequest(CreateProjectRequest, {
          name: 'Suites 4 and 5',
          entityType: 'TEST_SUITE',
          entityIds: [4, 5],
        }),
      );
      const held = value(await admin.connection.sendRequest(ProjectContentsRequest, { id }));
      assert.deepEqual(held.members.map((m) => `${m.entityType} ${m.id}`).sort(), ['TEST_SUITE 4', 'TEST_SUITE 5']);
    });

    test('deleting a project that still holds records says why and what to do', async () => {
      const refused = failure(await admin.connection.sendRequest(DeleteProjectRequest, { id: 3, shown: 'Shown name' }));
      assert.equal(refused.kind, 'conflict');
      // It names the project as shown and what holds it, as the service lists them.
      const held = value(await admin.connection.sendRequest(ProjectContentsRequest, { id: 3 })).members;
      assert.ok(held.length > 0);
      assert.match(refused.message, /^The service refused to delete project "Shown name": /);
      assert.ok(refused.message.includes(`"${held[0]!.label}"`), `names a record it holds: ${refused.message}`);
      assert.match(
        refused.message,
        /still assigned to it\. Remove (it|them) with Assign to Projects\.\.\., then delete the project\./,
      );
      assert.doesNotMatch(refused.message, /HTTP|409|\/api\//);
    });
  });

  describe("assignments (the document's rules)", () => {
    test('rule 1: current projects per entity, [] for none, with every project for the picker', async () => {
      const r = value(
        await admin.connection.sendRequest(ProjectAssignmentsRequest, { entityType: 'TEST_SUITE', ids: [2, 1] }),
      );
      assert.deepEqual(
        r.entities.map((e) => [e.id, names(e.projects)]),
        [
          [2, ['Voice']],
          [1, []],
        ],
      );
      assert.ok(
        ['Core Network', 'Voice', 'Messaging', 'Lab infrastructure'].every((n) => r.projects.some((p) => p.name === n)),
      );
    });

    test('rules 2, 4, 5, 6: one request replaces every set, a new name creates a project, the result is read back', async () => {
      const posts = calls('POST', '/api/v2/projects/assignments').length;
      const r = value(
        await admin.connection.sendRequest(AssignProjectsRequest, {
          entityType: 'TEST_SUITE',
          ids: [2, 6],
          projectNames: ['Messaging', ' Brand new ', 'Messaging'],
        }),
      );
      assert.equal(calls('POST', '/api/v2/projects/assignments').length, posts + 1);
      assert.deepEqual(
        r.entities.map((e) => [e.id, names(e.projects)]),
        [
          [2, ['Brand new', 'Messaging']],
          [6, ['Brand new', 'Messaging']],
        ],
      );
      // Read back after the 200 (rule 6): a listAssignments follows the assignment.
      const last = emu.requests
        .filter((q) => q.path.startsWith('/api/v2/projects/'))
        .slice(-2)
        .map((q) => q.path);
      assert.deepEqual(last, ['/api/v2/projects/assignments', '/api/v2/projects/listAssignments']);
    });

    test('rule 3: an empty choice clears every set', async () => {
      value(
        await admin.connection.sendRequest(AssignProjectsRequest, {
          entityType: 'TEST_SUITE',
          ids: [3],
          projectNames: ['Messaging'],
        }),
      );
      const r = value(
        await admin.connection.sendRequest(AssignProjectsRequest, {
          entityType: 'TEST_SUITE',
          ids: [2, 3],
          projectNames: [],
        }),
      );
      assert.deepEqual(r.entities, [
        { id: 2, projects: [] },
        { id: 3, projects: [] },
      ]);
    });

    test('never retried: a failed or lost assignment is sent once and said', async () => {
      const posts = () => calls('POST', '/api/v2/projects/assignments').length;
      let before = posts();
      emu.faults.rules.push({
        method: 'POST',
        path: '/api/v2/projects/assignments',
        action: { kind: 'status', status: 503 },
        times: 1,
      });
      const failed = failure(
        await admin.connection.sendRequest(AssignProjectsRequest, {
          entityType: 'TEST_SUITE',
          ids: [1],
          projectNames: ['Voice'],
        }),
      );
      assert.equal(failed.kind, 'unavailable');
      assert.equal(posts(), before + 1);

      before = posts();
      emu.faults.rules.push({
        method: 'POST',
        path: '/api/v2/projects/assignments',
        action: { kind: 'dropAfter' },
        times: 1,
      });
      const lost = failure(
        await admin.connection.sendRequest(AssignProjectsRequest, {
          entityType: 'TEST_SUITE',
          ids: [1],
          projectNames: ['Voice'],
        }),
      );
      assert.equal(lost.kind, 'mayHaveChanged');
      assert.match(lost.message, /may have been made/);
      assert.equal(posts(), before + 1);
    });

    test('rule 7: the tester may assign what they own, and is told in words when they do not', async () => {
      const filters = [...emu.store.traceFilters.all()];
      const own = filters.find((f) => f.ownerId === TESTER_USER_ID)!;
      const foreign = filters.find((f) => f.ownerId === ADMIN_USER_ID)!;
      const mine = value(
        await tester.connection.sendRequest(AssignProjectsRequest, {
          entityType: 'TRACE_FILTER',
          ids: [own.id],
          projectNames: ['Tester project'],
        }),
      );
      assert.deepEqual(names(mine.entities[0]!.projects), ['Tester project']);

      const before = value(
        await admin.connection.sendRequest(ProjectAssignmentsRequest, {
          entityType: 'TRACE_FILTER',
          ids: [foreign.id],
        }),
      ).entities;
      const refused = failure(
        await tester.connection.sendRequest(AssignProjectsRequest, {
          entityType: 'TRACE_FILTER',
          ids: [own.id, foreign.id],
          projectNames: ['Voice'],
        }),
      );
      assert.equal(refused.kind, 'notOwner');
      assert.match(refused.message, /without the ADMIN role you can assign only records you created/);
      assert.doesNotMatch(refused.message, /401|HTTP|\/api\/|credentials/);
      const after = value(
        await admin.connection.sendRequest(ProjectAssignmentsRequest, {
          entityType: 'TRACE_FILTER',
          ids: [foreign.id],
        }),
      ).entities;
      assert.deepEqual(after, before);

      // The admin may assign anybody's records.
      value(
        await admin.connection.sendRequest(AssignProjectsRequest, {
          entityType: 'TRACE_FILTER',
          ids: [foreign.id],
          projectNames: names(before[0]!.projects),
        }),
      );
    });
  });

  test('signed out: every request says how to sign in', async () => {
    const h = await LspHarness.start({}, { environmentFromClient: true });
    try {
      const r = failure(await h.connection.sendRequest(ListProjectsRequest, { page: 0 }));
      assert.equal(r.kind, 'signedOut');
      assert.equal(failure(await h.connection.sendRequest(ListTraceFiltersRequest)).kind, 'signedOut');
    } finally {
      await h.stop();
    }
  });
});
