import { startEmulator, type Emulator } from './emulator/emulator';
import {
  type Authority,
  issue,
  LAB_HOST,
  type LabProxy,
  makeAuthority,
  startHttpsFront,
  startLabProxy,
} from './labNetwork';

// The lab the proxy tests of the API client, `tas` and the language server share
// (test/faults/labProxies, test/cli/labNetwork, test/server/labNetwork): the emulator behind an
// HTTPS front whose certificate for LAB_HOST a private authority signed, reached only through a
// proxy that asks for the lab user's password.

/** The lab proxy's user. */
export const LAB_PROXY_USER = 'lab-user';
/** Its password: the tests check it is printed nowhere. */
export const LAB_PROXY_PASSWORD = 'lab-proxy-pa55word';

/** A proxy's address with the lab user and `password` in it, as `http.proxy` or HTTPS_PROXY carries them. */
export const proxyUrlWith = (proxyUrl: string, password: string): string =>
  proxyUrl.replace('http://', `http://${LAB_PROXY_USER}:${password}@`);

export interface ProxyLab {
  emu: Emulator;
  /** The authority that signed the front's certificate: trusted, the service is reached. */
  serviceCa: Authority;
  front: Awaited<ReturnType<typeof startHttpsFront>>;
  /** Asks for LAB_PROXY_USER and LAB_PROXY_PASSWORD, then tunnels LAB_HOST:443 to the front. */
  proxy: LabProxy;
  close(): Promise<void>;
}

/** Starts the lab; its certificates are written into `dir`. */
export async function startProxyLab(dir: string): Promise<ProxyLab> {
  const emu = await startEmulator();
  const serviceCa = makeAuthority(dir, 'TAS Lab Service Root CA', 'service-ca');
  const front = await startHttpsFront(Number(new URL(emu.url).port), issue(dir, serviceCa, LAB_HOST, 'front'));
  const proxy = await startLabProxy({
    credentials: `${LAB_PROXY_USER}:${LAB_PROXY_PASSWORD}`,
    servicePort: front.port,
  });
  return {
    emu,
    serviceCa,
    front,
    proxy,
    close: async () => {
      await Promise.all([proxy.close(), front.close(), emu.close()]);
    },
  };
}
