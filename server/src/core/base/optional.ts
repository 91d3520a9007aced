// A lookup a feature can do without: completion, hover and the outline go on without the service.

/** The lookup's value, or undefined instead of its failure. */
export async function optional<T>(lookup: () => Promise<T>): Promise<T | undefined> {
  try {
    return await lookup();
  } catch {
    return undefined;
  }
}
