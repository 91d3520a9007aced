import { int, isRecord, text } from '../base/read';
import { referenceSites } from '../sync/identities';

// The phones a test case uses, from its own references: steps' and trace filters' and SIP trace
// filters' `mobileDeviceId` (the sites sync maps), and step parameters that name a phone, by id
// (`peerDeviceId`) or by its MSISDN (`target: "+4915112345678"`). Only what the record says: a
// parameter that could name two phones names none.

/** Who a phone is, as the device list says (its MSISDN matches parameters that name it). */
export interface PhoneIdentity {
  name?: string;
  msisdn?: string;
}

/** Digits only: `+49 151 1234567` and `0049151...` are compared by their digits, leading zeros dropped. */
const digits = (s: string): string => s.replace(/\D/g, '').replace(/^0+/, '');

/** The shortest run of digits taken for an MSISDN: shorter numbers (a timeout, a port) name no phone. */
const MIN_MSISDN_DIGITS = 7;

/** Per MSISDN (digits), the phones that have it; built once per device list. */
export function msisdnIndex(devices: ReadonlyMap<number, PhoneIdentity>): Map<string, number[]> {
  const index = new Map<string, number[]>();
  for (const [id, d] of devices) {
    const key = d.msisdn !== undefined ? digits(d.msisdn) : '';
    if (key.length < MIN_MSISDN_DIGITS) continue;
    index.set(key, [...(index.get(key) ?? []), id]);
  }
  return index;
}

/** The phone a parameter names: an id under a key that says so, or exactly one phone's MSISDN. */
function namedPhone(key: string, value: unknown, byMsisdn: ReadonlyMap<string, number[]>): number | undefined {
  if (/deviceid$/i.test(key)) return int(value);
  if (typeof value !== 'string') return undefined;
  const key2 = digits(value);
  if (key2.length < MIN_MSISDN_DIGITS || /[a-z]/i.test(value)) return undefined;
  const ids = byMsisdn.get(key2);
  return ids?.length === 1 ? ids[0] : undefined;
}

/** The phones a test case record refers to, by id, in the order first named. */
export function referencedPhones(testCase: unknown, byMsisdn: ReadonlyMap<string, number[]>): number[] {
  if (!isRecord(testCase)) return [];
  const ids = new Set<number>();
  for (const site of referenceSites(testCase)) if (site.kind === 'device') ids.add(site.id);
  const steps = testCase['testStepList'];
  for (const step of Array.isArray(steps) ? steps : []) {
    const params = isRecord(step) ? step['params'] : undefined;
    if (!isRecord(params)) continue;
    for (const [key, value] of Object.entries(params)) {
      const id = namedPhone(key, value, byMsisdn);
      if (id !== undefined) ids.add(id);
    }
  }
  return [...ids];
}

/**
 * The phones a test case list item's `deviceList` names (the document says only "array of str"):
 * each entry that is exactly one phone's name or MSISDN. Undefined when the item has no list;
 * an entry that names no phone, or two, is left out.
 */
export function listedPhones(
  item: unknown,
  devices: ReadonlyMap<number, PhoneIdentity>,
  byMsisdn: ReadonlyMap<string, number[]>,
): number[] | undefined {
  const list = isRecord(item) ? item['deviceList'] : undefined;
  if (!Array.isArray(list)) return undefined;
  const byName = new Map<string, number[]>();
  for (const [id, d] of devices) if (d.name !== undefined) byName.set(d.name, [...(byName.get(d.name) ?? []), id]);
  const ids = new Set<number>();
  for (const entry of list) {
    const name = text(entry);
    if (name === undefined) continue;
    const found = byName.get(name) ?? byMsisdn.get(digits(name)) ?? [];
    if (found.length === 1) ids.add(found[0]!);
  }
  return [...ids];
}
