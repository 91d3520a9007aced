import { strict as assert } from 'node:assert';
import { ExecutionsChangedNotification } from '../../server/src/protocol';
import type { ExecutionSummary } from '../../server/src/core/model/executions';
import type { Outcome } from '../../server/src/core/model/outcome';
import type { LspHarness } from './lspHarness';

// What the LSP-boundary tests share about the server's answers: an Outcome that must be a
// success, and the execution watcher's notifications, waited for (never for time).

export function value<T>(o: Outcome<T>): T {
  if (!o.ok) assert.fail(`expected success, got ${o.error.kind}: ${o.error.message}`);
  return o.value;
}

/** Collects the watcher's notifications and waits for a condition on the latest reading of each execution. */
export class ExecutionChanges {
  readonly latest = new Map<number, ExecutionSummary>();
  active: ExecutionSummary[] = [];
  count = 0;
  private waiters: { test: () => boolean; resolve: () => void }[] = [];
  constructor(lsp: LspHarness) {
    lsp.connection.onNotification(ExecutionsChangedNotification, ({ changed, active }) => {
      this.count += 1;
      for (const e of changed) this.latest.set(e.id, e);
      this.active = active;
      this.waiters = this.waiters.filter((w) => (w.test() ? (w.resolve(), false) : true));
    });
  }
  until(test: () => boolean): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }
  allFinal(ids: number[]): Promise<void> {
    return this.until(() => ids.every((id) => this.latest.get(id)?.final === true));
  }
  /** The execution's final reading. */
  async final(id: number): Promise<ExecutionSummary> {
    await this.allFinal([id]);
    return this.latest.get(id)!;
  }
}
