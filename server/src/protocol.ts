// The contract between the extension and the language server, imported by both sides.
// Every custom request and notification is declared here once, with the way it flows.

export const SERVER_NAME = 'Test Automation language server';
export const SERVER_VERSION = '0.1.0';

/** The language id of test-case files (contributed in package.json). */
export const LANGUAGE_ID = 'tas-testcase';

/** Glob patterns of the files the server handles, as the design fixes them. */
export const FILE_PATTERNS = ['**/*.testcase.json', '**/*.testcases.json'] as const;
