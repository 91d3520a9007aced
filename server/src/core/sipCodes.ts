import { DiagnosticCode, Severity, type Finding } from './diagnostics';

// Our rule for sipMessageCodes (the document shows only "str"): a comma-separated list of SIP
// status codes, each 100 to 699, e.g. "180,183,200". Spaces after commas are allowed.

export function checkSipCodes(value: string, path: readonly (string | number)[]): Finding[] {
  const findings: Finding[] = [];
  if (value.trim() === '') {
    return [
      {
        path,
        on: 'value',
        message: 'sipMessageCodes is empty: list SIP status codes such as "180,183,200".',
        code: DiagnosticCode.sipCodes,
        severity: Severity.Error,
      },
    ];
  }
  let offset = 1; // past the opening quote in the document text
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const code = part.trim();
    const start = offset + part.indexOf(code === '' ? part : code);
    const inner = { start, end: start + Math.max(1, code.length) };
    if (!/^\d{3}$/.test(code) || Number(code) < 100 || Number(code) > 699) {
      findings.push({
        path,
        on: 'value',
        inner,
        message:
          code === ''
            ? 'Empty entry in sipMessageCodes: remove the extra comma.'
            : `'${code}' is not a SIP status code: use three digits from 100 to 699.`,
        code: DiagnosticCode.sipCodes,
        severity: Severity.Error,
      });
    } else if (seen.has(code)) {
      findings.push({
        path,
        on: 'value',
        inner,
        message: `SIP code ${code} is listed twice.`,
        code: DiagnosticCode.sipCodes,
        severity: Severity.Warning,
      });
    }
    seen.add(code);
    offset += part.length + 1;
  }
  return findings;
}
