import * as vscode from 'vscode';
import type { ExecutionSummary } from '../../../server/src/core';

/** The follower's reports as an event the views, the details documents and the status bar share. */
export class FollowedExecutions implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<{ changed: ExecutionSummary[]; active: ExecutionSummary[] }>();
  readonly onDidChange = this.emitter.event;
  active: ExecutionSummary[] = [];

  fire(p: { changed: ExecutionSummary[]; active: ExecutionSummary[] }): void {
    this.active = p.active;
    this.emitter.fire(p);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
