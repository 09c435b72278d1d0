// Contact imports through the real path: a member uploads a CSV over REST, asks for processing, the job runs.
import { expect } from 'vitest';
import { createOrg, drainJobs, signInAs, type TestEnv } from './app.ts';

export type Session = Awaited<ReturnType<typeof signInAs>>;

export async function orgWithOwner(env: TestEnv) {
  const org = await createOrg(env, { keys: {} });
  return { org, owner: await signInAs(env, org.members.owner!) };
}

export async function uploadCsv(s: Session, csv: string, filename = 'wateja.csv'): Promise<string> {
  const res = await s.agent.post(`/v1/contact-imports?filename=${encodeURIComponent(filename)}`).set('X-CSRF-Token', s.csrf).set('Content-Type', 'text/csv').send(csv);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.import.id as string;
}

export function requestProcessing(s: Session, id: string, body: object) {
  return s.agent.post(`/v1/contact-imports/${id}/process`).set('X-CSRF-Token', s.csrf).send(body);
}

/** Uploads, asks for processing (202 expected) and runs the job; the import as GET answers it. */
export async function imported(env: TestEnv, s: Session, csv: string, body: object) {
  const id = await uploadCsv(s, csv);
  const queued = await requestProcessing(s, id, body);
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  await drainJobs(env);
  const got = await s.agent.get(`/v1/contact-imports/${id}`);
  expect(got.body.data.import.state).toBe('completed');
  return got.body.data.import as { id: string; counts: Record<string, number>; mapping: Record<string, unknown> };
}
