import { strict as assert } from 'node:assert';
import { ExecutionsChangedNotification } from '../../server/src/protocol';
import type { ExecutionSummary } from '../../server/src/core/model/executions';
import type { Outcome } from '../../server/src/core/model/outcome';
import type { LspHarness } from './lspHarness';

// What the LSP-boundary tests share about the server's answers: an Outcome that must be a
// success, and the follower's notifications, waited for (never for time).

export function value<T>(o: Outcome<T>): T {
  if (!o.ok) assert.fail(`expected success, got ${o.error.kind}: ${o.error.message}`);
  return o.value;
}

/** Collects the follower's notifications and waits for a condition on the latest reading of each execution. */
export class ExecutionChanges {
  readonly latest = new Map<number, ExecutionSummary>();
  /** Every reading reported of each execution, in order. */
  readonly history = new Map<number, ExecutionSummary[]>();
  active: ExecutionSummary[] = [];
  count = 0;
  private waiters: { test: () => boolean; resolve: () => void }[] = [];
  constructor(lsp: LspHarness) {
    lsp.connection.onNotification(ExecutionsChangedNotification, ({ changed, active }) => {
      this.count += 1;
      for (const e of changed) {
        this.latest.set(e.id, e);
        this.history.set(e.id, [...(this.history.get(e.id) ?? []), e]);
      }
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
  /**
   * Waits until each has been reported running and not final: a reading of the service, since no
   * starting answer says running (tests hold the execution and move the emulator's clock past its
   * queued step to get one).
   */
  seenRunning(ids: number[]): Promise<void> {
    return this.until(() =>
      ids.every((id) => this.history.get(id)?.some((e) => e.kind === 'running' && !e.final) === true),
    );
  }
  /**
   * Waits for the end of each, then checks that it was followed, not just ended: it was reported
   * before its end as not final, its last reading is the one final reading, and that reading holds
   * the state the service holds (`serviceStatus`).
   */
  async followedToEnd(ids: number[], serviceStatus: (id: number) => string): Promise<void> {
    await this.allFinal(ids);
    for (const id of ids) {
      const readings = this.history.get(id) ?? [];
      assert.ok(
        readings.some((e) => !e.final),
        `execution ${id} was reported before its end`,
      );
      assert.equal(
        readings.filter((e) => e.final).length,
        1,
        `execution ${id} ended once: ${readings.map((e) => e.status).join(', ')}`,
      );
      assert.equal(readings.at(-1)!.status, serviceStatus(id), `execution ${id}'s final reading is the service's`);
    }
  }
  /** The execution's final reading. */
  async final(id: number): Promise<ExecutionSummary> {
    await this.allFinal([id]);
    return this.latest.get(id)!;
  }
}
