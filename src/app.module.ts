import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AuthModule } from './auth/auth.module.js';
import { BugzillaModule } from './bugzilla/bugzilla.module.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthController } from './health/health.controller.js';
import { LastVisitModule } from './last-visit/last-visit.module.js';
import { ProductModule } from './products/product.module.js';

@Global()
@Module({})
class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}

/** Wires configuration, logging, the database, the shared Bugzilla conventions and the features. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            // Fastify's own request id, so log lines and 500 answers name the same id.
            genReqId: (request) => (request as unknown as { id: string }).id,
            autoLogging: { ignore: (request) => request.url === '/health' },
            redact: ['req.headers["x-bugzilla-api-key"]', 'req.headers["x-bugzilla-password"]', 'req.headers["x-bugzilla-token"]'],
            serializers: {
              // Credentials travel in the query string; never log them.
              req: (req: { method: string; url: string; id: string }) => ({
                id: req.id,
                method: req.method,
                url: redactCredentials(req.url),
              }),
            },
          },
        }),
        DatabaseModule,
        BugzillaModule,
        AuthModule,
        ProductModule,
        LastVisitModule,
      ],
      controllers: [HealthController],
    };
  }
}

const CREDENTIAL_PARAM = /([?&](?:Bugzilla_api_key|api_key|Bugzilla_password|password|Bugzilla_token|token)=)[^&]*/gi;

function redactCredentials(url: string): string {
  return url.replace(CREDENTIAL_PARAM, '$1[redacted]');
}
