import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  actionsOn,
  counted,
  createTextDocument,
  DiagnosticSeverity,
  metaOf,
  type Position,
  recordFieldPosition,
  ENTITY_KIND_WORDS,
  type RecordDocumentKind,
  validation,
  withoutBom,
  writeAtomic,
} from '../../../server/src/core';
import { flag, type CommandSpec } from '../command';
import { caseDiff, diffLimit } from '../conflictDiff';
import { CliError, Exit, UsageError } from '../exitCodes';
import { displayPath } from '../files';

// `tas get KIND ID` prints a record as the editor's record document holds it; `tas apply FILE`
// saves such a document: the same checks, the same body per operation, the same conflict rule
// (someone else changed the record since the file was read: a diff and exit code 5, unless
// --force). Problems are said at their place (file:line:col). The file is then rewritten with
// what the service kept, so the next apply compares against it.

const KINDS: Record<string, RecordDocumentKind> = {
  device: 'mobileDevice',
  mobiledevice: 'mobileDevice',
  node: 'testNode',
  testnode: 'testNode',
  apiclient: 'apiClient',
  tracefilter: 'traceFilter',
  suite: 'testSuite',
  testsuite: 'testSuite',
};

export const get: CommandSpec = {
  name: 'get',
  summary: 'Print a device, test node, API client, trace filter or suite as a record document.',
  action: 'read the record',
  usage: 'tas get <device|node|apiclient|tracefilter|suite> <id>',
  description: [
    'Prints the record as the editor\'s record document holds it: a "$record" member saying what it is,',
    'where it was read and at which revision, then its fields. Secrets are left out. Edit it and',
    'save it with tas apply.',
  ].join('\n'),
  options: {},
  optionHelp: {},
  positionals: { min: 2, max: 2 },
  complete: { positionals: ['device', 'node', 'apiclient', 'tracefilter', 'suite'] },
  async run(ctx, _values, [kindArg = '', idArg = '']) {
    const kind = KINDS[kindArg.toLowerCase().replace(/[-_]/g, '')];
    if (!kind)
      throw new UsageError(`the kind must be device, node, apiclient, tracefilter or suite, not "${kindArg}".`);
    const id = Number(idArg);
    if (!Number.isSafeInteger(id) || id < 0) throw new UsageError(`the id must be a whole number, not "${idArg}".`);
    const text = await actionsOn(ctx.client, { words: ctx.words }).records.read(
      kind,
      id,
      ctx.source.environment.baseUrl,
    );
    ctx.out.out(text.trimEnd());
    return Exit.ok;
  },
};

export const apply: CommandSpec = {
  name: 'apply',
  summary: 'Create or update a record from a record document (tas get prints one).',
  action: 'save the record',
  usage: 'tas apply <file> [--force]',
  description: [
    'Updates the record the file names in "$record" when its own "id" names the same one; creates a',
    'record when neither names one (sent once, never retried). A copy whose "id" was removed or',
    'differs is refused and nothing is sent: the message says how to create a new record from it.',
    'Sends only the fields the interface allows for the operation. When someone else',
    'changed the record since the file was read, the difference is shown and nothing is sent',
    '(exit code 5); --force sends the file anyway. The file is rewritten with what the service kept.',
  ].join('\n'),
  options: { force: { type: 'boolean' } },
  optionHelp: { force: ['', "overwrite someone else's change, or save a file read from another service"] },
  positionals: { min: 1, max: 1 },
  complete: { positionals: 'files' },
  async run(ctx, values, [fileArg = '']) {
    const path = resolve(ctx.cwd, fileArg);
    const shown = displayPath(path, ctx.cwd);
    let text: string;
    try {
      text = withoutBom(readFileSync(path, 'utf8')).text;
    } catch (e) {
      throw new UsageError(`cannot read ${shown}: ${e instanceof Error ? e.message : String(e)}`);
    }
    // Each problem at its place (file:line:col), as tas validate and compilers say it.
    const doc = createTextDocument(pathToFileURL(path).href, text);
    const at = (p: Position) => `${shown}:${p.line + 1}:${p.character + 1}`;
    const errors = (await validation.recordDocument(doc)).filter((d) => d.severity === DiagnosticSeverity.Error);
    if (errors.length > 0) {
      for (const d of errors) ctx.out.err(`${at(d.range.start)}: error ${String(d.code ?? '')} ${d.message}`);
      throw new CliError(`${shown}: ${counted(errors.length, 'problem')}; nothing was sent.`, Exit.failed);
    }
    const force = flag(values['force']);
    const r = await actionsOn(ctx.client, { words: ctx.words }).records.save(text, {
      service: ctx.source.environment.baseUrl,
      force,
    });
    if (r.status === 'conflict') {
      const diff = caseDiff(text, r.current, shown, 'service', diffLimit(ctx));
      for (const line of diff?.lines ?? []) ctx.out.err(line);
      if (diff && diff.total > diff.lines.length) ctx.out.err(`... ${diff.total - diff.lines.length} more lines`);
      throw new CliError(
        `${r.message} Run tas get again and apply your change to it, or pass --force to overwrite theirs.`,
        Exit.conflict,
      );
    }
    // Sent and refused by the service: 7; refused before sending (the file's own problem): 1.
    if (r.status === 'refused')
      throw new CliError(`${at(recordFieldPosition(doc, r.field))}: ${r.message}`, r.sent ? Exit.refused : Exit.failed);
    await writeAtomic(path, r.text);
    const meta = metaOf(JSON.parse(text));
    const kind = meta ? ENTITY_KIND_WORDS[meta.kind] : 'record';
    ctx.out.out(`${r.created ? 'Created' : 'Saved'} ${kind} ${r.id}; ${shown} now holds what the service kept.`);
    return Exit.ok;
  },
};
