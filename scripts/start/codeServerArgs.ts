// code-server's command-line flags, shared by `npm start`'s browser route and the real-editor
// tests (test/editor/editorProcesses.ts), so both run the workbench the same way.

/** A profile of its own: config file, user data and extensions. */
export function profileArgs(dirs: { config: string; userData: string; extensions: string }): string[] {
  return ['--config', dirs.config, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];
}

/** Serve on loopback without a password, telemetry, update checks or trust prompts. */
export function serveArgs(port: number): string[] {
  return [
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
  ];
}
