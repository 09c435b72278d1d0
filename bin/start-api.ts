// `npm run start:api`: one API replica (run `npm run migrate` first).
import { startAll } from './start.ts';

await startAll({ api: true, workers: false, migrate: false, seed: false });
