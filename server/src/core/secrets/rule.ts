// What a secret is: the one rule, by a member's name (and, for auth parameters, its parent's),
// for everything the product prints, logs, traces or writes. Export placeholders, the plaintext
// warning, error text from the service and the editor's LSP trace all ask these functions.

// Compared without case, `-`, `_` and spaces: "X-Api-Key", "api_key" and "apiKey" are one name.
const norm = (key: string): string => key.toLowerCase().replace(/[-_\s]/g, '');

const SECRET_NAMES = new Set([
  'password',
  'passwd',
  'pwd',
  'secret',
  'clientsecret',
  'apikey',
  'xapikey',
  'apitoken',
  'token',
  'accesstoken',
  'authtoken',
  'refreshtoken',
  'bearertoken',
  'authorization',
  'proxyauthorization',
  'cookie',
  'privatekey',
  // An agent's configuration may hold what the agent signs in with: shown, never logged or traced.
  'agentconfig',
]);
// `tokenvalue`: a new device token's value comes back once, as `deviceTokenValue`.
const SECRET_ENDINGS = ['password', 'secret', 'apikey', 'accesstoken', 'authtoken', 'privatekey', 'tokenvalue'];

// Auth parameters are secrets unless they are one of these well-known public OAuth settings.
const PUBLIC_AUTH_PARAMS = new Set([
  'granttype',
  'scope',
  'scopes',
  'audience',
  'resource',
  'tokentype',
  'clientid',
  'username',
]);

/**
 * Whether a member of this name holds a secret wherever it is: passwords, client secrets, API
 * keys, tokens and token values, Authorization and cookie headers (`password`, `dbPassword`,
 * `X-Api-Key`, `clientSecret`, `deviceTokenValue`, ...). Step parameters and headers are members too.
 */
export function isSecretKey(key: string): boolean {
  const k = norm(key);
  return SECRET_NAMES.has(k) || SECRET_ENDINGS.some((e) => k.endsWith(e));
}

/**
 * Whether the value at `key`, in a container that sits at `parentKey`, is a secret: a secret
 * name, or any member of `authParams` but the public OAuth ones. Array elements (number keys)
 * are not secrets by their position.
 */
export function isSecretMember(key: string | number, parentKey: string | number | undefined): boolean {
  return (
    typeof key === 'string' && (isSecretKey(key) || (parentKey === 'authParams' && !PUBLIC_AUTH_PARAMS.has(norm(key))))
  );
}
