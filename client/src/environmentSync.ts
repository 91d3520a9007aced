// Hands the active environment to the language server once per real change. Editing settings
// and secrets fires several change events within milliseconds (one sign-in fired four); each
// used to resend the environment and reset the status bar to "connecting". Calls run one after
// another and send only when what they resolve differs from what was last sent.

export class EnvironmentSync<T> {
  private lastSent: string | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly resolve: () => Promise<T>,
    private readonly send: (value: T) => Promise<void>,
    /** What identifies a value (the secret included, so a new secret counts as a change). */
    private readonly key: (value: T) => string = (v) => JSON.stringify(v),
  ) {}

  /** Resolves the current value and sends it if it changed (or `always`); settles when done. */
  sync(always = false): Promise<void> {
    const run = this.queue.then(async () => {
      const value = await this.resolve();
      const key = this.key(value);
      if (key === this.lastSent && !always) return;
      await this.send(value);
      this.lastSent = key;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Forgets what was sent: a new server has been told nothing yet. */
  reset(): void {
    this.lastSent = undefined;
  }
}
