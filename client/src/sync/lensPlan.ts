// Which CodeLens a test-case file shows, and where: pure, so unit tests cover it.

export interface LensSpec {
  /** Offset in the document; the lens sits on that line. */
  offset: number;
  title: string;
  command: string;
  /** Bundle item the command acts on (after the file's uri). */
  index?: number;
  tooltip: string;
}

/**
 * A single test-case file: Run, Import to Service, and Refresh from Service when it is linked in
 * the current environment. A bundle: Import to Service (the whole bundle) at the top, Run on
 * each item. Refreshing a bundle item is not offered: an export rewrites a bundle as a whole.
 */
export function lensPlan(
  bundle: boolean,
  items: { index: number; offset: number }[],
  linked: { index?: number; id: number }[],
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
    ];
  }
  return [
    {
      offset: 0,
      title: '$(cloud-upload) Import to Service',
      command: 'tas.importToService',
      tooltip: 'Send every test case of this bundle to the service',
    },
    ...items.map((i) => ({
      offset: i.offset,
      title: '$(play) Run',
      command: 'tas.runTestCase',
      index: i.index,
      tooltip: `Run test case ${i.index + 1} of this bundle on the service`,
    })),
  ];
}
