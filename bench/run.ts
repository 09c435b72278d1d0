// `npm run bench -- NAME`: runs one benchmark and prints its figures.
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';

const name = process.argv[2];
const dir = new URL('./', import.meta.url);
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));

if (!name || !available.includes(name)) {
  process.stderr.write(`usage: npm run bench -- NAME\nbenchmarks: ${available.join(', ')}\n`);
  process.exit(name ? 2 : 0);
}

const mod = (await import(pathToFileURL(new URL(`./${name}.bench.ts`, dir).pathname).href)) as { run(): Promise<void> };
await mod.run();
process.exit(0);
