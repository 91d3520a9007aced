import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import { useEmulator } from './harness';

// Projects: the paged listing, CRUD statuses from the Errors table, and rules 1-7 of the document.

const PAGE_FIELDS = [
  'totalElements',
  'totalPages',
  'number',
  'size',
  'content',
  'first',
  'last',
  'numberOfElements',
  'empty',
  'sort',
  'pageable',
];

describe('GET /api/v2/projects', () => {
  const fx = useEmulator();

  test('defaults to page 0, size 20, with every field of the paged result', async () => {
    const res = await fx.admin.get('/api/v2/projects');
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), [...PAGE_FIELDS].sort());
    assert.equal(res.body.number, 0);
    assert.equal(res.body.size, 20);
    assert.equal(res.body.totalElements, 4);
    assert.equal(res.body.totalPages, 1);
    assert.equal(res.body.first, true);
    assert.equal(res.body.last, true);
    assert.equal(res.body.numberOfElements, 4);
    assert.equal(res.body.empty, false);
    assert.deepEqual(res.body.sort, { sorted: false, unsorted: true, empty: true });
    assert.deepEqual(res.body.pageable, {
      sort: { sorted: false, unsorted: true, empty: true },
      offset: 0,
      paged: true,
      unpaged: false,
      pageNumber: 0,
      pageSize: 20,
    });
    for (const p of res.body.content) assert.deepEqual(Object.keys(p).sort(), ['id', 'name']);
  });

  test('page, size and sort select and order the content', async () => {
    const res = await fx.admin.get('/api/v2/projects?page=1&size=3&sort=name,asc');
    assert.equal(res.status, 200);
    assert.equal(res.body.number, 1);
    assert.equal(res.body.size, 3);
    assert.equal(res.body.totalPages, 2);
    assert.equal(res.body.first, false);
    assert.equal(res.body.last, true);
    assert.equal(res.body.numberOfElements, 1);
    assert.equal(res.body.pageable.offset, 3);
    assert.equal(res.body.sort.sorted, true);
    assert.deepEqual(
      res.body.content.map((p: { name: string }) => p.name),
      ['Voice'],
    );
    const desc = await fx.admin.get('/api/v2/projects?sort=name,desc');
    assert.deepEqual(
      desc.body.content.map((p: { name: string }) => p.name),
      ['Voice', 'Messaging', 'Lab infrastructure', 'Core Network'],
    );
  });

  test('a page past the end is empty', async () => {
    const res = await fx.admin.get('/api/v2/projects?page=5');
    assert.equal(res.status, 200);
    assert.equal(res.body.empty, true);
    assert.deepEqual(res.body.content, []);
  });

  test('a malformed page or sort field is a 400', async () => {
    assert.equal((await fx.admin.get('/api/v2/projects?page=abc')).status, 400);
    assert.equal((await fx.admin.get('/api/v2/projects?sort=colour')).status, 400);
  });

  test('without a bearer token it is a 401', async () => {
    assert.equal((await fx.raw.get('/api/v2/projects')).status, 401);
  });
});

