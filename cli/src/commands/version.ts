import type { CommandSpec } from '../command';
import { Exit } from '../exitCodes';
import { VERSION } from '../version';

// `tas version`: the version as a command, because `npx tas --version` may reach npx rather than
// tas (npx reads options of its own), while `npx tas version` always reaches tas.

export const version: CommandSpec = {
  name: 'version',
  summary: 'Print the version of tas (as tas --version does).',
  action: 'print the version',
  usage: 'tas version',
  description: 'Prints the version of tas; with --json, {"version": "..."}.',
  options: {},
  optionHelp: {},
  positionals: { min: 0, max: 0 },
  run(ctx) {
    if (ctx.options.json) ctx.out.json({ version: VERSION });
    else ctx.out.out(VERSION);
    return Promise.resolve(Exit.ok);
  },
};
