import type * as vscode from 'vscode';

/**
 * The language client writes LSP traffic here when `tas.trace.server` is on. The environment
 * notification carries the client secret, so secrets are scrubbed before the log sees them.
 */
export function scrubbingChannel(log: vscode.LogOutputChannel, secrets: () => string[]): vscode.LogOutputChannel {
  const scrub = (text: string) => {
    // A new device token's value comes back once, in `deviceTokenValue`.
    let out = text.replace(/("(?:clientSecret|deviceTokenValue)"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1"[redacted]"');
    for (const s of secrets()) if (s.length >= 6) out = out.split(s).join('[redacted]');
    return out;
  };
  const wrapper: vscode.LogOutputChannel = {
    name: log.name,
    get logLevel() {
      return log.logLevel;
    },
    onDidChangeLogLevel: log.onDidChangeLogLevel,
    // Extra arguments are dropped: the client passes none, and they would escape the scrub.
    trace: (message) => log.trace(scrub(message)),
    debug: (message) => log.debug(scrub(message)),
    info: (message) => log.info(scrub(message)),
    warn: (message) => log.warn(scrub(message)),
    error: (error) => log.error(typeof error === 'string' ? scrub(error) : error),
    append: (value) => log.append(scrub(value)),
    appendLine: (value) => log.appendLine(scrub(value)),
    replace: (value) => log.replace(scrub(value)),
    clear: () => log.clear(),
    show: (preserveFocus?: boolean) => log.show(preserveFocus),
    hide: () => log.hide(),
    // The real channel is owned by the extension context; this view of it owns nothing.
    dispose: () => undefined,
  } as vscode.LogOutputChannel;
  return wrapper;
}
