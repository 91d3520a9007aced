import type { TasClient } from '../api/client';
import { WordedFailure } from '../failures/classify';
import { describeFailure, type HostWords } from '../failures/failures';
import { summarizeExecution } from '../executions/state';
import type { ExecutionFollow } from '../executions/follow';
import type { ExecutionSummary } from '../model/executions';
import type {
  FileSyncStatus,
  ImportItemResult,
  LocalCaseRef,
  RunChoice,
  RunTestCaseResult,
  SyncDecision,
} from '../model/sync';

// Run one test case: by id, or by a local file whose link and change state come from sync.
// The run call is never repeated: a lost answer is "may have started" (failures.ts).

/** What a run needs from sync: one file's state, and importing one file. */
export interface RunSync {
  status(ref: LocalCaseRef): Promise<FileSyncStatus>;
  importOne(ref: LocalCaseRef, decision?: SyncDecision): Promise<ImportItemResult>;
}

export interface RunParams {
  id?: number;
  /** With `id`: the test case's name as the view showed it. */
  shown?: string;
  uri?: string;
  index?: number;
  dirty?: boolean;
  choice?: RunChoice;
}

/** A failure already in the user's words, from one step of a run. */
export class RunFailure extends WordedFailure {}

/** Words for the service's 409 on a run; its own reason follows ("The service said: ..."). */
const CANNOT_START =
  'it cannot be started now (it may be disabled, have no test steps, or use a mobile device that does not exist).';

export class RunActions {
  constructor(
    private readonly client: TasClient,
    private readonly sync: RunSync | undefined,
    private readonly extraFinal: () => readonly string[],
    /** The host's next steps in failures worded here. */
    private readonly words: HostWords,
    private readonly follower?: Pick<ExecutionFollow, 'follow'>,
  ) {}

  async run(p: RunParams): Promise<RunTestCaseResult> {
    if (p.id !== undefined) return this.runId(p.id, p.shown);
    if (p.uri === undefined)
      throw new RunFailure({
        kind: 'invalidRequest',
        message: 'Nothing to run: give a test case or a test-case file.',
      });
    return this.runFile({ uri: p.uri, ...(p.index !== undefined && { index: p.index }) }, p.dirty === true, p.choice);
  }

  /** POST /testcases/{id}/run once, then the execution is read and followed. */
  async runId(id: number, name?: string): Promise<RunTestCaseResult> {
    const what = name !== undefined ? `run test case "${name}" (id ${id})` : `run test case ${id}`;
    let answer;
    try {
      answer = await this.client.testCases.run(id);
    } catch (err) {
      const record = { kind: 'testCase' as const, id, ...(name !== undefined && { name }) };
      throw new RunFailure(
        describeFailure(err, { action: what, starts: true, conflict: CANNOT_START, record }, this.words),
      );
    }
    const executionId = answer.executionId;
    const testCaseId = typeof answer.testCaseId === 'number' ? answer.testCaseId : id;
    // A failed read only means the follower's first poll tells the state instead.
    const record = await this.client.executions.get(executionId).catch(() => undefined);
    const execution: ExecutionSummary = summarizeExecution(record, this.extraFinal()) ?? {
      id: executionId,
      status: 'QUEUED',
      kind: 'queued',
      final: false,
      testCaseId,
      ...(name !== undefined && { testCaseName: name }),
      ...(typeof answer.source === 'string' && { source: answer.source }),
    };
    this.follower?.follow([executionId], [execution]);
    return { kind: 'started', testCaseId, execution };
  }

  private async runFile(ref: LocalCaseRef, dirty: boolean, choice: RunChoice | undefined): Promise<RunTestCaseResult> {
    const sync = this.requireSync();
    const file = fileLabel(ref);
    if (choice === 'importAndRun' || choice === 'importNew') {
      const imported = await this.importForRun(sync, ref, choice === 'importAndRun' ? 'overwriteService' : undefined);
      return this.runId(imported.id, imported.name);
    }
    let status: FileSyncStatus;
    try {
      status = await sync.status(ref);
    } catch (err) {
      throw new RunFailure(describeFailure(err, { action: `compare ${file} with the service` }, this.words));
    }
    const label = status.name !== undefined ? `"${status.name}"` : file;
    if (choice === 'runServiceVersion') {
      if (status.id === undefined)
        throw new RunFailure({
          kind: 'notLinked',
          message: `${label} is not on the service yet: import it to run it.`,
        });
      return this.runId(status.id, status.name);
    }
    const check = runCheck(status, dirty, file);
    if (check.kind === 'unknown') throw new RunFailure({ kind: 'unknown', message: check.message });
    if (check.kind === 'needsChoice') return check;
    return this.runId(check.id, check.name);
  }

