// The success envelope of the spec, as an answer is sent and as its idempotency record keeps it for replays.
import type { StoredResponse } from '../app/idempotency.ts';

export function successAnswer(status: number, data: object): StoredResponse {
  return { status, body: JSON.stringify({ success: true, data }) };
}

/** The data of a stored success answer. */
export function dataOfAnswer(body: string): unknown {
  return (JSON.parse(body) as { data: unknown }).data;
}
