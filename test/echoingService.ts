import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A hostile stand-in for the service, on loopback: it hands out a token, then answers every call
// with an error whose body echoes what it was sent (the Authorization header, the client secret),
// as it was sent and encoded, as a careless service or proxy does. Not the emulator: tests that
// must prove nothing printed or logged shows a secret use it.

export interface EchoingService {
  url: string;
  /** The access token it hands out. */
  token: string;
  close(): Promise<void>;
}

export interface EchoOptions {
  /** The access token to hand out (default: 4,000 characters, so a cut at 300 would leak its start). */
  token?: string;
  /** Refuse the token request, echoing the credentials in the error body. */
  refuseToken?: boolean;
  /** The status of every other answer (default 500). */
  status?: number;
  /** Answer errors as plain text rather than JSON. */
  plain?: boolean;
}

/** Everything a careless service echoes of a value: raw, JSON-escaped, URL-encoded, base64. */
function echoes(value: string): Record<string, string> {
  return {
    raw: value,
    url: encodeURIComponent(value),
    base64: Buffer.from(value).toString('base64'),
  };
}

export async function startEchoingService(options: EchoOptions = {}): Promise<EchoingService> {
  const token = options.token ?? `tok${'x7Q9'.repeat(999)}end`;
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (text += d));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        const plain = options.plain && status !== 200;
        res.writeHead(status, { 'content-type': plain ? 'text/plain' : 'application/json' });
        res.end(plain ? `${status}: ${(body as { message: string }).message}` : JSON.stringify(body));
      };
      if (req.url?.startsWith('/api/v2/connect/token')) {
        let sent: { clientId?: string; clientSecret?: string } = {};
        try {
          sent = JSON.parse(text) as typeof sent;
        } catch {
          sent = {};
        }
        if (!options.refuseToken) return reply(200, { accessToken: token, tokenType: 'Bearer', expiresIn: 3600 });
        const secret = sent.clientSecret ?? '';
        const basic = Buffer.from(`${sent.clientId ?? ''}:${secret}`).toString('base64');
        // The status is 400: the credentials were not accepted, and the body says what came in.
        return reply(400, {
          message: `invalid client secret "${secret}" (form: clientSecret=${encodeURIComponent(secret)}, Basic ${basic})`,
          received: { ...sent, echoes: echoes(secret), authorization: `Basic ${basic}` },
        });
      }
      const auth = req.headers.authorization ?? '';
      reply(options.status ?? 500, {
        message: `cannot handle ${req.method} ${req.url} for ${auth}`,
        request: { headers: { authorization: auth }, echoes: echoes(auth.replace(/^Bearer /, '')) },
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
