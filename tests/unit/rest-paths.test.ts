// Links to REST operations are built from one table of their paths, which the REST routes declare theirs from:
// each entry is the path of the route of its operationId, and no other surface writes a REST path out.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REST_PATHS, restLink } from '../../core/transport/rest-paths.ts';
import { allRoutes } from '../../rest-facade/routes/index.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Code outside REST that might link to it (the server, the other adapters, the use cases, the workers, the dashboard). */
const LINKING = ['admin-trpc', 'graphql', 'core/app', 'core/domain', 'workers', 'bin', 'dashboard/src'];

function code(file: string): string {
  return readFileSync(join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

describe('REST paths', () => {
  it('each entry is the path of the REST route of its operationId', () => {
    for (const [operationId, path] of Object.entries(REST_PATHS)) {
      expect(allRoutes.find((r) => r.operationId === operationId)?.path, operationId).toBe(path);
    }
  });

  it('a link fills each parameter, percent-encoded, and adds only the query values given', () => {
    expect(restLink('exportCampaignRecipients', { id: '0193e0c4-aaaa' }, { status: 'delivered' })).toBe('/v1/campaigns/0193e0c4-aaaa/messages.csv?status=delivered');
    expect(restLink('exportCampaignRecipients', { id: 'a/b c' }, { status: undefined })).toBe('/v1/campaigns/a%2Fb%20c/messages.csv');
    expect(restLink('getServiceStatus', {})).toBe('/v1/service-status');
    // A parameter before a file extension is named without it.
    expect(restLink('exportWalletStatement', { month: '2026-10' })).toBe('/v1/wallet/statements/2026-10.csv');
    expect(restLink('uploadContactImport', {}, { filename: 'wateja wa Mei.csv' })).toBe('/v1/contact-imports?filename=wateja+wa+Mei.csv');
  });

  it('no code outside REST writes a REST path out', () => {
    const written = LINKING.flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => join(dir, f))
        .filter((f) => /['"`]\/v1\//.test(code(f))),
    );
    expect(written).toEqual([]);
  });
});
