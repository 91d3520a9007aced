import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';

// The `tas validate` benchmark's baseline, run as its own process like tas: ajv alone validates
// every *.testcase.json under a folder against the test-case schema (no positions, no local
// rules) and prints how many were invalid. Usage: node ajvBaseline.js <folder> <schema file>

const [dir, schemaFile] = process.argv.slice(2);
if (!dir || !schemaFile) throw new Error('usage: ajvBaseline <folder> <schema file>');
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync(schemaFile, 'utf8')) as object,
);
let invalid = 0;
const walk = (d: string): void => {
  for (const e of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith('.testcase.json') && !validate(JSON.parse(readFileSync(p, 'utf8')))) invalid += 1;
  }
};
walk(dir);
process.stdout.write(`${invalid}\n`);