describe('project create, read, rename, delete', () => {
  const fx = useEmulator();

  test('POST creates with 201 {id}; GET reads {id, name}', async () => {
    const res = await fx.admin.post('/api/v2/projects', {
      name: 'Roaming',
      entityType: 'TEST_CASE',
      entityIds: [1, 2],
    });
    assert.equal(res.status, 201);
    assert.deepEqual(Object.keys(res.body), ['id']);
    const read = await fx.admin.get(`/api/v2/projects/${res.body.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, { id: res.body.id, name: 'Roaming' });
    const listed = await fx.admin.post('/api/v2/projects/listAssignments', { entityType: 'TEST_CASE', entityIds: [1] });
    assert.ok(listed.body.assignments['1'].some((p: { name: string }) => p.name === 'Roaming'));
  });

  test('a duplicate name is a 409 whose body is {id} of the existing project', async () => {
    const res = await fx.admin.post('/api/v2/projects', { name: 'Voice', entityType: 'TEST_CASE', entityIds: [] });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body, { id: 2 });
  });

  test('a missing name or a wrong entity type is a 400', async () => {
    assert.equal((await fx.admin.post('/api/v2/projects', { entityType: 'TEST_CASE', entityIds: [] })).status, 400);
    assert.equal(
      (await fx.admin.post('/api/v2/projects', { name: 'X', entityType: 'PHONE', entityIds: [1] })).status,
      400,
    );
  });

  test('creating with an unknown entity is a 404', async () => {
    const res = await fx.admin.post('/api/v2/projects', { name: 'Ghosts', entityType: 'MOBILE_ID', entityIds: [9999] });
    assert.equal(res.status, 404);
  });

  test('reading an unknown project is a 404 whose body has the shape of a project', async () => {
    const res = await fx.admin.get('/api/v2/projects/9999');
    assert.equal(res.status, 404);
    assert.deepEqual(Object.keys(res.body).sort(), ['id', 'name']);
  });

  test('PUT renames and returns {id, name}; name is required; unknown is 404', async () => {
    const made = await fx.admin.post('/api/v2/projects', { name: 'Temp', entityType: 'TEST_CASE', entityIds: [] });
    const res = await fx.admin.put(`/api/v2/projects/${made.body.id}`, { name: 'Temporary' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { id: made.body.id, name: 'Temporary' });
    assert.equal((await fx.admin.put(`/api/v2/projects/${made.body.id}`, {})).status, 400);
    const unknown = await fx.admin.put('/api/v2/projects/9999', { name: 'Nobody' });
    assert.equal(unknown.status, 404);
    assert.deepEqual(Object.keys(unknown.body).sort(), ['id', 'name']);
  });

  test('DELETE of an unused project is 200 with no body; then it is gone', async () => {
    const made = await fx.admin.post('/api/v2/projects', {
      name: 'Short-lived',
      entityType: 'TEST_CASE',
      entityIds: [],
    });
    const res = await fx.admin.delete(`/api/v2/projects/${made.body.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.text, '');
    assert.equal((await fx.admin.get(`/api/v2/projects/${made.body.id}`)).status, 404);
    assert.equal((await fx.admin.delete(`/api/v2/projects/${made.body.id}`)).status, 404);
  });

  test('DELETE of a project with assigned entities is a 409', async () => {
    const res = await fx.admin.delete('/api/v2/projects/2');
    assert.equal(res.status, 409);
    assert.equal((await fx.admin.get('/api/v2/projects/2')).status, 200);
  });
});

describe('project assignment rules', () => {
  const fx = useEmulator();
  const list = async (entityType: string, entityIds: number[]) =>
    fx.admin.post('/api/v2/projects/listAssignments', { entityType, entityIds });
  const names = (refs: { name: string }[]) => refs.map((r) => r.name).sort();

  test('rule 1: keys are the requested ids; values are {id, name} arrays; [] means no project', async () => {
    const res = await list('TEST_CASE', [1, 12]);
    assert.equal(res.status, 200);
    assert.equal(res.body.entityType, 'TEST_CASE');
    assert.deepEqual(Object.keys(res.body.assignments).sort(), ['1', '12']);
    for (const ref of res.body.assignments['1']) assert.deepEqual(Object.keys(ref).sort(), ['id', 'name']);
    assert.deepEqual(res.body.assignments['12'], []);
  });

  test('listAssignments with an unknown entity is a 404', async () => {
    assert.equal((await list('TEST_CASE', [1, 99999])).status, 404);
  });

  test('rule 2: assignments replaces the project set; unlisted projects are unassigned', async () => {
    const before = await list('TEST_CASE', [1]);
    assert.deepEqual(names(before.body.assignments['1']), ['Core Network', 'Voice']);
    const res = await fx.admin.post('/api/v2/projects/assignments', {
      entityType: 'TEST_CASE',
      entityIds: [1],
      projectNames: ['Messaging'],
    });
    assert.equal(res.status, 200);
    assert.equal(res.text, '', 'assignments answers 200 with an empty body');
    assert.deepEqual(names((await list('TEST_CASE', [1])).body.assignments['1']), ['Messaging']);
  });

  test('rule 3: empty or omitted projectNames clears every assignment with 200', async () => {
    const empty = await fx.admin.post('/api/v2/projects/assignments', {
      entityType: 'TEST_CASE',
      entityIds: [2],
      projectNames: [],
    });
    assert.equal(empty.status, 200);
    const omitted = await fx.admin.post('/api/v2/projects/assignments', { entityType: 'TEST_CASE', entityIds: [3] });
    assert.equal(omitted.status, 200);
    const res = await list('TEST_CASE', [2, 3]);
    assert.deepEqual(res.body.assignments, { '2': [], '3': [] });
  });

  test('rule 4: every id in entityIds is processed in the same request', async () => {
    await fx.admin.post('/api/v2/projects/assignments', {
      entityType: 'MOBILE_ID',
      entityIds: [10, 11, 12],
      projectNames: ['Voice', 'Core Network'],
    });
    const res = await list('MOBILE_ID', [10, 11, 12]);
    for (const id of ['10', '11', '12']) assert.deepEqual(names(res.body.assignments[id]), ['Core Network', 'Voice']);
  });

  test('rule 5: an unknown name creates that project, without an error', async () => {
    const res = await fx.admin.post('/api/v2/projects/assignments', {
      entityType: 'TRACE_FILTER',
      entityIds: [2],
      projectNames: ['Brand new project'],
    });
    assert.equal(res.status, 200);
    const all = await fx.admin.get('/api/v2/projects?size=100');
    const created = all.body.content.find((p: { name: string }) => p.name === 'Brand new project');
    assert.ok(created, 'the project now exists');
    assert.deepEqual((await list('TRACE_FILTER', [2])).body.assignments['2'], [
      { id: created.id, name: 'Brand new project' },
    ]);
  });

  test('rule 6: the result reads back through the entity projects field', async () => {
    await fx.admin.post('/api/v2/projects/assignments', {
      entityType: 'TEST_CASE',
      entityIds: [4],
      projectNames: ['Voice'],
    });
    const tc = await fx.admin.get('/api/v2/testcases/4');
    assert.equal(tc.status, 200);
    assert.deepEqual(tc.body.projects, [{ id: 2, name: 'Voice' }]);
  });

  test('rule 7: a non-ADMIN user assigning an entity they do not own gets a 401 and nothing changes', async () => {
    // Demo test case 1 belongs to the admin; test case 5 to the tester.
    const before = await list('TEST_CASE', [1, 5]);
    const res = await fx.tester.post('/api/v2/projects/assignments', {
      entityType: 'TEST_CASE',
      entityIds: [5, 1],
      projectNames: ['Voice'],
    });
    assert.equal(res.status, 401);
    assert.deepEqual((await list('TEST_CASE', [1, 5])).body, before.body);
  });

  test('rule 7: a non-ADMIN user may assign entities they own', async () => {
    const res = await fx.tester.post('/api/v2/projects/assignments', {
      entityType: 'TEST_CASE',
      entityIds: [5],
      projectNames: ['Messaging'],
    });
    assert.equal(res.status, 200);
    assert.deepEqual(names((await list('TEST_CASE', [5])).body.assignments['5']), ['Messaging']);
  });

  test('rule 7: an ADMIN may assign entities owned by anyone', async () => {
    const res = await fx.admin.post('/api/v2/projects/assignments', {
      entityType: 'TEST_CASE',
      entityIds: [5],
      projectNames: ['Voice'],
    });
    assert.equal(res.status, 200);
  });

  test('assignments with an unknown entity is a 404 and changes nothing', async () => {
    const before = await list('TEST_CASE', [6]);
    const res = await fx.admin.post('/api/v2/projects/assignments', {
      entityType: 'TEST_CASE',
      entityIds: [6, 99999],
      projectNames: ['Voice'],
    });
    assert.equal(res.status, 404);
    assert.deepEqual((await list('TEST_CASE', [6])).body, before.body);
  });

  test('every entity type can be assigned and listed', async () => {
    for (const entityType of [
      'TEST_NODE',
      'TEST_CASE',
      'TEST_SUITE',
      'MOBILE_ID',
      'API_CLIENT',
      'TRACE_FILTER',
      'TOKEN',
    ]) {
      const res = await fx.admin.post('/api/v2/projects/assignments', {
        entityType,
        entityIds: [1],
        projectNames: ['All types'],
      });
      assert.equal(res.status, 200, entityType);
      assert.deepEqual(names((await list(entityType, [1])).body.assignments['1']), ['All types'], entityType);
    }
  });
});
