// A CSV file as the answer of a GET: the headers, then the stream (HEAD only says the file exists, making none).
import type { Request, Response } from 'express';
import type { HandlerResult } from './route.ts';
import type { CsvExport } from '../core/app/csv-export.ts';

/**
 * HEAD (which express routes to GET) answers once the checks before `open` pass (and `exists`, when the file is of
 * a resource that may be missing), without opening the file: no rate-limit token, no audit event. A failure half
 * way has destroyed the response, so the client sees a broken transfer, never a short file.
 */
export async function csvDownload(req: Request, res: Response, open: () => Promise<CsvExport>, exists?: () => Promise<unknown>): Promise<HandlerResult> {
  if (req.method === 'HEAD') {
    await exists?.();
    res.status(200).type('text/csv; charset=utf-8').end();
    return { written: true };
  }
  const file = await open();
  res.status(200).type('text/csv; charset=utf-8').attachment(file.filename).setHeader('Cache-Control', 'no-store');
  await file.pipeTo(res).catch(() => {});
  return { written: true };
}
