import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/app-config.js';
import { buildDataSourceOptions } from './src/database/data-source-options.js';

/** The TypeORM CLI's data source (`npm run typeorm -- migration:show`), built like the app's. */
export default new DataSource(buildDataSourceOptions(loadConfig()));
