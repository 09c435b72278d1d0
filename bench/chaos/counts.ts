// A run's figures for its report line: what the client sent and heard, and where the messages ended.
import type { SentMessage } from './traffic.ts';
import type { Snapshot } from './snapshot.ts';
import { takenIn, type Recorder } from './recorder.ts';

export function runCounts(sent: SentMessage[], snapshot: Snapshot, recorder: Recorder, campaign: number, launch: number) {
  const statuses: Record<string, number> = {};
  for (const m of snapshot.messages) statuses[m.status] = (statuses[m.status] ?? 0) + 1;
  // Which bind took each message last: the world's two binds should both carry traffic.
  const binds: Record<string, number> = {};
  for (const m of snapshot.messages) binds[m.bind ?? 'none'] = (binds[m.bind ?? 'none'] ?? 0) + 1;
  const retries: Record<string, number> = {};
  for (const s of sent) for (const f of s.result.failures) retries[f] = (retries[f] ?? 0) + 1;
  // Unknown although the SMSC never took in a part of it: it was claimed, then its process died before the submit.
  const unknownNeverSent = snapshot.messages.filter(
    (m) => m.status === 'unknown' && !recorder.handset(m.to_phone.replace(/^\+/, '')).submits.some(takenIn),
  ).length;
  const counts = {
    sent: sent.length,
    '202': sent.filter((s) => s.result.successes.length > 0).length,
    refused: sent.filter((s) => s.result.answer && s.result.answer.status >= 400).length,
    unanswered: sent.filter((s) => !s.result.answer).length,
    retried: sent.filter((s) => s.result.attempts > 1).length,
    campaign,
    launch,
    messages: snapshot.messages.length,
    'unknown-never-sent': unknownNeverSent,
  };
  return { counts, statuses, binds, retries };
}
