// The paths `.tas/sync.json` names are data from a repository, which may be crafted: a key is
// used only when it is a normalised relative path to a test-case file inside the sync root, with
// a name every system can create (Windows, macOS, Linux). Anything else is refused, with a
// warning that names it, and never turned into a path.

/** Names Windows keeps for devices, whatever the extension (`CON.testcase.json` is CON). */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
/** Characters Windows does not allow in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[<>:"|?*\\\u0000-\u001f]/;

/** Whether Windows treats `name` as a device: the part before the first dot, trailing spaces ignored. */
export const isDeviceName = (name: string): boolean => DEVICE.test(name.split('.')[0]!.replace(/ +$/, ''));

/** Why one name (a path segment) cannot be created everywhere, or undefined. */
export function nameProblem(name: string): string | undefined {
  if (name === '' || name === '.' || name === '..') return 'leaves the sync root or is not normalised';
  if (FORBIDDEN.test(name))
    return `holds a character Windows does not allow in a name (${JSON.stringify(FORBIDDEN.exec(name)![0])})`;
  if (/[. ]$/.test(name)) return 'has a name ending in a dot or a space, which Windows cannot create';
  if (isDeviceName(name)) return `uses the device name ${name.split('.')[0]}, which Windows cannot create`;
  return undefined;
}

/** A case's key in the sync state: `sub/a.testcase.json`, or `sub/b.testcases.json#3`. */
export function linkKeyProblem(key: string): string | undefined {
  const hash = /#(0|[1-9][0-9]{0,8})$/.exec(key);
  const path = hash ? key.slice(0, hash.index) : key;
  if (path.includes('\\')) return 'uses a backslash (on Windows, a path separator)';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'is an absolute path';
  const segments = path.split('/');
  if (segments.some((s) => s === '..')) return 'leaves the sync root (..)';
  for (const s of segments) {
    const problem = nameProblem(s);
    if (problem) return problem;
  }
  const last = segments[segments.length - 1]!;
  if (hash ? !last.endsWith('.testcases.json') : !last.endsWith('.testcase.json'))
    return 'names no test-case file (*.testcase.json, or *.testcases.json#<item>)';
  return undefined;
}

/** The form two names take when a case-insensitive system (macOS, Windows) sees them as one. */
export const foldName = (name: string): string => name.normalize('NFC').toUpperCase().toLowerCase();
