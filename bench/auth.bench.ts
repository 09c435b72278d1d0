// `npm run bench -- auth`: an authenticated read (API key, rate limit, one query) through the whole REST stack.
import { loadInThread as load, report } from './load.ts';
import { withInProcessService } from './in-process.ts';

export async function run(): Promise<void> {
  await withInProcessService(async ({ demo, listen }) => {
    const base = await listen();
    const headers = { authorization: `Bearer ${demo.liveKey}` };
    await load({ url: `${base}/v1/wallet`, connections: 8, seconds: 2, headers });
    report('GET /v1/wallet (32 connections)', await load({ url: `${base}/v1/wallet`, connections: 32, seconds: 10, headers }));
    report('GET /v1/openapi.json (public, 32 connections)', await load({ url: `${base}/v1/openapi.json`, connections: 32, seconds: 5 }));
  });
}
