import * as vscode from 'vscode';
import type { FollowedExecutions } from './followedExecutions';

/** A status bar entry with how many executions run; it opens the Executions view. */
export class RunningStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tas.running', vscode.StatusBarAlignment.Left, 9);
  private readonly subscription: vscode.Disposable;

  constructor(followed: FollowedExecutions) {
    this.item.name = 'Test Automation: running executions';
    this.item.command = 'tas.executions.focus';
    this.subscription = followed.onDidChange(({ active }) =>
      this.show(active.length, active.filter((e) => e.kind === 'queued').length),
    );
  }

  private show(active: number, queued: number): void {
    if (active === 0) {
      this.item.hide();
      return;
    }
    const running = active - queued;
    // The same states as the Executions rows: "1 queued" while the service has not started it.
    this.item.text = `$(sync~spin) ${[running > 0 ? `${running} running` : '', queued > 0 ? `${queued} queued` : ''].filter(Boolean).join(', ')}`;
    this.item.tooltip = 'Test Automation: executions in progress. Click to show Executions.';
    this.item.show();
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
