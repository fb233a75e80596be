import { seedBeforeStart, seedBulkProducts } from './seed-before-start.js';
import type { TestDatabase } from './test-app.js';

/**
 * The products the HTTPS and HTTP/2 specs read: Secure A and Secure B, a component each; with `bulk`, as many
 * products again of 100 components each, so that the whole catalogue is an answer streamed piece by piece
 * (over WHOLE_ANSWER_ROWS_LIMIT rows, docs/operators.md "Large answers").
 */
export async function prepareSecureProducts(database: TestDatabase, bulk = 0): Promise<void> {
  await seedBeforeStart(database, async (seed) => {
    const owner = await seed.user('owner@tls.test');
    for (const name of ['Secure A', 'Secure B']) {
      const product = await seed.product(name, { description: `${name} over TLS` });
      await seed.component(product, 'General', { owner, description: 'Things' });
    }
    await seedBulkProducts(seed, { prefix: 'Bulk', count: bulk, owner, repeat: 50 });
  });
}
