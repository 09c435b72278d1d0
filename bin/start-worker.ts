// `npm run start:worker`: one worker replica (run `npm run migrate` first).
import { startAll } from './start.ts';

await startAll({ api: false, workers: true, migrate: false, seed: false });
