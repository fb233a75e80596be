import { DynamicModule, Global, Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module.js';
import { BugzillaModule } from './bugzilla/bugzilla.module.js';
import { CacheModule } from './cache/cache.module.js';
import { ClassificationModule } from './classifications/classification.module.js';
import { ComponentModule } from './components/component.module.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { DatabaseModule } from './database/database.module.js';
import { FlagTypeModule } from './flag-types/flag-type.module.js';
import { FrontModule } from './front/bugzilla-state.js';
import { GroupModule } from './groups/group.module.js';
import { HealthController } from './health/health.controller.js';
import { LastVisitModule } from './last-visit/last-visit.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { ProductModule } from './products/product.module.js';
import { RpcModule } from './rpc/rpc.module.js';
import { SeedModule } from './seed/seed.module.js';
import { ServerInfoModule } from './server-info/server-info.module.js';

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
        DatabaseModule,
        MetricsModule,
        CacheModule,
        BugzillaModule,
        AuthModule,
        ProductModule,
        ClassificationModule,
        FlagTypeModule,
        GroupModule,
        ComponentModule,
        LastVisitModule,
        ServerInfoModule,
        RpcModule,
        SeedModule,
        FrontModule,
      ],
      controllers: [HealthController],
    };
  }
}
