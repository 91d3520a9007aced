import type { Router } from '../router';

// PLACEHOLDER: being written; replaced before commit.
export function registerTraceFilters(_r: Router): void {}
