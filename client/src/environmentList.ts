// The list of environments in the settings (a name and a base URL each) and the edits Manage
// Environments makes to it. Plain functions on plain data: nothing from 'vscode', so unit tests
// cover them. Each edit returns a new list and leaves the old one alone.

import { baseUrlProblem, normalizeBaseUrl } from '../../server/src/core';

export { baseUrlProblem, normalizeBaseUrl };

export interface EnvironmentSetting {
  name: string;
  baseUrl: string;
  /** How the service reads start/end (auto, offsets, none); absent: auto. Kept by every edit. */
  startEnd?: string;
  /** true: plain http to another machine is allowed for this environment (the user's opt-in). Kept by every edit. */
  allowInsecureHttp?: boolean;
}

/** The opt-in for plain http as the environment passes it on: only an explicit `true` counts. */
export const insecureOptIn = (e: EnvironmentSetting): { allowInsecureHttp?: true } =>
  e.allowInsecureHttp === true ? { allowInsecureHttp: true } : {};

/** Where an environment's client ID and secret live in SecretStorage. */
export const SECRET_PREFIX = 'tas.credentials/';
export const secretKey = (name: string): string => SECRET_PREFIX + name;

/** The well-formed entries of the `tas.environments` setting. */
export function parseEnvironments(raw: unknown): EnvironmentSetting[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (e): e is EnvironmentSetting =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as EnvironmentSetting).name === 'string' &&
      typeof (e as EnvironmentSetting).baseUrl === 'string',
  );
}

/** An environment as a person knows it: its name when the list has its base URL, else the URL. */
export function environmentNamed(list: readonly EnvironmentSetting[], baseUrl: string): string {
  const url = normalizeBaseUrl(baseUrl);
  return list.find((e) => normalizeBaseUrl(e.baseUrl) === url)?.name ?? baseUrl;
}

/** Why a name cannot be used (empty, or taken by another environment than `except`). */
export function nameProblem(value: string, list: readonly EnvironmentSetting[], except?: string): string | undefined {
  const name = value.trim();
  if (!name) return 'A name is required.';
  if (list.some((e) => e.name === name && e.name !== except)) return 'That name is taken.';
  return undefined;
}

/** Thrown when an edit does not fit the list; the message says why in plain words. */
export class EnvironmentEditError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EnvironmentEditError';
  }
}

function mustExist(list: readonly EnvironmentSetting[], name: string): void {
  if (!list.some((e) => e.name === name)) throw new EnvironmentEditError(`There is no environment named ${name}.`);
}

export function addEnvironment(list: readonly EnvironmentSetting[], env: EnvironmentSetting): EnvironmentSetting[] {
  const problem = nameProblem(env.name, list) ?? baseUrlProblem(env.baseUrl);
  if (problem) throw new EnvironmentEditError(problem);
  return [...list, { name: env.name.trim(), baseUrl: normalizeBaseUrl(env.baseUrl) }];
}

export function renameEnvironment(list: readonly EnvironmentSetting[], from: string, to: string): EnvironmentSetting[] {
  mustExist(list, from);
  const problem = nameProblem(to, list, from);
  if (problem) throw new EnvironmentEditError(problem);
  return list.map((e) => (e.name === from ? { ...e, name: to.trim() } : e));
}

export function changeBaseUrl(
  list: readonly EnvironmentSetting[],
  name: string,
  baseUrl: string,
): EnvironmentSetting[] {
  mustExist(list, name);
  const problem = baseUrlProblem(baseUrl);
  if (problem) throw new EnvironmentEditError(problem);
  return list.map((e) => (e.name === name ? { ...e, baseUrl: normalizeBaseUrl(baseUrl) } : e));
}

export function removeEnvironment(list: readonly EnvironmentSetting[], name: string): EnvironmentSetting[] {
  mustExist(list, name);
  return list.filter((e) => e.name !== name);
}

/**
 * The `tas.activeEnvironment` setting after a rename or removal: it follows a renamed active
 * environment and is cleared when the active one is removed; otherwise unchanged.
 */
export function activeAfter(active: string, edit: { renamed: string; to: string } | { removed: string }): string {
  if ('removed' in edit) return active === edit.removed ? '' : active;
  return active === edit.renamed ? edit.to.trim() : active;
}

export interface PickerItem {
  label: string;
  description: string;
  detail: string;
}

/** Picker rows: the URL, and whether credentials are stored and which one is active. */
export function pickerItems(
  list: readonly EnvironmentSetting[],
  active: string | undefined,
  withCredentials: ReadonlySet<string>,
): PickerItem[] {
  return list.map((e) => ({
    label: e.name,
    description: e.baseUrl,
    detail: [
      withCredentials.has(e.name)
        ? '$(key) credentials stored'
        : '$(circle-slash) no credentials: picking it asks for them',
      ...(e.name === active ? ['active'] : []),
    ].join(' · '),
  }));
}
