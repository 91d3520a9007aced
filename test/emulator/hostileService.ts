import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A hostile stand-in for the service on loopback: it passes every request on to the emulator
// (sign-in, lists) except the paths a test takes over, where it answers whatever the test wants:
// wrong types, endless or huge bodies, deep nesting.

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HostileService {
  url: string;
  /** Path (without the query) → the answer the test gives instead of the emulator's. */
  routes: Map<string, Handler>;
  close(): Promise<void>;
}

export async function startHostileService(emulatorUrl: string): Promise<HostileService> {
  const routes = new Map<string, Handler>();
  const target = new URL(emulatorUrl);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const own = routes.get(path);
    if (own) return own(req, res);
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    routes,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Answers JSON text as given. */
export const json =
  (text: string): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
  };

/** An endless JSON array, written as fast as the reader takes it; counts the bytes sent. */
export function endless(sent: { bytes: number }): Handler {
  return (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.from('1,'.repeat(32 * 1024));
    res.write('[');
    const more = () => {
      while (!res.destroyed && res.write(chunk)) sent.bytes += chunk.length;
      if (!res.destroyed) res.once('drain', more);
    };
    res.on('close', () => req.destroy());
    more();
  };
}

/**
 * The emulator's own export answer with each record passed through `mangle`, which gives what
 * the service sends in its place (none: the record is left out): the unusable answers a real
 * service's export may give. Errors are passed on as they are.
 */
export function mangledExport(emulatorUrl: string, mangle: (record: Record<string, unknown>) => unknown[]): Handler {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const headers = { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' };
      fetch(`${emulatorUrl}${req.url ?? ''}`, { method: 'POST', headers, body: Buffer.concat(chunks) })
        .then(async (answer) => {
          const text = await answer.text();
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(answer.ok ? JSON.stringify((JSON.parse(text) as Record<string, unknown>[]).flatMap(mangle)) : text);
        })
        .catch(() => res.destroy());
    });
  };
}
