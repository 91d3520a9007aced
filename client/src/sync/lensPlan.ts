// Which CodeLens a test-case file shows, and where: pure, so unit tests cover it.

export interface LensSpec {
  /** Offset in the document; the lens sits on that line. */
  offset: number;
  title: string;
  command: string;
  /** Bundle item the command acts on (after the file's uri). */
  index?: number;
  /** The test case the command acts on instead of the file (its history). */
  testCaseId?: number;
  tooltip: string;
}

/** A linked test case's history line ("9/10 passed · failed 2 h ago at step 3 · flaky"). */
export interface LensHistory {
  index?: number;
  testCaseId: number;
  line: string;
}

/** The history lens of the test case at `index`, when the file is linked and the history read. */
function historyLens(offset: number, index: number | undefined, history: readonly LensHistory[]): LensSpec[] {
  const h = history.find((x) => x.index === index);
  return h
    ? [
        {
          offset,
          title: `$(history) ${h.line}`,
          command: 'tas.showHistory',
          testCaseId: h.testCaseId,
          tooltip: `Open the history of test case ${h.testCaseId}: its runs, flaky and suspect marks`,
        },
      ]
    : [];
}

/**
 * A single test-case file: Run, Import to Service, and Refresh from Service when it is linked in
 * the current environment. A bundle: Import to Service (the whole bundle) at the top, Run on
 * each item. Refreshing a bundle item is not offered: an export rewrites a bundle as a whole.
 * A linked test case whose history was read: its history line after them, which opens it.
 */
export function lensPlan(
  bundle: boolean,
  items: { index: number; offset: number }[],
  linked: { index?: number; id: number }[],
  history: readonly LensHistory[] = [],
): LensSpec[] {
  if (!bundle) {
    const link = linked.find((l) => l.index === undefined);
    return [
      { offset: 0, title: '$(play) Run', command: 'tas.runTestCase', tooltip: 'Run this test case on the service' },
      {
        offset: 0,
        title: '$(cloud-upload) Import to Service',
        command: 'tas.importToService',
        tooltip: 'Send this file to the service',
      },
      ...(link
        ? [
            {
              offset: 0,
              title: '$(cloud-download) Refresh from Service',
              command: 'tas.refreshFromService',
              tooltip: `Write the service's version of test case ${link.id} into this file`,
            },
          ]
        : []),
      ...historyLens(0, undefined, history),
    ];
  }
  return [
    {
      offset: 0,
      title: '$(cloud-upload) Import to Service',
      command: 'tas.importToService',
      tooltip: 'Send every test case of this bundle to the service',
    },
    ...items.flatMap((i) => [
      {
        offset: i.offset,
        title: '$(play) Run',
        command: 'tas.runTestCase',
        index: i.index,
        tooltip: `Run test case ${i.index + 1} of this bundle on the service`,
      },
      ...historyLens(i.offset, i.index, history),
    ]),
  ];
}