  /** Imports the file; anything but a test case to run is a failure in words, and nothing runs. */
  private async importForRun(
    sync: RunSync,
    ref: LocalCaseRef,
    decision: SyncDecision | undefined,
  ): Promise<{ id: number; name?: string }> {
    const file = fileLabel(ref);
    let r: ImportItemResult;
    try {
      r = await sync.importOne(ref, decision);
    } catch (err) {
      throw new RunFailure(describeFailure(err, { action: `import ${file} before running it` }, this.words));
    }
    const label = r.name !== undefined ? `"${r.name}"` : file;
    const why = r.message !== undefined ? ` ${r.message}` : '';
    switch (r.outcome) {
      case 'created':
      case 'updated':
      case 'unchanged':
        if (r.id !== undefined) return { id: r.id, ...(r.name !== undefined && { name: r.name }) };
        throw new RunFailure({
          kind: 'importFailed',
          message: `Imported ${label}, but the service did not say which test case it is; nothing was run.`,
        });
      case 'nameTaken':
        throw new RunFailure({
          kind: 'nameTaken',
          message: `Not run: another test case on the service${r.takenById !== undefined ? ` (id ${r.takenById})` : ''} already has the name of ${label}. Rename it, or link it with Import to Service.${why}`,
        });
      case 'conflict':
      case 'serviceChanged':
        throw new RunFailure({
          kind: r.outcome,
          message: `Not run: ${label} and the service's version differ; choose "Import and run" to overwrite the service.${why}`,
        });
      default:
        throw new RunFailure({
          kind: 'importFailed',
          message: `Not run: ${label} could not be imported.${why || ' Check the file and try Import to Service.'}`,
        });
    }
  }

  private requireSync(): RunSync {
    if (!this.sync)
      throw new RunFailure({
        kind: 'internal',
        message:
          'Running a file needs its link to the service, which this server cannot read yet. Run the test case from the Test Suites view.',
      });
    return this.sync;
  }
}

/** A file as users name it: its last path segment, and the case's position in a bundle. */
export function fileLabel(ref: LocalCaseRef): string {
  const name = decodeURIComponent(
    ref.uri
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ?? ref.uri,
  );
  return ref.index !== undefined ? `test case ${ref.index + 1} of ${name}` : name;
}

type NeedsChoice = Extract<RunTestCaseResult, { kind: 'needsChoice' }>;

/** What a local case's sync state says about running it as it is. */
export type RunCheck = { kind: 'run'; id: number; name?: string } | NeedsChoice | { kind: 'unknown'; message: string };

/**
 * Whether a local case runs as it is: only when file (saved) and service agree, so that what
 * runs is what the file says; otherwise the user chooses. The editor and `tas run` both ask here.
 * `file` names the case when the status has no name.
 */
export function runCheck(status: FileSyncStatus, dirty: boolean, file = fileLabel(status)): RunCheck {
  const label = status.name !== undefined ? `"${status.name}"` : file;
  const ask = (reason: NeedsChoice['reason'], message: string): NeedsChoice => ({
    kind: 'needsChoice',
    reason,
    message,
    ...(status.id !== undefined && { testCaseId: status.id }),
  });
  switch (status.state) {
    case 'notLinked':
      return ask('notOnService', `${label} is not on the service yet. Import it to run it.`);
    case 'missingOnService':
      return ask(
        'notOnService',
        `The test case ${label} was linked to is no longer on the service. Import it again to run it.`,
      );
    case 'unknown':
      return {
        kind: 'unknown',
        message: `Could not tell whether ${label} is as on the service: ${status.message ?? 'no reason given'}.`,
      };
    default:
      break;
  }
  if (dirty) return ask('unsavedChanges', `${label} has unsaved changes the service does not have.`);
  switch (status.state) {
    case 'unchanged':
      if (status.id === undefined)
        return ask('notOnService', `${label} is not on the service yet. Import it to run it.`);
      return { kind: 'run', id: status.id, ...(status.name !== undefined && { name: status.name }) };
    case 'localChanged':
      return ask('localChanges', `${label} differs from the service: the file changed since it was last imported.`);
    case 'serviceChanged':
      return ask(
        'localChanges',
        `${label} differs from the service: the test case changed on the service since the file was last synced.`,
      );
    case 'conflict':
      return ask('conflict', `${label} and its test case on the service both changed since they were last synced.`);
  }
}
