/**
 * The package's programmatic API (`import { startServer } from 'bugzilla-products'`): the service
 * as a test dependency (SPEC §12). The seed's JSON Schema is `bugzilla-products/seed.schema.json`.
 */
export { startServer, type RunningServer, type SettingName, type StartServerOptions } from './kit/server.js';
export type { AppliedSeed } from './seed/seed-loader.js';
export { SeedError } from './seed/seed-validation.js';
export { ConfigError } from './config/app-config.js';
export type * from './seed/seed.js';
