// User settings for a workbench that opens straight onto the workspace: no welcome page or
// walkthroughs, no chat side bar, no update checks or telemetry. Shared by `npm start`'s
// browser route and the real-editor tests (test/editor/editorProcesses.ts).

export const QUIET_USER_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
};
