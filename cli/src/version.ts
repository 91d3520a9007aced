// The package version, put in by the bundler (scripts/build.mjs) from package.json.
declare const TAS_CLI_VERSION: string | undefined;
export const VERSION: string = typeof TAS_CLI_VERSION === 'string' ? TAS_CLI_VERSION : '0.0.0-dev';
