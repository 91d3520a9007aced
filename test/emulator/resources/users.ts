import type { Router } from '../router';

// PLACEHOLDER: being written; replaced before commit.
export function registerUsers(_r: Router): void {}
