import * as vscode from 'vscode';
import type { ExecutionSummary } from '../../../server/src/core';
import type { FollowedExecutions } from './followedExecutions';
import { roundSummary } from './format';

interface Round {
  title: string;
  pending: Set<number>;
  ended: ExecutionSummary[];
}

/**
 * Executions the user started here: when a round (a suite's executions, one rerun) has ended,
 * one notification says how it went, with "Show".
 */
export class StartedRounds implements vscode.Disposable {
  private rounds: Round[] = [];
  private readonly subscription: vscode.Disposable;
  private readonly changedEmitter = new vscode.EventEmitter<void>();
  /** Fires when it starts or stops waiting. */
  readonly onDidChange = this.changedEmitter.event;

  constructor(
    followed: FollowedExecutions,
    private readonly show: (ids: number[]) => Promise<void>,
  ) {
    this.subscription = followed.onDidChange(({ changed }) => this.apply(changed));
  }

  get waiting(): boolean {
    return this.rounds.length > 0;
  }

  follow(title: string, ids: number[]): void {
    if (ids.length === 0) return;
    this.rounds.push({ title, pending: new Set(ids), ended: [] });
    this.changedEmitter.fire();
  }

  private apply(changed: ExecutionSummary[]): void {
    const before = this.rounds.length;
    for (const e of changed) {
      if (!e.final) continue;
      for (const r of this.rounds) {
        if (r.pending.delete(e.id)) r.ended.push(e);
      }
    }
    const done = this.rounds.filter((r) => r.pending.size === 0);
    this.rounds = this.rounds.filter((r) => r.pending.size > 0);
    for (const r of done) void this.announce(r);
    if (this.rounds.length !== before) this.changedEmitter.fire();
  }

  private async announce(r: Round): Promise<void> {
    const failed = r.ended.some((e) => e.kind === 'failed');
    const text = roundSummary(r.title, r.ended);
    const choice = failed
      ? await vscode.window.showWarningMessage(text, 'Show')
      : await vscode.window.showInformationMessage(text, 'Show');
    if (choice === 'Show') await this.show(r.ended.map((e) => e.id));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changedEmitter.dispose();
  }
}
