// `npm run bench -- import`: a 200,000-row (~25 MiB) CSV uploaded and processed into contacts and a group,
// timed from the first byte of the upload to `completed`, with the server's resident memory watched.
import http from 'node:http';
import { Readable } from 'node:stream';
import { sessionHeaders, startServerProcess } from './server-process.ts';

const ROWS = 200_000;

function* csvLines(): Generator<string> {
  yield 'name,phone,email,city,notes\n';
  for (let i = 0; i < ROWS; i++) {
    const national = String(754_000_000 + i * 3);
    const note = `customer since 20${10 + (i % 15)}; prefers Swahili; loyalty tier ${i % 5}`.padEnd(66, '.');
    yield `Mteja ${i},0${national},mteja${i}@example.co.tz,${i % 2 ? 'Dar es Salaam' : 'Arusha'},${note}\n`;
  }
}

function upload(base: string, headers: Record<string, string>): Promise<{ status: number; body: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const source = Readable.from(
      (function* () {
        let buffer = '';
        for (const line of csvLines()) {
          buffer += line;
          if (buffer.length >= 64 * 1024) {
            bytes += Buffer.byteLength(buffer);
            yield buffer;
            buffer = '';
          }
        }
        bytes += Buffer.byteLength(buffer);
        yield buffer;
      })(),
    );
    const req = http.request(`${base}/v1/contact-imports?filename=bench.csv`, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, bytes }));
    });
    req.on('error', reject);
    source.pipe(req);
  });
}

export async function run(): Promise<void> {
  const server = await startServerProcess();
  try {
    const headers = await sessionHeaders(server.base, server.member);
    await fetch(`${server.base}/v1/contacts`, { headers });
    const baseline = server.rssMiB();
    let peak = baseline;
    const watch = setInterval(() => (peak = Math.max(peak, server.rssMiB())), 50);
    const t0 = performance.now();
    const up = await upload(server.base, headers);
    const tUploaded = performance.now();
    const peakUpload = peak;
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${up.body.slice(0, 300)}`);
    const id = (JSON.parse(up.body) as { data: { import: { id: string } } }).data.import.id;
    const proc = await fetch(`${server.base}/v1/contact-imports/${id}/process`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ phone_column: 'phone', name_column: 'name', group_name: 'Bench customers', consent: { note: 'bench consent', confirmation: 'CONSENT FOR ALL' } }),
    });
    if (proc.status !== 202) throw new Error(`process answered ${proc.status}: ${await proc.text()}`);
    let state = '';
    let counts: unknown = null;
    while (state !== 'completed' && state !== 'failed') {
      await new Promise((r) => setTimeout(r, 50));
      const got = (await (await fetch(`${server.base}/v1/contact-imports/${id}`, { headers })).json()) as { data: { import: { state: string; counts: unknown } } };
      state = got.data.import.state;
      counts = got.data.import.counts;
    }
    const t1 = performance.now();
    clearInterval(watch);
    peak = Math.max(peak, server.rssMiB());
    process.stdout.write(
      [
        `import: ${ROWS} rows, ${(up.bytes / 1024 / 1024).toFixed(1)} MiB, state ${state}`,
        `  upload (first byte to 201): ${((tUploaded - t0) / 1000).toFixed(2)} s`,
        `  processing (202 to completed): ${((t1 - tUploaded) / 1000).toFixed(2)} s`,
        `  total (first byte to completed): ${((t1 - t0) / 1000).toFixed(2)} s (target < 8 s)`,
        `  server RSS: ${baseline.toFixed(0)} MiB before, ${peakUpload.toFixed(0)} MiB peak while uploading, ${peak.toFixed(0)} MiB peak overall, growth ${(peak - baseline).toFixed(0)} MiB (target < 150 MiB)`,
        `  counts: ${JSON.stringify(counts)}`,
        '',
      ].join('\n'),
    );
  } finally {
    await server.stop();
  }
}
