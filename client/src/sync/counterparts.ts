import * as vscode from 'vscode';
import type { RefChoices, UnmappedRef } from '../../../server/src/core';
import { counterpartPick, withChoice } from './mappingFormat';

// The quick pick of counterparts: where a reference of another environment has none, or two, in
// the target, the person names it. The server keeps the choice (the sync state's `choices`).

/**
 * Asks for each reference in turn; Escape stops asking (`stopped`), what was picked so far is kept.
 * `home`: where the references belong, for one that does not name its own environment.
 */
export async function pickCounterparts(
  unmapped: readonly UnmappedRef[],
  home: string,
  target: string,
  choices: RefChoices,
): Promise<{ choices: RefChoices; picked: number; stopped: boolean }> {
  let out = choices;
  let picked = 0;
  for (const u of unmapped) {
    const pick = counterpartPick(u, u.home ?? home, target);
    if (pick.items.length === 0) continue;
    const chosen = await vscode.window.showQuickPick(pick.items, {
      title: pick.title,
      placeHolder: pick.placeHolder,
      matchOnDescription: true,
      ignoreFocusOut: true,
    });
    if (!chosen) return { choices: out, picked, stopped: true };
    out = withChoice(out, u, chosen.id);
    picked += 1;
  }
  return { choices: out, picked, stopped: false };
}
