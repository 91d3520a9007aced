import { pathToFileURL } from 'node:url';
import { DiagnosticCode } from '../../server/src/core';
import { displayPath } from './files';
import { messageText, type FileResult } from './validation';
import { VERSION } from './version';

// SARIF 2.1.0, the format code-scanning services upload: one run, a rule per diagnostic code,
// 1-based lines and columns, paths relative to the folder the command ran in (%SRCROOT%).

const RULES: Record<string, string> = {
  [DiagnosticCode.syntax]: 'The file is not valid JSON.',
  [DiagnosticCode.tooDeep]: 'A value is nested too deeply to be checked.',
  [DiagnosticCode.tooManyProblems]: 'More problems than are shown.',
  [DiagnosticCode.duplicateKey]: 'A key is repeated in one object; JSON readers keep only the last one.',
  [DiagnosticCode.required]: 'A required field is missing.',
  [DiagnosticCode.unknownField]: 'A field the test-case format does not know.',
  [DiagnosticCode.type]: 'A value has the wrong type.',
  [DiagnosticCode.value]: 'A value is not allowed here.',
  [DiagnosticCode.sipCodes]: 'A SIP code list is malformed.',
  [DiagnosticCode.plaintextSecret]: 'A secret is written in plain text; use the placeholder.',
  [DiagnosticCode.unknownDevice]: 'A mobile device id that does not exist on the service.',
  [DiagnosticCode.unknownTraceFilter]: 'A trace filter id that does not exist on the service.',
  [DiagnosticCode.staleDeviceName]: 'The device name no longer matches the device on the service.',
  [DiagnosticCode.staleMsisdn]: 'The MSISDN no longer matches the device on the service.',
  [DiagnosticCode.nameTaken]: 'Another test case on the service has this name.',
  [DiagnosticCode.unlinkedId]: 'The id names a different test case on the service.',
  [DiagnosticCode.unknownTestNode]: 'A test node id that does not exist on the service.',
  [DiagnosticCode.unknownDeviceModel]: 'A device model id that does not exist on the service.',
  [DiagnosticCode.notVerified]: 'References could not be checked against the service.',
};

const LEVEL = { 1: 'error', 2: 'warning', 3: 'note', 4: 'note' } as const;

/**
 * A path as a URI reference relative to SRCROOT: each segment escaped whole, so that `#`, `?`, `%`,
 * `:` and spaces in a name stay part of it (encodeURI left `#` to start a fragment, `?` a query).
 */
function relativeUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export function sarifLog(results: FileResult[], cwd: string): unknown {
  const codes = [
    ...new Set([
      ...Object.keys(RULES),
      ...results.flatMap((r) => r.diagnostics.map((d) => String(d.code ?? 'problem'))),
    ]),
  ];
  const index = new Map(codes.map((c, i) => [c, i]));
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'tas',
            version: VERSION,
            rules: codes.map((id) => ({
              id,
              name: id.replace(/(^|-)(\w)/g, (_m, _d: string, c: string) => c.toUpperCase()),
              shortDescription: { text: RULES[id] ?? id },
            })),
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(cwd.endsWith('/') ? cwd : `${cwd}/`).href } },
        artifacts: results.map((r) => ({
          location: { uri: relativeUri(displayPath(r.path, cwd)), uriBaseId: 'SRCROOT' },
        })),
        results: results.flatMap((r, fileIndex) =>
          r.diagnostics.map((d) => {
            const code = String(d.code ?? 'problem');
            return {
              ruleId: code,
              ruleIndex: index.get(code),
              level: LEVEL[d.severity ?? 1],
              message: { text: messageText(d) },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: {
                      uri: relativeUri(displayPath(r.path, cwd)),
                      uriBaseId: 'SRCROOT',
                      index: fileIndex,
                    },
                    region: {
                      startLine: d.range.start.line + 1,
                      startColumn: d.range.start.character + 1,
                      endLine: d.range.end.line + 1,
                      endColumn: d.range.end.character + 1,
                    },
                  },
                },
              ],
            };
          }),
        ),
      },
    ],
  };
}
