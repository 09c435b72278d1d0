// For the accounts tests: the SMSC simulator behind a running dispatcher (system messages really leave over SMPP),
// the code read back from what the simulator received, and a mailer that keeps what it was given.
import { afterAll } from 'vitest';
import { startSmscSimulator, type SimulatedSubmit } from '../../workers/providers/smsc-simulator.ts';
import { createSmppProvider } from '../../workers/providers/smpp-client.ts';
import { startDispatcher } from '../../workers/dispatcher.ts';
import { decodeForSmpp } from '../../core/domain/sms-encoding.ts';
import type { Mail, Mailer } from '../../core/app/mail/mailer.ts';
import type { TestEnv } from './app.ts';

/** A simulator, a client and a dispatcher on this file's database; stopped after the file's tests. */
export async function startSmsDispatch(env: TestEnv): Promise<{ submits: SimulatedSubmit[] }> {
  const submits: SimulatedSubmit[] = [];
  const simulator = await startSmscSimulator({ port: 0, dlrDelayMs: 20, onSubmit: (s) => submits.push(s) });
  const provider = createSmppProvider({ url: simulator.url, tps: 1000, window: 20, submitTimeoutMs: 2000, logger: { info: () => {}, warn: () => {} } });
  const dispatcher = startDispatcher(env.deps, { live: null, simulator: provider }, { inFlight: 20, idleMs: 20, flushMs: 10 });
  afterAll(async () => {
    await dispatcher.stop();
    await provider.close();
    await simulator.close();
  });
  return { submits };
}

/** The text of every SMS the simulator received for a number (E.164), in order of arrival. */
export function textsTo(submits: readonly SimulatedSubmit[], phone: string): string[] {
  return submits.filter((s) => `+${s.destinationAddr}` === phone).map((s) => decodeForSmpp(s.shortMessage, s.dataCoding));
}

/** Waits for the number's SMS number `nth` (from 1) and reads the six-digit code it carries. */
export async function codeTextedTo(submits: readonly SimulatedSubmit[], phone: string, nth: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = textsTo(submits, phone)[nth - 1];
    if (text !== undefined) {
      const code = /code: (\d{6})/.exec(text)?.[1];
      if (!code) throw new Error(`the SMS carries no code: ${text}`);
      return code;
    }
    if (Date.now() > deadline) throw new Error(`no SMS number ${nth} reached ${phone} within ${timeoutMs} ms (${textsTo(submits, phone).length} did)`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export function capturingMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    kind: 'smtp',
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}
