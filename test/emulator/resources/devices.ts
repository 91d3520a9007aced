import type { Router } from '../router';

// PLACEHOLDER: being written; replaced before commit.
export function registerDevices(_r: Router): void {}
