import type { Router } from '../router';

// PLACEHOLDER: being written; replaced before commit.
export function registerApiClients(_r: Router): void {}
