// The adapters are thin and side by side: none imports another, so each reaches shared pieces through core/.
// The use cases and the rules know nothing of transport: cookies, headers, statuses and envelopes live in
// core/transport, which the adapters share and core/app and core/domain never reach.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as cookies from '../../core/transport/cookies.ts';
import * as headers from '../../core/transport/headers.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ADAPTERS = ['rest-facade', 'graphql', 'admin-trpc'] as const;
const TRANSPORT = 'core/transport';
const TRANSPORT_FREE = ['core/app', 'core/domain'] as const;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

/** The files a source's relative imports reach, from the root. */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map(([, spec]) => resolve(dirname(join(ROOT, file)), spec!).slice(ROOT.length + 1));
}

/** The adapter directories a file's relative imports reach. */
function adaptersImported(file: string): string[] {
  const reached = new Set<string>();
  for (const target of relativeImports(file)) {
    const top = target.split('/')[0]!;
    if ((ADAPTERS as readonly string[]).includes(top)) reached.add(top);
  }
  return [...reached];
}

/** The packages that speak HTTP: a use case that needs one has taken on an adapter's work. */
const TRANSPORT_PACKAGES = /^(express|node:http|node:https|node:http2|http|https|cookie|helmet|supertest|graphql-yoga|@trpc\/.*)$/;

function packagesImported(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'([^.'][^']*)'/g)].map(([, spec]) => spec!);
}

/** The code of a file without its comments (a comment may explain what the transport does; code may not do it). */
function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * What only a transport touches, found in code: a request or response object (`req.`, `res.`), an HTTP status
 * (the status map, a status code set or read, a status written as a number), and the names of the service's
 * headers and cookies, which core/transport owns.
 */
const TRANSPORT_NAMES = [...Object.values(headers), ...[cookies.SESSION_COOKIE, cookies.CSRF_COOKIE, cookies.DEVICE_COOKIE]].filter(
  (v): v is string => typeof v === 'string',
);
const TRANSPORT_CODE: [string, RegExp][] = [
  ['a request or response object', /\b(?:req|res)\.[A-Za-z_$]/],
  ['an HTTP status', /\bERROR_STATUS\b|\bstatusCode\b|\bsetHeader\b|\bstatus\s*[:=(]\s*[1-5]\d\d\b/],
  ...TRANSPORT_NAMES.map((name): [string, RegExp] => [`the name ${name}`, new RegExp(`\\b${name}\\b`, 'i')]),
];

function transportIn(file: string): string[] {
  const text = code(file);
  return TRANSPORT_CODE.filter(([, re]) => re.test(text)).map(([what]) => `${file}: ${what}`);
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

  for (const dir of TRANSPORT_FREE) {
    it(`${dir}/ imports neither core/transport nor a package that speaks HTTP`, () => {
      const reached = sources(dir).flatMap((f) => [
        ...relativeImports(f).filter((t) => t.startsWith(`${TRANSPORT}/`)).map((t) => `${f} -> ${t}`),
        ...packagesImported(f).filter((p) => TRANSPORT_PACKAGES.test(p)).map((p) => `${f} -> ${p}`),
      ]);
      expect(reached).toEqual([]);
    });

    it(`${dir}/ code touches no request, response, status, header or cookie`, () => {
      expect(sources(dir).flatMap(transportIn)).toEqual([]);
    });
  }

  it('the check finds what it looks for', () => {
    // A use case that did an adapter's work, written as it would be; each line must be caught.
    const samples = [
      "res.setHeader('Retry-After', '5');",
      'if (req.headers.cookie) return;',
      "throw new DomainError('conflict', 'used', { field: 'X-Idempotency-Key' });",
      'return { status: 201, body };',
      'const token = jar.get("ujm_session");',
    ];
    for (const sample of samples) expect(TRANSPORT_CODE.some(([, re]) => re.test(sample)), sample).toBe(true);
    expect(TRANSPORT_CODE.some(([, re]) => re.test("const status = unwrap(decideTopUp(request.status, 'credit'));"))).toBe(false);
  });
});
