/**
 * Settings every test app and service process of this run gets unless a test sets them itself:
 * `TEST_CACHE_MAX_STALENESS_MS=0 npm run test:e2e` runs the whole suite on the database path
 * (the default runs it with the in-memory model on, as the service's own default).
 */
export function suiteEnv(): Record<string, string> {
  const staleness = process.env.TEST_CACHE_MAX_STALENESS_MS;
  return staleness === undefined || staleness === '' ? {} : { CACHE_MAX_STALENESS_MS: staleness };
}
