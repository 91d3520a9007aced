import * as vscode from 'vscode';
import { ExecutionDetailsRequest } from '../../../server/src/protocol';
import type { ExecutionSummary } from '../../../server/src/core';
import { ask, type RequestPort } from '../serverPort';
import type { FollowedExecutions } from '../views/followedExecutions';
import { durationText } from '../views/format';
import { crlf, failedStep, logLines, stepOffset } from './cases';
import { refOf } from './items';

// One execution followed on one test item of one test run: queued while the service says queued,
// running from then on, progress ("step 3/7") and the new lines of its log in the run's output
// as the follower reports changes, and its final state ends the item passed, failed (at the step
// the log names) or errored. The same reports drive Executions and the status bar, so all three
// say the same.

interface Followed {
  run: vscode.TestRun;
  item: vscode.TestItem;
  executionId: number;
  printed: number;
  lastStep: number | undefined;
  /** Shown as running: from the first reading that is no longer queued, as in Executions. */
  started: boolean;
  /** Reads of the details, one after another, so no log line is printed twice. */
  queue: Promise<void>;
  resolve: () => void;
}

export class TestItemFollow implements vscode.Disposable {
  private readonly followed = new Map<number, Followed[]>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly requests: RequestPort,
    followed: FollowedExecutions,
  ) {
    this.subscription = followed.onDidChange(({ changed }) => {
      for (const e of changed) for (const f of this.followed.get(e.id) ?? []) this.update(f, e);
    });
  }

  /** Whether an execution is shown on a test item now. */
  has(executionId: number): boolean {
    return this.followed.has(executionId);
  }

  /**
   * Shows `execution` on `item` until it ends (resolves then) or `stop` fires; the run is left
   * open for the caller to end.
   */
  follow(
    run: vscode.TestRun,
    item: vscode.TestItem,
    execution: ExecutionSummary,
    stop?: vscode.CancellationToken,
  ): Promise<'ended' | 'stopped'> {
    return new Promise((resolve) => {
      // An ended follow no longer listens to `stop`, whose source may live much longer.
      const ended = () => {
        sub?.dispose();
        resolve('ended');
      };
      const f: Followed = {
        run,
        item,
        executionId: execution.id,
        printed: 0,
        lastStep: undefined,
        started: false,
        queue: Promise.resolve(),
        resolve: ended,
      };
      this.followed.set(execution.id, [...(this.followed.get(execution.id) ?? []), f]);
      // Queued on the service is queued here too; update() starts the item when it runs.
      run.enqueued(item);
      this.out(f, [
        `Execution ${execution.id} of ${execution.testCaseName ?? item.label} (${execution.source ?? 'run'}): ${execution.status.toLowerCase()}`,
      ]);
      const sub = stop?.onCancellationRequested(() => {
        sub?.dispose();
        if (!this.drop(f)) return;
        this.out(f, [
          `Stopped following execution ${execution.id}. The service cannot cancel a single execution, so it goes on running there;`,
          'its result is shown here as a new run once it ends (or cancel its test suite from the Test Suites view).',
        ]);
        run.skipped(item);
        resolve('stopped');
      });
      this.update(f, execution);
    });
  }

  private update(f: Followed, e: ExecutionSummary): void {
    if (!f.started && !e.final && e.kind !== 'queued') {
      f.started = true;
      f.run.started(f.item);
    }
    if (e.stepCount !== undefined && e.currentStep !== undefined && e.currentStep !== f.lastStep && !e.final) {
      f.lastStep = e.currentStep;
      this.out(f, [`${e.status.toLowerCase()}: step ${e.currentStep}/${e.stepCount}`]);
    }
    f.queue = f.queue.then(() => this.readLog(f, e));
  }

  /** Prints the log lines not printed yet; at a final state, the item's result. */
  private async readLog(f: Followed, e: ExecutionSummary): Promise<void> {
    if (!this.isFollowed(f)) return;
    let log: string[] | undefined;
    try {
      log = logLines((await ask(this.requests, ExecutionDetailsRequest, { id: f.executionId })).text);
    } catch (err) {
      // The next change reads again; at the end the result is given without the log.
      if (e.final) this.out(f, [`Could not read the log: ${err instanceof Error ? err.message : String(err)}`]);
    }
    if (!this.isFollowed(f)) return;
    if (log && log.length > f.printed) {
      this.out(f, log.slice(f.printed));
      f.printed = log.length;
    }
    if (e.final) this.finish(f, e, log ?? []);
  }

  private finish(f: Followed, e: ExecutionSummary, log: string[]): void {
    if (!this.drop(f)) return;
    const duration = e.durationMs;
    const took = durationText(duration);
    this.out(f, [`Execution ${e.id} ended: ${e.status}${took ? ` after ${took}` : ''}.`]);
    if (e.kind === 'passed') f.run.passed(f.item, duration);
    else if (e.kind === 'failed') f.run.failed(f.item, this.failure(f, e, log), duration);
    else if (e.kind === 'cancelled')
      f.run.errored(
        f.item,
        new vscode.TestMessage(`Execution ${e.id} was cancelled on the service (${e.status}).`),
        duration,
      );
    else
      f.run.errored(
        f.item,
        new vscode.TestMessage(
          `Execution ${e.id} ended as ${e.status}, which does not say passed or failed. Open its details in the Executions view.`,
        ),
        duration,
      );
    f.resolve();
  }

  /** "Failed at step 3/7 (HANGUP)", placed on that step in the file when it is there. */
  private failure(f: Followed, e: ExecutionSummary, log: string[]): vscode.TestMessage {
    const step = failedStep(log);
    const errors = log.filter((l) => /\bERROR\b/.test(l));
    const message = new vscode.TestMessage(
      [
        step ? `Execution ${e.id} failed at step ${step.step}/${step.of} (${step.name}).` : `Execution ${e.id} failed.`,
        ...errors,
      ].join('\n'),
    );
    const doc = f.item.uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === f.item.uri!.toString());
    const at = step && doc ? stepOffset(doc.getText(), refOf(f.item)?.index, step.step) : undefined;
    if (doc && at)
      message.location = new vscode.Location(
        doc.uri,
        new vscode.Range(doc.positionAt(at.start), doc.positionAt(at.end)),
      );
    else if (f.item.uri && f.item.range) message.location = new vscode.Location(f.item.uri, f.item.range);
    return message;
  }

  private out(f: Followed, lines: string[]): void {
    f.run.appendOutput(crlf(lines), undefined, f.item);
  }

  private isFollowed(f: Followed): boolean {
    return this.followed.get(f.executionId)?.includes(f) === true;
  }

  /** Ends one follow; false when it had ended already. */
  private drop(f: Followed): boolean {
    const list = this.followed.get(f.executionId) ?? [];
    if (!list.includes(f)) return false;
    const rest = list.filter((x) => x !== f);
    if (rest.length > 0) this.followed.set(f.executionId, rest);
    else this.followed.delete(f.executionId);
    return true;
  }

  dispose(): void {
    this.subscription.dispose();
    for (const list of this.followed.values()) for (const f of list) f.resolve();
    this.followed.clear();
  }
}
