import type { CommandSpec } from '../command';
import { profilesPath, readProfiles, writeProfiles } from '../credentials';
import { CliError, Exit, UsageError } from '../exitCodes';
import { keyringAccount, keyringName, KeyringUnavailableError, removeSecret } from '../keyring';

// `tas logout`: a profile and its client secret removed from where they are kept, the system
// keyring or the profiles file. The TAS_* variables are the shell's: nothing here touches them.

export const logout: CommandSpec = {
  name: 'logout',
  summary: 'Remove a profile and its client secret.',
  action: 'remove the profile',
  usage: 'tas logout [--profile NAME]',
  description: [
    'Removes the profile (--profile, else TAS_PROFILE, else the default one) from the profiles file',
    'and its client secret from where tas login kept it: the system keyring, or that file. A secret',
    'in the keyring that another profile still uses (the same client ID and base URL) is left there.',
  ].join('\n'),
  options: {},
  optionHelp: {},
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const path = profilesPath(ctx.env);
    const file = readProfiles(path);
    const name = ctx.options.profile ?? ctx.env['TAS_PROFILE'] ?? file?.default;
    if (name === undefined || !file?.profiles[name]) {
      throw new UsageError(
        name === undefined
          ? `No profile is named and ${path} has no default one: nothing was removed. Name it: tas logout --profile NAME`
          : `There is no profile "${name}" in ${path}: nothing was removed.`,
      );
    }
    const profile = file.profiles[name];
    let removedFrom: 'keyring' | 'file' | 'none' = 'file';
    let shared: string | undefined;
    if (profile.secretIn === 'keyring') {
      const account = keyringAccount(profile.clientId, profile.baseUrl);
      shared = Object.entries(file.profiles).find(
        ([other, p]) => other !== name && p.secretIn === 'keyring' && keyringAccount(p.clientId, p.baseUrl) === account,
      )?.[0];
      removedFrom = shared === undefined ? 'keyring' : 'none';
      try {
        // Another profile of the same client keeps the one secret they share.
        if (!shared) removeSecret(account);
      } catch (err) {
        if (!(err instanceof KeyringUnavailableError)) throw err;
        throw new CliError(
          `Could not remove the client secret of profile "${name}" from ${keyringName()}, which did not answer (${err.reason}); the profile was left as it was. Unlock the keyring, then run tas logout --profile ${name} again.`,
          Exit.auth,
        );
      }
    }
    delete file.profiles[name];
    if (file.default === name) delete file.default;
    await writeProfiles(path, file);
    if (ctx.options.json) ctx.out.json({ profile: name, path, secretRemovedFrom: removedFrom });
    else {
      const secret =
        removedFrom === 'keyring'
          ? `its client secret was removed from ${keyringName()}`
          : removedFrom === 'none'
            ? `its client secret stays in ${keyringName()}: profile "${shared}" uses the same client`
            : 'its client secret, kept in that file, went with it';
      ctx.out.out(`Profile "${name}" removed from ${path}; ${secret}.`);
    }
    return Exit.ok;
  },
};
