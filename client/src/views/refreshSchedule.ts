// When the views read their lists again on their own (tas.views.refreshSeconds). The service
// has no events, so a list another client changed is caught up by reading it again: when its
// view becomes visible or the window regains focus and the list is older than the interval, and
// at that interval while the view stays visible in a focused window. Never while hidden, in a
// window without focus, or while the service cannot be reached (the status bar has its own
// backoff and the views read again once it is back). No `vscode` import: unit tests drive it
// with a fake clock (test/unit/refreshSchedule.test.ts).

/** One view's list as the schedule sees it. */
export interface ScheduledList {
  /** The view can be seen (VS Code's TreeView.visible). */
  readonly visible: boolean;
  /** When the list was last read (ms), undefined before its first read. */
  readonly readAt: number | undefined;
  /** Reads the list again, keeping what the tree shows (ids keep selection and expansion). */
  reread(): void;
}

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class RefreshSchedule {
  private readonly timers = new Map<ScheduledList, unknown>();
  private focused = true;
  private reachable = true;

  constructor(
    private readonly lists: readonly ScheduledList[],
    /** tas.views.refreshSeconds in ms; 0 turns the rereading off. */
    private readonly intervalMs: () => number,
    private readonly clock: Clock = SYSTEM_CLOCK,
  ) {}

  /** A view became visible or hidden, or the setting changed: every list is looked at again. */
  update(): void {
    for (const list of this.lists) this.check(list);
  }

  setFocused(focused: boolean): void {
    this.focused = focused;
    this.update();
  }

  /** The connection's settled state: nothing is read while the service cannot be reached. */
  setReachable(reachable: boolean): void {
    this.reachable = reachable;
    this.update();
  }

  /** Rereads `list` if it is due, and keeps one timer for its next turn while it can be seen. */
  private check(list: ScheduledList): void {
    this.stop(list);
    const interval = this.intervalMs();
    if (interval <= 0 || !list.visible || !this.focused || !this.reachable) return;
    // Never read yet: the view reads it itself when it shows; looked at again an interval later.
    if (list.readAt === undefined) {
      this.timers.set(
        list,
        this.clock.setTimeout(() => this.check(list), interval),
      );
      return;
    }
    const age = this.clock.now() - list.readAt;
    if (age >= interval) {
      list.reread();
      this.timers.set(
        list,
        this.clock.setTimeout(() => this.check(list), interval),
      );
    } else {
      this.timers.set(
        list,
        this.clock.setTimeout(() => this.check(list), interval - age),
      );
    }
  }

  private stop(list: ScheduledList): void {
    const t = this.timers.get(list);
    if (t !== undefined) this.clock.clearTimeout(t);
    this.timers.delete(list);
  }

  dispose(): void {
    for (const list of this.lists) this.stop(list);
  }
}
