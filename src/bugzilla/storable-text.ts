import type { DataSource, EntityManager } from 'typeorm';
import { textCapacityOf } from '../database/text-capacity.js';
import { Errors } from './bugzilla-error.js';

/** A value a write would store: the parameter that gave it, and the column (`table.column`) it goes to. */
export interface StoredText {
  param: string;
  column: `${string}.${string}`;
  value: string | readonly string[] | undefined;
}

/**
 * Refuses a write whose values the database cannot store (SPEC §8: a character of 4 bytes for a column
 * of 3-byte UTF-8, a Bugzilla 5.0 database), before anything is written: 400, code 53, naming the
 * parameter. Every write path calls it with the values it is about to store, as soon as it has read
 * them; what the columns can store was learnt at start (src/database/text-capacity.ts).
 */
export function refuseUnstorableText(db: DataSource | Pick<EntityManager, 'connection'>, values: StoredText[]): void {
  const capacity = textCapacityOf(db);
  if (!capacity.hasThreeByteColumns) return;
  for (const { param, column, value } of values) {
    const texts = typeof value === 'string' ? [value] : (value ?? []);
    if (texts.some((text) => !capacity.fits(column, text))) throw Errors.unstorableText(param);
  }
}
