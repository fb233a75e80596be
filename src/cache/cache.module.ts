import { Global, Module } from '@nestjs/common';
import { ModelCache } from './model-cache.js';

/**
 * The in-memory model of products and callers (SPEC §1, CACHE_MAX_STALENESS_MS): global, so
 * that the caller lookup (auth) and the product reads both consult the one model.
 */
@Global()
@Module({
  providers: [ModelCache],
  exports: [ModelCache],
})
export class CacheModule {}
