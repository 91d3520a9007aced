import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { validateSchema } from '../../server/src/core/validation/schemaValidation';

// The schema step's places: the generated validators write an error's place as a chain of
// segments (scripts/schemaValidators.mjs), and each finding's path must name the node exactly,
// whatever its keys hold.

const paths = (kind: 'testCase' | 'bundle', value: unknown) => validateSchema(kind, value).findings.map((f) => f.path);

describe('validateSchema places', () => {
  test('name items by number and keys as the object spells them, "/" and "~" included', () => {
    const client = { name: 'c', headerParams: { 'a/b~c': 1, '0': 2, é: 3 } };
    assert.deepEqual(paths('bundle', [{ name: 'x', apiClients: [{ name: 'ok' }, client] }]), [
      // an index-like key comes first in an object's key order
      [0, 'apiClients', 1, 'headerParams', '0'],
      [0, 'apiClients', 1, 'headerParams', 'a/b~c'],
      [0, 'apiClients', 1, 'headerParams', 'é'],
    ]);
    assert.deepEqual(paths('testCase', { name: 'x', testStepList: [{}, { params: { apiClientId: 'a' } }], 'a/b': 1 }), [
      ['a/b'],
      ['testStepList', 1, 'params', 'apiClientId'],
    ]);
    assert.deepEqual(paths('testCase', 1), [[]]);
  });

  test('keep one complaint per node, keyword and detail, and tell nodes apart by their whole path', () => {
    const steps = [{ mobileDeviceId: 'a' }, { mobileDeviceId: 'a' }];
    assert.deepEqual(paths('testCase', { name: 'x', testStepList: steps, traceFilters: [{ mobileDeviceId: 'a' }] }), [
      ['testStepList', 0, 'mobileDeviceId'],
      ['testStepList', 1, 'mobileDeviceId'],
      ['traceFilters', 0],
      ['traceFilters', 0, 'mobileDeviceId'],
    ]);
  });
});

describe('the validators generator (scripts/schemaValidators.mjs)', () => {
  const script = resolve(__dirname, '../../../scripts/schemaValidators.mjs');
  const rewrite = (code: string) => {
    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { withPathChains } from ${JSON.stringify(script)}; process.stdout.write(withPathChains(${JSON.stringify(code)}));`,
      ],
      { encoding: 'utf8' },
    );
    return { out: run.stdout, err: run.stderr };
  };

  test('turns ajv pointer texts into chains, unescaping literal keys', () => {
    const code =
      'const e = {instancePath:instancePath+"/a~1b/" + i0+"/c~0",schemaPath:"#/x"}; f(d, {instancePath:instancePath+"/h/" + key0.replace(/~/g, "~0").replace(/\\//g, "~1"),parentData:d});';
    assert.equal(
      rewrite(code).out,
      'const e = {instancePath:[instancePath,"a/b",i0,"c~"],schemaPath:"#/x"}; f(d, {instancePath:[instancePath,"h",key0],parentData:d});',
    );
  });

  test('says whether a complaint can repeat: only where a node is checked by two subschemas', () => {
    const ask = (schemas: unknown[]) => {
      const run = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { errorsCanRepeat } from ${JSON.stringify(script)}; process.stdout.write(String(errorsCanRepeat(${JSON.stringify(schemas)})));`,
        ],
        { encoding: 'utf8' },
      );
      return run.stdout;
    };
    assert.equal(
      ask([
        {
          type: 'object',
          properties: { a: { $ref: '#/$defs/a', description: 'd' } },
          $defs: { a: { type: 'integer' } },
        },
      ]),
      'false',
    );
    assert.equal(ask([{ properties: { a: { allOf: [{ type: 'integer' }, { minimum: 1 }] } } }]), 'true');
    assert.equal(ask([{ properties: { a: { $ref: '#/$defs/a', type: 'integer' } } }]), 'true', 'a $ref beside a check');
    assert.equal(ask([{}, { patternProperties: { '^x': {} } }]), 'true');
  });

  test('stops on a form of instancePath it does not know, rather than let a wrong place through', () => {
    const { out, err } = rewrite('const e = {instancePath:instancePath+"/" + n,schemaPath:"#/x"};');
    assert.equal(out, '');
    assert.match(err, /unexpected instancePath piece/);
    assert.match(
      rewrite('const e = {instancePath:instancePath.slice(1),schemaPath:"#/x"};').err,
      /instancePath the chain rewrite does not know/,
    );
  });
});
