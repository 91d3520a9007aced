import type { CommandSpec } from '../command';
import { completionCommand } from '../completion';
import { api } from './api';
import { cancel } from './cancel';
import { devices } from './devices';
import { copy } from './copy';
import { execute } from './execute';
import { executions } from './executions';
import { exportCmd } from './export';
import { history } from './history';
import { importCmd } from './import';
import { login } from './login';
import { mcp } from './mcp';
import { logout } from './logout';
import { nodes } from './nodes';
import { apply, get } from './recordDocuments';
import { rerun } from './rerun';
import { run } from './run';
import { suites } from './suites';
import { users } from './users';
import { validate } from './validate';
import { version } from './version';
import { watch } from './watch';

// Every command, in the order `tas --help` lists them.
export const COMMANDS: readonly CommandSpec[] = [
  validate,
  importCmd,
  exportCmd,
  copy,
  run,
  watch,
  suites,
  execute,
  cancel,
  executions,
  rerun,
  history,
  devices,
  nodes,
  users,
  get,
  apply,
  api,
  mcp,
  login,
  logout,
  completionCommand(() => COMMANDS),
  version,
];
