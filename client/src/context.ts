import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { createLanguageClient } from './languageClient';
import { ExtensionError } from './log';

/** What the commands need: the log and the language client, which it owns and restarts. */
export class Ctx {
  private client: LanguageClient | undefined;

  constructor(
    readonly extension: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
  ) {}

  async startServer(): Promise<void> {
    if (this.client) return;
    const client = createLanguageClient(this.extension, this.log);
    this.client = client;
    try {
      await client.start();
    } catch (err) {
      this.client = undefined;
      throw new ExtensionError('The Test Automation language server did not start', undefined, { cause: err });
    }
    this.log.info('language server started');
  }

  async stopServer(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client) await client.dispose();
  }

  async restartServer(): Promise<void> {
    await this.stopServer();
    await this.startServer();
  }
}
