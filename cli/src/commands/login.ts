import { ApiError, baseUrlProblem, normalizeBaseUrl, refusesPlainHttp, TasClient } from '../../../server/src/core';
import { terminalWords } from '../words';
import { flag, str, type CommandSpec } from '../command';
import { profilesPath, readProfiles, repositoryOf, shownPath, writeProfiles } from '../credentials';
import { CliError, Exit, failureText, exitCodeOf, UsageError } from '../exitCodes';
import { ask, askSecret } from '../prompt';
import { keyringAccount, keyringName, KeyringUnavailableError, storeSecret } from '../keyring';

export const login: CommandSpec = {
  name: 'login',
  summary: 'Write a profile with the service credentials.',
  action: 'write the profile',
  usage: 'tas login [--profile NAME] [--base-url URL] [--client-id ID] [--default] [--no-verify]',
  description: [
    'Asks for the base URL, the client ID and, without echo, the client secret. When stdin is not a',
    'terminal, give --base-url and --client-id: the first line of stdin is the secret. Checks the',
    'credentials with the service, and writes the profile to $TAS_CONFIG_DIR/profiles.json, else',
    '$XDG_CONFIG_HOME/tas/profiles.json or ~/.config/tas/profiles.json (TAS_PROFILES names the file',
    'itself), readable by you only; never inside a git work tree (set TAS_CONFIG_DIR when home is one).',
    'The secret goes to the system keyring (macOS Keychain, Windows Credential Manager, Linux Secret',
    'Service) where one answers, else into that file; tas login says which. tas logout removes it.',
    'The secret is never taken from an argument: other users see those.',
  ].join('\n'),
  options: {
    'base-url': { type: 'string' },
    'client-id': { type: 'string' },
    default: { type: 'boolean' },
    'no-verify': { type: 'boolean' },
  },
  optionHelp: {
    'base-url': ['URL', "the service's base URL (asked when not given)"],
    'client-id': ['ID', 'the client ID (asked when not given)'],
    default: ['', 'use this profile when no other is named'],
    'no-verify': ['', 'write the profile without asking the service'],
  },
  positionals: { min: 0, max: 0 },
  async run(ctx, values) {
    const name = ctx.options.profile ?? 'default';
    const path = profilesPath(ctx.env);
    // Said before anything is asked or written: a secret in a work tree could be committed.
    const repo = repositoryOf(path);
    if (repo) {
      throw new CliError(
        `The profile would be written to ${shownPath(path)}, inside the git work tree ${repo}, where it could be committed; nothing was written. Set TAS_CONFIG_DIR to a folder outside any repository (for example: export TAS_CONFIG_DIR=/somewhere/else/tas), then run tas login again.`,
        Exit.usage,
      );
    }
    const file = readProfiles(path) ?? { profiles: {} };
    // From a pipe only the secret is read (its first line): the rest comes as options.
    const givenUrl = str(values['base-url']);
    const givenId = str(values['client-id']);
    if (!ctx.stdin.isTTY && (givenUrl === undefined || givenId === undefined)) {
      throw new UsageError(
        'stdin is not a terminal: give --base-url and --client-id; the first line of stdin is then the client secret.',
      );
    }
    // Failures name what was given here (--base-url, or the URL typed), not the TAS_* variables.
    const words = terminalWords({
      from: 'login',
      baseUrl: givenUrl !== undefined ? 'option' : 'typed',
      clientId: givenId !== undefined ? 'option' : 'typed',
    });
    const typedUrl = givenUrl ?? (await ask(ctx, 'Base URL: '));
    // What was typed is not repeated: a secret pasted into the wrong prompt stays off the screen.
    const problem = baseUrlProblem(typedUrl);
    if (problem)
      throw new UsageError(
        `${givenUrl !== undefined ? '--base-url' : 'The base URL you typed'} is not a service URL: ${problem}`,
      );
    const baseUrl = normalizeBaseUrl(typedUrl);
    // Refused before the secret is asked for, in the words every refused request gets.
    if (refusesPlainHttp(baseUrl, ctx.options.allowInsecureHttp)) {
      const refused = new ApiError({ kind: 'insecureHttp', method: 'POST', path: '/api/v2/connect/token' });
      throw new CliError(
        `${failureText(refused, 'sign in', words)} Nothing was asked for or written.`,
        exitCodeOf(refused),
      );
    }
    const clientId = givenId ?? (await ask(ctx, 'Client ID: '));
    const clientSecret = await askSecret(ctx, 'Client secret: ');
    if (!clientId || !clientSecret) throw new UsageError('The client ID and secret must not be empty.');
    ctx.out.secrets.addCredentials(clientId, clientSecret);
    if (!flag(values['no-verify'])) {
      const client = new TasClient(
        { baseUrl, clientId, clientSecret, allowInsecureHttp: ctx.options.allowInsecureHttp },
        ctx.sessionOptions(),
      );
      try {
        await client.session.authenticate();
      } catch (err) {
        throw new CliError(`${failureText(err, 'sign in', words)} The profile was not written.`, exitCodeOf(err));
      } finally {
        await client.close();
      }
    }
    // The system keyring where one answers; else the owner-only file, as before.
    let keyringProblem: string | undefined;
    try {
      storeSecret(keyringAccount(clientId, baseUrl), clientSecret);
    } catch (err) {
      if (!(err instanceof KeyringUnavailableError)) throw err;
      keyringProblem = err.reason;
    }
    file.profiles[name] =
      keyringProblem === undefined ? { baseUrl, clientId, secretIn: 'keyring' } : { baseUrl, clientId, clientSecret };
    if (flag(values['default']) || file.default === undefined) file.default = name;
    await writeProfiles(path, file);
    const secretIn = keyringProblem === undefined ? 'keyring' : 'file';
    if (ctx.options.json) ctx.out.json({ profile: name, path, default: file.default === name, secretIn });
    else {
      ctx.out.out(`Profile "${name}" written to ${path}${file.default === name ? ' (the default)' : ''}.`);
      ctx.out.out(
        keyringProblem === undefined
          ? `The client secret is kept in ${keyringName()}.`
          : `The client secret is kept in that file, readable by you only: no system keyring answered (${keyringProblem}).`,
      );
    }
    return Exit.ok;
  },
};
