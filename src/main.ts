import 'reflect-metadata';
import { createApp } from './bootstrap.js';
import { ConfigError, loadConfig } from './config/app-config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen({ host: config.host, port: config.port });
  console.log(`bugzilla-products listening on http://${config.host}:${config.port}/rest (OpenAPI: /api)`);

  // Graceful shutdown: stop accepting, let in-flight requests finish, close the pool, exit 0.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: finishing in-flight requests`);
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
