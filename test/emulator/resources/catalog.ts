import type { Router } from '../router';

// PLACEHOLDER: being written; replaced before commit.
export function registerCatalog(_r: Router): void {}
