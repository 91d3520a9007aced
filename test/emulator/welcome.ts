import { DEMO_CREDENTIALS } from './demoData';

// The page the emulator answers at `/`: someone who opens its URL in a browser (npm start prints
// it) learns what this is and how to connect the extension, instead of meeting a 404.

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The HTML of the `/` page for an emulator serving at `baseUrl`. */
export function welcomePage(baseUrl: string): string {
  const url = escapeHtml(baseUrl);
  const { admin, tester } = DEMO_CREDENTIALS;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test Automation Service emulator</title></head>
<body style="font-family: sans-serif; max-width: 46em; margin: 2em auto; line-height: 1.4">
<h1>Test Automation Service emulator</h1>
<p>This is an emulator of the Test Automation Service for testing and demos, not the real service.
It serves the service's interface at <code>${url}/api/v2</code> with demo data kept in memory:
everything changed here is lost when it stops.</p>
<h2>Demo credentials</h2>
<p>Public fixtures that work only against this emulator.</p>
<table>
<tr><th align="left">Client ID</th><th align="left">Client secret</th><th align="left">Role</th></tr>
<tr><td><code>${admin.clientId}</code></td><td><code>${admin.clientSecret}</code></td><td>ADMIN</td></tr>
<tr><td><code>${tester.clientId}</code></td><td><code>${tester.clientSecret}</code></td><td>TESTER</td></tr>
</table>
<h2>Connect the extension</h2>
<ul>
<li>In VS Code, run <b>Test Automation: Sign In</b> from the command palette and enter the base URL
<code>${url}</code>, a name (e.g. Emulator), a client ID and its secret from the table.</li>
<li>Or start VS Code with <code>TAS_BASE_URL=${url}</code>, <code>TAS_CLIENT_ID</code> and
<code>TAS_CLIENT_SECRET</code> set; they serve when no environment is configured.</li>
<li>Or run <code>npm start</code> in the extension's repository: it starts an emulator and opens
the extension connected to it.</li>
</ul>
<p>Controls for tests (faults, clock, request log, reset) are under <code>${url}/_emulator/</code>;
see test/emulator/README.md in the repository.</p>
</body>
</html>
`;
}
