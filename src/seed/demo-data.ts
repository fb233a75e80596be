import type { DataSource } from 'typeorm';
import { applySeed } from './seed-loader.js';
import { packageFile, readSeedFile } from './seed-file.js';
import type { Seed } from './seed.js';

export interface DemoUser {
  login: string;
  apiKey: string;
  groups: string[];
}

/** True when there is nothing to lose: no products and no users. */
export async function isDatabaseEmpty(ds: DataSource): Promise<boolean> {
  const products: unknown[] = await ds.query('SELECT 1 AS one FROM products LIMIT 1');
  if (products.length > 0) return false;
  const profiles: unknown[] = await ds.query('SELECT 1 AS one FROM profiles LIMIT 1');
  return profiles.length === 0;
}

/**
 * The demo data (SPEC §1) is one seed file, `seeds/demo.yaml`, applied like any other.
 * Returns its users and their new API keys for the caller to print.
 */
export async function loadDemoData(ds: DataSource): Promise<DemoUser[]> {
  const seed = readSeedFile(packageFile('seeds/demo.yaml')) as Seed;
  const { apiKeys } = await applySeed(ds, seed);
  return (seed.users ?? []).map((u) => ({ login: u.login, apiKey: apiKeys[u.login], groups: u.groups ?? [] }));
}
