import { Body } from '../body';
import { unauthorized } from '../errors';
import type { Router } from '../router';

/** POST /api/v2/connect/token: client credentials in, a bearer token out. */
export function registerAuth(r: Router): void {
  r.add(
    'POST',
    '/api/v2/connect/token',
    (c) => {
      const b = Body.object(c.body, 'token request');
      const issued = c.emu.issueToken(b.str('clientId', true), b.str('clientSecret', true));
      // Our decision: wrong credentials get 401 with the common error body (the document shows none).
      if (!issued) throw unauthorized('Unknown clientId or wrong clientSecret');
      return { accessToken: issued.accessToken, tokenType: 'Bearer', expiresIn: issued.expiresIn };
    },
    { public: true },
  );
}
