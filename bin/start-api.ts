// `npm run start:api`: one API replica (run `npm run migrate` first).
import { main } from './boot.ts';
import { startAll } from './start.ts';

await main(() => startAll({ api: true, workers: false, migrate: false, seed: false }));
