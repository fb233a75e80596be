import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SeedError } from './seed-validation.js';
import { loadYaml } from './yaml-in-pieces.js';

/**
 * Reads a seed or provider-states file: JSON when it ends in `.json`, YAML otherwise (YAML
 * reads JSON too). A file that cannot be read or parsed is a SeedError naming the file.
 */
export function readSeedFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SeedError([
      `${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    ]);
  }
  try {
    return path.toLowerCase().endsWith('.json') ? JSON.parse(text) : (loadYaml(text) ?? {});
  } catch (error) {
    const kind = path.toLowerCase().endsWith('.json') ? 'JSON' : 'YAML';
    throw new SeedError([`${path}: not valid ${kind} (${(error as Error).message.split('\n')[0]})`]);
  }
}

/**
 * A file shipped with the package (`seeds/demo.yaml`): found from this module's place, which is
 * `src/seed` in the repository and `dist/src/seed` in the package.
 */
export function packageFile(relative: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return join(dir, relative);
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`The package's ${relative} was not found`);
    dir = parent;
  }
}
