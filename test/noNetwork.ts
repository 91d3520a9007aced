import dns from 'node:dns';
import net from 'node:net';

// Preloaded into a child process (`NODE_OPTIONS=--require .../noNetwork.js`): a DNS lookup or a
// connection to anything that is not loopback never happens; it fails at once and is written to
// stderr as `NETWORK-ATTEMPT <host>`. Tests prove with it that nothing was looked up or sent.

export const ATTEMPT = 'NETWORK-ATTEMPT';

const loopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\./.test(host);
const report = (host: string) => process.stderr.write(`${ATTEMPT} ${host}\n`);

type Lookup = (hostname: string, ...rest: unknown[]) => void;
const lookup = dns.lookup as unknown as Lookup;
(dns as unknown as { lookup: Lookup }).lookup = function (hostname: string, ...rest: unknown[]) {
  if (loopback(hostname)) return lookup.call(dns, hostname, ...rest);
  report(hostname);
  const callback = rest[rest.length - 1] as (err: Error) => void;
  process.nextTick(() =>
    callback(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (blocked by the test)`), {
        code: 'ENOTFOUND',
        hostname,
      }),
    ),
  );
};

type Connect = (this: net.Socket, ...args: unknown[]) => net.Socket;
const socket = net.Socket.prototype as unknown as { connect: Connect };
const connect = socket.connect;
socket.connect = function (this: net.Socket, ...args: unknown[]) {
  // Node passes [options, callback] after normalising; a path (IPC) has no host.
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  const options = typeof first === 'object' && first !== null ? (first as { host?: string; path?: string }) : {};
  const host = options.path !== undefined ? 'localhost' : (options.host ?? 'localhost');
  if (loopback(host)) return connect.apply(this, args);
  report(host);
  process.nextTick(() =>
    this.destroy(
      Object.assign(new Error(`connect ENETUNREACH ${host} (blocked by the test)`), { code: 'ENETUNREACH' }),
    ),
  );
  return this;
};
