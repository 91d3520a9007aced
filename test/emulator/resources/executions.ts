import type { Router } from '../router';

// PLACEHOLDER: being written; replaced before commit.
export function registerExecutions(_r: Router): void {}
