import { Severity } from '../model/diagnostics';
import { validateSchema } from '../validation/schemaValidation';

// A dry run sends nothing, so the service cannot refuse what it would send; the test-case schema
// (the same the service checks a body against) predicts it, so the dry run's outcome and exit
// code are the real import's.

/** The first schema error of a body an import would send, in words, or undefined when the service would take it. */
export function schemaRefusal(body: unknown): string | undefined {
  const { findings } = validateSchema('testCase', body, 50);
  return findings.find((f) => f.severity === Severity.Error)?.message;
}
