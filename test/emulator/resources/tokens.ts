import type { Router } from '../router';

// PLACEHOLDER: being written; replaced before commit.
export function registerTokens(_r: Router): void {}
