// The adapters are thin and side by side: none imports another, so each reaches shared pieces through core/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ADAPTERS = ['rest-facade', 'graphql', 'admin-trpc'] as const;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

/** The adapter directories a file's relative imports reach. */
function adaptersImported(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const reached = new Set<string>();
  for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
    const target = resolve(dirname(join(ROOT, file)), spec!).slice(ROOT.length + 1);
    const top = target.split('/')[0]!;
    if ((ADAPTERS as readonly string[]).includes(top)) reached.add(top);
  }
  return [...reached];
}

describe('adapter boundaries', () => {
  for (const adapter of ADAPTERS) {
    it(`${adapter}/ imports no other adapter`, () => {
      const crossings = sources(adapter).flatMap((f) => adaptersImported(f).filter((a) => a !== adapter).map((a) => `${f} -> ${a}/`));
      expect(crossings).toEqual([]);
    });
  }

  it('core/ imports no adapter', () => {
    expect(sources('core').flatMap((f) => adaptersImported(f).map((a) => `${f} -> ${a}/`))).toEqual([]);
  });
});
