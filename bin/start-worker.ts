// `npm run start:worker`: one worker replica (run `npm run migrate` first).
import { main } from './boot.ts';
import { startAll } from './start.ts';

await main(() => startAll({ api: false, workers: true, migrate: false, seed: false }));
