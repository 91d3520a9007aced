// A lookup a feature can do without: completion, hover and the outline go on without the service.

/** The lookup's value, or undefined instead of its failure. */
export async function optional<T>(lookup: () => Promise<T>): Promise<T | undefined> {
  try {
    return await lookup();
  } catch {
    return undefined;
  }
}

/** What `within` answers when the lookup has not settled in time. */
export const LATE = Symbol('late');

/**
 * The lookup's value if it settles within `ms` (undefined instead of its failure), else LATE: a
 * hover or completion answers without it, and the lookup goes on for the next one to use.
 */
export async function within<T>(lookup: () => Promise<T>, ms: number): Promise<T | undefined | typeof LATE> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((done) => {
    timer = setTimeout(() => done(LATE), ms);
  });
  try {
    return await Promise.race([optional(lookup), late]);
  } finally {
    clearTimeout(timer);
  }
}
