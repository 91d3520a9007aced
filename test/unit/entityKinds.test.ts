import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import {
  kindOfProjectEntity,
  kindOfStatusTarget,
  PROJECT_ENTITY_TYPES,
  referenceKindOfSync,
  REMOTE_VIEW_KINDS,
  SYNC_REFERENCE_KINDS,
  syncReferenceKind,
} from '../../server/src/core/model/entityKinds';
import { parseRemoteUri, remoteUri } from '../../server/src/core/model/files';

// One type for the service's kinds of record; the spellings of the wire map to it and back.

test('each spelling of the wire maps to one kind and back', () => {
  assert.deepEqual(SYNC_REFERENCE_KINDS.map(referenceKindOfSync), ['mobileDevice', 'apiClient', 'traceFilter']);
  for (const k of SYNC_REFERENCE_KINDS) assert.equal(syncReferenceKind(referenceKindOfSync(k)), k);
  const members = PROJECT_ENTITY_TYPES.map(kindOfProjectEntity);
  assert.equal(new Set(members).size, PROJECT_ENTITY_TYPES.length, 'no two entity types name one kind');
  assert.equal(kindOfProjectEntity('MOBILE_ID'), 'mobileDevice');
  assert.equal(kindOfProjectEntity('TOKEN'), 'deviceToken');
  assert.deepEqual([kindOfStatusTarget('device'), kindOfStatusTarget('node')], ['mobileDevice', 'testNode']);
});

test('a remote view address reads back for every kind it shows, and for no other', () => {
  for (const kind of REMOTE_VIEW_KINDS) assert.deepEqual(parseRemoteUri(remoteUri(kind, 7)), { kind, id: 7 });
  assert.equal(parseRemoteUri('tas-remote:/execution/7.json'), undefined);
  assert.equal(parseRemoteUri('tas-remote:/mobileDevice/x.json'), undefined);
});
