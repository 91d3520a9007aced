import type { ExecutionSummary } from '../model/executions';

// What actions tell the follower and read back from it. Each action takes only the part
// it uses, and none at all from a host that follows nothing (tas follows only with --wait): an
// action then knows only the readings it made itself.

export interface ExecutionFollow {
  /** Follow these executions until they end; a known reading avoids one request. */
  follow(ids: readonly number[], known?: readonly ExecutionSummary[]): void;
  /** Readings from elsewhere (a page of executions): active ones are followed from now on. */
  observe(summaries: readonly ExecutionSummary[]): void;
  /** What is followed and not yet final. */
  active(): ExecutionSummary[];
  /** The last reading of an execution, followed or recently ended. */
  get(id: number): ExecutionSummary | undefined;
}
