import type * as vscode from 'vscode';
import { scrubText } from '../../server/src/core';

/**
 * The language client writes LSP traffic here when `tas.trace.server` is on. Messages carry the
 * client secret, new device token values and test cases with API clients, so the log sees them
 * scrubbed by the core's one secret rule, and the secret values the client knows it sent.
 */
export function scrubbingChannel(log: vscode.LogOutputChannel, secrets: () => string[]): vscode.LogOutputChannel {
  const scrub = (text: string) => scrubText(text, secrets());
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
