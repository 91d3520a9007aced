import { after, before } from 'node:test';
import { TasClient } from '../../server/src/core/api/client';
import { DEMO_CREDENTIALS } from '../emulator/demoData';
import { startEmulator, type Emulator } from '../emulator/emulator';

// Where the contract suite runs: the emulator (default), or a deployment named by
// TAS_CONTRACT_BASE_URL, TAS_CONTRACT_CLIENT_ID and TAS_CONTRACT_CLIENT_SECRET, variables of its own
// that `tas` never reads (so a CI job's TAS_BASE_URL never turns `npm test` into traffic), passed
// only by `npm run test:contract:deployment`. Against a deployment it only reads unless
// TAS_CONTRACT_WRITE=1, and then deletes what it created.

export interface Target {
  client: TasClient;
  /** Set when the target is the in-process emulator. */
  emulator: Emulator | undefined;
  /** Writes are allowed: always on the emulator, on a deployment only with TAS_CONTRACT_WRITE=1. */
  writes: boolean;
  /** Unique prefix for names this run creates. */
  prefix: string;
}

export const onDeployment = Boolean(process.env['TAS_CONTRACT_BASE_URL']);
export const writesAllowed = !onDeployment || process.env['TAS_CONTRACT_WRITE'] === '1';

export function useTarget(): Target {
  const target = { prefix: `tas-contract-${Date.now().toString(36)}`, writes: writesAllowed } as Target;
  before(async () => {
    if (onDeployment) {
      const clientId = process.env['TAS_CONTRACT_CLIENT_ID'];
      const clientSecret = process.env['TAS_CONTRACT_CLIENT_SECRET'];
      if (!clientId || !clientSecret)
        throw new Error(
          'TAS_CONTRACT_BASE_URL is set: TAS_CONTRACT_CLIENT_ID and TAS_CONTRACT_CLIENT_SECRET are needed too',
        );
      target.client = new TasClient({ baseUrl: process.env['TAS_CONTRACT_BASE_URL']!, clientId, clientSecret });
      target.emulator = undefined;
    } else {
      target.emulator = await startEmulator({ settings: { executionStepMs: 20 } });
      target.client = new TasClient({ baseUrl: target.emulator.url, ...DEMO_CREDENTIALS.admin });
    }
  });
  after(async () => {
    await target.client.close();
    await target.emulator?.close();
  });
  return target;
}

/** The first item of a list, or a clear failure: a contract needs something to read. */
export function first<T>(items: T[], what: string): T {
  if (items.length === 0) throw new Error(`the target has no ${what} to read; add one and run again`);
  return items[0]!;
}

export async function take<T>(iterator: AsyncGenerator<T>, n: number): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterator) {
    out.push(item);
    if (out.length >= n) break;
  }
  return out;
}
