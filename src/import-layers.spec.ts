import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * STYLE.md's "every arrow one way", checked on the source: no module imports (even a type from) a
 * module that imports it back, in the server or the admin console, and the in-memory model (cache/)
 * reaches only the layers below it, never the caller (auth/) or a feature.
 */

const SOURCE_FILE = /\.tsx?$/;
const RELATIVE_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(entry.name) && !entry.name.includes('.spec.') ? [resolve(path)] : [];
  });
}

/** Each file's relative imports, resolved to the files they name. */
function importGraph(root: string): Map<string, string[]> {
  const files = new Set(sourceFiles(root));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)].flatMap(([, spec]) => {
      const base = resolve(dirname(file), spec).replace(/\.js$/, '');
      return ['.ts', '.tsx'].map((ext) => base + ext).filter((candidate) => files.has(candidate));
    });
    graph.set(file, targets);
  }
  return graph;
}

/** The import circles: strongly connected groups of more than one file (Tarjan), as paths under root. */
function importCircles(root: string): string[][] {
  const graph = importGraph(root);
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)!) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, order.get(target)!));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(relative(root, member));
    } while (member !== file);
    if (group.length > 1) circles.push(group.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}

describe('import layers', () => {
  it('the server has no import circles', () => {
    expect(importCircles('src')).toEqual([]);
  });

  it('the admin console has no import circles (its tabs do not import the page that imports them)', () => {
    expect(importCircles('admin-ui/src')).toEqual([]);
  });

  it('the in-memory model imports only the layers below it: not the caller, not a feature', () => {
    const below = new Set(['cache', 'catalogue', 'bugzilla', 'config', 'database', 'metrics']);
    const outside = sourceFiles('src/cache').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
        .map(([, spec]) => relative(resolve('src'), resolve(dirname(file), spec)))
        .filter((target) => !below.has(target.split('/')[0]))
        .map((target) => `${relative(resolve('src'), file)} -> ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it("the server's two clients, the admin console and the catalogue commands, share the generated API types (src/openapi/), not each other's folders", () => {
    /** What the files under root import from outside root, as paths from the repository. */
    const reachOf = (root: string) =>
      sourceFiles(root).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
          .map(([, spec]) => relative(resolve('.'), resolve(dirname(file), spec)))
          .filter((target) => !target.startsWith(`${root}/`)),
      );
    expect(reachOf('admin-ui/src')).toEqual(['src/openapi/rest-api.js']);
    expect(reachOf('src/catalog-as-code').filter((target) => !target.startsWith('src/'))).toEqual([]);
    expect(reachOf('src/catalog-as-code')).toContain('src/openapi/rest-api.js');
  });
});
