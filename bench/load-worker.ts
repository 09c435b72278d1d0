// Runs the load generator on its own thread, so it does not share the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { load } from './load.ts';

parentPort?.postMessage(await load(workerData));
