import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { COMMANDS } from '../../cli/src/commands';
import { GLOBAL_OPTIONS } from '../../cli/src/globalOptions';
import { tas, tempDir } from './harness';

// `tas completion bash|zsh|fish`: each script names every command of the table and every option
// of each command; the bash script, sourced in a real bash, completes commands, options and
// option values the way bash's programmable completion calls it (COMP_WORDS, COMP_CWORD).

const names = [...COMMANDS.map((c) => c.name), 'help'];

describe('tas completion', { timeout: 60_000 }, () => {
  let dir: { path: string; remove: () => void };
  const scripts: Record<string, string> = {};
  before(async () => {
    dir = tempDir();
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await tas(['completion', shell], { cwd: dir.path });
      assert.equal(r.code, 0, r.stderr);
      scripts[shell] = r.stdout;
    }
  });
  after(() => dir.remove());

  /** What bash's completion of `line` (the words typed, the last one being completed) offers. */
  function bashComplete(words: string[], cwd = dir.path): string[] {
    const list = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
    const program = `source /dev/stdin <<'TAS_SCRIPT'\n${scripts['bash']}\nTAS_SCRIPT\nCOMP_WORDS=(${list}); COMP_CWORD=${words.length - 1}; _tas; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const r = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { cwd, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    return r.stdout
      .split('\n')
      .filter((l) => l !== '')
      .sort();
  }

  test("each shell's script lists every command of the table, with its options", () => {
    for (const c of COMMANDS) {
      assert.match(scripts['bash']!, new RegExp(`^ {4}${c.name}\\)$`, 'm'), `bash: ${c.name}`);
      assert.match(
        scripts['zsh']!,
        new RegExp(`^ {4}'${c.name}:${c.summary.slice(0, 10).replace(/[.()]/g, '\\$&')}`, 'm'),
        `zsh: ${c.name}`,
      );
      assert.match(
        scripts['fish']!,
        new RegExp(`^complete -c tas -n __tas_needs_command -a ${c.name} -d `, 'm'),
        `fish: ${c.name}`,
      );
      for (const option of Object.keys(c.options)) {
        assert.ok(scripts['bash']!.includes(`--${option}`), `bash: ${c.name} --${option}`);
        assert.ok(scripts['zsh']!.includes(`--${option}`), `zsh: ${c.name} --${option}`);
        assert.match(
          scripts['fish']!,
          new RegExp(`'__tas_using_command ${c.name}' -l ${option}\\b`),
          `fish: ${c.name} --${option}`,
        );
      }
    }
    for (const option of Object.keys(GLOBAL_OPTIONS)) {
      for (const shell of ['bash', 'zsh', 'fish'])
        assert.ok(scripts[shell]!.includes(option), `${shell}: global --${option}`);
    }
    // bash and zsh scripts parse (fish and zsh may be missing here; bash is always there).
    const syntax = spawnSync('bash', ['-n'], { input: scripts['bash'], encoding: 'utf8' });
    assert.equal(syntax.status, 0, syntax.stderr);
  });

  test("bash completes a command, an option, an option's values and files when the script is sourced", () => {
    assert.deepEqual(bashComplete(['tas', '']), [...names].sort());
    assert.deepEqual(bashComplete(['tas', 'ex']), ['execute', 'executions', 'export']);
    assert.deepEqual(bashComplete(['tas', 'val']), ['validate']);
    assert.deepEqual(bashComplete(['tas', 'validate', '--fo']), ['--format']);
    assert.deepEqual(bashComplete(['tas', 'validate', '--format', '']), ['github', 'json', 'junit', 'sarif', 'text']);
    assert.deepEqual(bashComplete(['tas', 'validate', '--format', '=', 'j']), ['json', 'junit'], '--format=j');
    assert.deepEqual(bashComplete(['tas', '--start-end', 'o']), ['offsets']);
    // A global option with a value before the command does not hide the command.
    assert.deepEqual(bashComplete(['tas', '--profile', 'ci', 'rer']), ['rerun']);
    assert.deepEqual(bashComplete(['tas', 'completion', '']), ['bash', 'fish', 'zsh']);
    assert.deepEqual(bashComplete(['tas', 'help', 'comp']), ['completion']);
    mkdirSync(join(dir.path, 'cases'));
    writeFileSync(join(dir.path, 'cases', 'call.testcase.json'), '{}');
    assert.deepEqual(bashComplete(['tas', 'validate', 'cases/']), ['cases/call.testcase.json']);
    assert.deepEqual(bashComplete(['tas', 'export', '--out', 'ca']), ['cases']);
    // Ids are not guessed: nothing is offered for `tas rerun <id>`.
    assert.deepEqual(bashComplete(['tas', 'rerun', '']), []);
  });

  test("fish finds the command past global options and their values (tas --profile ci rerun): never fish's __fish_use_subcommand, which took the value for the command", () => {
    const fish = scripts['fish']!;
    assert.doesNotMatch(fish, /__fish_use_subcommand|__fish_seen_subcommand_from/);
    // The one place that finds the command skips the value of every global option that takes one.
    const valued = Object.entries(GLOBAL_OPTIONS)
      .filter(([, o]) => o.type === 'string')
      .map(([name]) => `--${name}`);
    assert.ok(valued.includes('--profile'));
    const skip = /^ {8}if contains -- \$tokens\[1\] (.+)$/m.exec(fish)?.[1]?.split(' ');
    assert.deepEqual(skip?.sort(), valued.sort(), 'every valued global option, and only those');
    assert.match(
      fish,
      /^function __tas_command\n {4}set -l tokens \(commandline -opc\)\n {4}set -e tokens\[1\]\n {4}while set -q tokens\[1\]\n {8}if contains [^\n]+\n {12}set -e tokens\[1\]\n {8}else if not string match -q -- '-\*' \$tokens\[1\]\n {12}echo \$tokens\[1\]\n {12}return 0\n {8}end\n {8}set -e tokens\[1\]\n {4}end\n {4}return 1\nend$/m,
    );
    // Commands and --version while there is none yet; each command's options and arguments once it is there.
    assert.match(fish, /^complete -c tas -n __tas_needs_command -l version /m);
    assert.match(fish, /^complete -c tas -n '__tas_using_command completion' -x -a 'bash zsh fish'$/m);
    assert.match(fish, /^complete -c tas -n '__tas_using_command validate' -F$/m);
  });

  test('an unknown shell is a usage error naming the three', async () => {
    const r = await tas(['completion', 'powershell'], { cwd: dir.path });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /bash, zsh and fish, not "powershell"/);
    assert.equal(r.stdout, '');
  });
});
