import type { ApiErrorKind } from './errors';
import type { ProxyRoute } from './network';
import { presentedAuthority } from './presentedAuthority';

// What a failed connection was, in words that name what failed: the proxy (refused, not found,
// refused its credentials), the service's certificate (and the authority it leads to), or the
// connection to the service. The session retries only what may heal (retry.ts).

/** Node's and OpenSSL's codes for a certificate the trusted authorities do not vouch for. */
const UNTRUSTED = new Set([
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
/** Certificates that are trusted but not valid for this host or this day. */
const INVALID = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'ERR_TLS_CERT_ALTNAME_INVALID', 'CERT_REVOKED']);
/** Failures to reach the next machine: with a proxy configured, that machine is the proxy. */
const UNREACHED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT']);

export interface ConnectFailure {
  kind: Extract<ApiErrorKind, 'network' | 'proxyUnreachable' | 'proxyRefused' | 'certificate'>;
  message: string;
}

export async function connectFailure(
  err: unknown,
  origin: URL,
  proxy: ProxyRoute | undefined,
): Promise<ConnectFailure> {
  const code = (err as { code?: string }).code;
  const text = err instanceof Error ? err.message : String(err);
  const tunnelStatus = /Proxy response \((\d+)\)|Proxy Authentication Required \((\d+)\)/.exec(text);
  if (proxy && tunnelStatus) {
    const status = tunnelStatus[1] ?? tunnelStatus[2];
    if (status === '407')
      return { kind: 'proxyRefused', message: `the proxy ${proxy.shown} refused the proxy credentials (HTTP 407)` };
    return {
      kind: 'network',
      message: `the proxy ${proxy.shown} could not open the way to ${origin.host} (HTTP ${status})`,
    };
  }
  if (proxy && code && UNREACHED.has(code)) {
    const why =
      code === 'ECONNREFUSED' ? 'refused the connection' : code === 'ETIMEDOUT' ? 'did not answer' : 'was not found';
    return { kind: 'proxyUnreachable', message: `the proxy ${proxy.shown} ${why} (${code})` };
  }
  if (code && UNTRUSTED.has(code)) {
    const authority = await presentedAuthority(origin, proxy);
    const whose = authority ? `its authority "${authority}" is` : 'the authority that signed it is';
    return {
      kind: 'certificate',
      message: `the certificate of ${origin.host} is not trusted (${code}): ${whose} not among the authorities this machine trusts`,
    };
  }
  if (code && INVALID.has(code)) {
    return { kind: 'certificate', message: `the certificate of ${origin.host} is not valid (${code}): ${text}` };
  }
  return { kind: 'network', message: networkMessage(text, code) };
}

function networkMessage(text: string, code: string | undefined): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused: is the base URL right and the service running?';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found: check the base URL';
    case 'UND_ERR_SOCKET':
    case 'ECONNRESET':
      return 'the connection was closed before the answer arrived';
    default:
      return text;
  }
}
