import * as vscode from 'vscode';
import { LinkedCasesRequest, RunTestCaseRequest } from '../../../server/src/protocol';
import type { ExecutionSummary, RunChoice, RunTestCaseResult } from '../../../server/src/core';
import { askModal } from '../modal';
import { runQuestion } from '../questions';
import { ask, ServiceActionError, type RequestPort } from '../serverPort';
import type { FollowedExecutions } from '../views/followedExecutions';
import { crlf } from './cases';
import { TestItemFollow } from './follow';
import { refOf, TestFiles } from './items';

// Test Explorer for test-case files: the "Test Automation" controller, its Run profile (one
// direct run per test case, followed to its end), and executions started elsewhere shown on the
// items of the files linked to their test case.

export class Testing implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('tas', 'Test Automation');
  readonly files = new TestFiles(this.controller);
  readonly profile: vscode.TestRunProfile;
  private readonly itemFollow: TestItemFollow;
  private readonly disposables: vscode.Disposable[] = [];
  /** Run requests in flight: an execution they start must not look "started elsewhere". */
  private readonly starting = new Set<Promise<unknown>>();
  /** Executions a run stopped following: their final state is still shown. */
  private readonly late = new Map<number, vscode.TestItem>();
  /** Executions already shown (or being shown) on an item. */
  private readonly claimed = new Set<number>();
  /** Runs in progress, so the follower keeps polling at full speed. */
  private active = 0;

  /** `holdAttention` keeps the follower's pace while a run waits for executions (see Views). */
  constructor(
    private readonly requests: RequestPort,
    followed: FollowedExecutions,
    private readonly holdAttention: (holder: object, waiting: boolean) => void,
  ) {
    this.itemFollow = new TestItemFollow(requests, followed);
    this.profile = this.controller.createRunProfile(
      'Run on the service',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token),
      true,
    );
    this.disposables.push(
      this.profile,
      this.controller,
      this.files,
      this.itemFollow,
      followed.onDidChange(({ changed }) => void this.elsewhere(changed)),
    );
  }

  /** The Run profile: each test case is run once on the service and followed to its end. */
  async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const items = await this.targets(request);
    const run = this.controller.createTestRun(request);
    const release = this.hold();
    try {
      for (const item of items) run.enqueued(item);
      const follows: Promise<unknown>[] = [];
      for (const item of items) {
        if (token.isCancellationRequested) {
          run.skipped(item);
          continue;
        }
        const execution = await this.start(run, item);
        if (!execution) continue;
        follows.push(
          this.itemFollow.follow(run, item, execution, token).then((how) => {
            if (how === 'stopped') this.late.set(execution.id, item);
          }),
        );
      }
      await Promise.all(follows);
    } finally {
      run.end();
      release();
    }
  }

  /** `tas.runTestCase`: a file (the active editor's by default) or one case of a bundle, through the Run profile. */
  async runFile(arg?: unknown, index?: unknown): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const uri =
      arg instanceof vscode.Uri ? arg : typeof arg === 'string' ? vscode.Uri.parse(arg) : editor?.document.uri;
    if (!uri || !/\.testcases?\.json$/i.test(uri.path)) {
      throw new ServiceActionError('Open a test-case file (*.testcase.json or *.testcases.json) to run it.', 'noFile');
    }
    const item = await this.files.item(uri, typeof index === 'number' ? index : undefined);
    if (!item) throw new ServiceActionError(`The bundle has no test case number ${Number(index) + 1}.`, 'noCase');
    const cancel = new vscode.CancellationTokenSource();
    try {
      await this.run(new vscode.TestRunRequest([item], undefined, this.profile), cancel.token);
    } finally {
      cancel.dispose();
    }
  }

  private async targets(request: vscode.TestRunRequest): Promise<vscode.TestItem[]> {
    const roots = request.include ?? (await this.files.all());
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    const out: vscode.TestItem[] = [];
    for (const root of roots) {
      if (excluded.has(root.id)) continue;
      for (const leaf of await this.files.leaves(root)) if (!excluded.has(leaf.id)) out.push(leaf);
    }
    return out;
  }

  /** Asks the server to run an item; a question about the file is put to the user first. */
  private async start(run: vscode.TestRun, item: vscode.TestItem): Promise<ExecutionSummary | undefined> {
    const ref = refOf(item);
    if (!ref) return undefined;
    const dirty = vscode.workspace.textDocuments.some((d) => d.uri.toString() === ref.uri && d.isDirty);
    let choice: RunChoice | undefined;
    for (;;) {
      let result: RunTestCaseResult;
      const asking = ask(this.requests, RunTestCaseRequest, { ...ref, dirty, ...(choice && { choice }) });
      this.starting.add(asking);
      try {
        result = await asking;
      } catch (err) {
        // A refused run (409) or a lost answer, in the server's words, on the item.
        run.errored(item, new vscode.TestMessage(err instanceof Error ? err.message : String(err)));
        return undefined;
      } finally {
        this.starting.delete(asking);
      }
      if (result.kind === 'started') {
        this.claimed.add(result.execution.id);
        return result.execution;
      }
      if (choice) {
        run.errored(item, new vscode.TestMessage(result.message));
        return undefined;
      }
      choice = await this.choose(item, result);
      if (!choice) {
        run.appendOutput(crlf([`${item.label}: not run. ${result.message}`]), undefined, item);
        run.skipped(item);
        return undefined;
      }
    }
  }

  /** The question about a file that is not as on the service; its focused choice changes nothing. */
  private choose(
    item: vscode.TestItem,
    q: Extract<RunTestCaseResult, { kind: 'needsChoice' }>,
  ): Promise<RunChoice | undefined> {
    return askModal(runQuestion(item.label, q));
  }

  /** Executions this window did not start (or stopped following), on the items linked to their test case. */
  private async elsewhere(changed: ExecutionSummary[]): Promise<void> {
    for (const e of changed) {
      const item = this.late.get(e.id);
      if (item && e.final) {
        this.late.delete(e.id);
        void this.show(item, e, `Execution ${e.id}`);
      }
    }
    const fresh = changed.filter(
      (e) => !e.final && e.testCaseId !== undefined && !this.claimed.has(e.id) && !this.itemFollow.has(e.id),
    );
    if (fresh.length === 0) return;
    // A run this window is starting may be the one reported: its answer says so.
    await Promise.allSettled([...this.starting]);
    const others = fresh.filter((e) => !this.claimed.has(e.id));
    if (others.length === 0) return;
    for (const e of others) this.claimed.add(e.id);
    let links: Awaited<ReturnType<typeof this.links>>;
    try {
      links = await this.links();
    } catch {
      return; // Signed out or no server: nothing to show them on.
    }
    for (const e of others) {
      for (const link of links.filter((l) => l.id === e.testCaseId)) {
        const target = await this.files.item(vscode.Uri.parse(link.uri), link.index);
        if (target) void this.show(target, e, `${e.source ?? 'Execution'} ${e.id}`);
      }
    }
  }

  private async links() {
    const uris = (await this.files.all()).map((i) => i.id);
    return uris.length === 0 ? [] : ask(this.requests, LinkedCasesRequest, { uris });
  }

  /** A run of its own (not kept after a restart) for an execution on an item, until it ends. */
  private async show(item: vscode.TestItem, e: ExecutionSummary, name: string): Promise<void> {
    const run = this.controller.createTestRun(new vscode.TestRunRequest([item], undefined, this.profile), name, false);
    const release = this.hold();
    try {
      await this.itemFollow.follow(run, item, e);
    } finally {
      run.end();
      release();
    }
  }

  /** While a run waits for executions, the follower polls as if a view were open. */
  private hold(): () => void {
    this.active += 1;
    this.holdAttention(this, true);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      if (this.active === 0) this.holdAttention(this, false);
    };
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
