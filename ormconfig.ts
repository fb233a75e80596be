import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config.js';
import { buildDataSourceOptions } from './src/database/data-source-options.js';

/**
 * The TypeORM CLI's data source (`npm run typeorm -- migration:show`), built like the app's.
 * The application's modules register their entities themselves; the CLI finds them by file name.
 */
const entities = fileURLToPath(new URL('./src/**/entities/*.entity.js', import.meta.url));

export default new DataSource(buildDataSourceOptions(loadConfig(), { entities: [entities] }));
