// A simulator and an SMPP client wired together over loopback, with what each saw, for the adapter tests.
import type { OutgoingSms, ProviderReceipt, SmsProvider } from '../../core/app/messages/provider.ts';
import { countSegments, type Encoding } from '../../core/domain/segments.ts';
import { createSmppProvider, type SmppProviderOptions } from '../../workers/providers/smpp-client.ts';
import {
  startSmscSimulator, type SimulatedSubmit, type SmscSimulator, type SmscSimulatorOptions,
} from '../../workers/providers/smsc-simulator.ts';

export interface Harness {
  sim: SmscSimulator;
  provider: SmsProvider;
  receipts: ProviderReceipt[];
  submits: SimulatedSubmit[];
  warnings: string[];
}

const open: Array<() => Promise<void>> = [];

export async function harness(
  simOptions: Partial<SmscSimulatorOptions> = {},
  clientOptions: Partial<SmppProviderOptions> & { password?: string } = {},
): Promise<Harness> {
  const submits: SimulatedSubmit[] = [];
  const sim = await startSmscSimulator({ dlrDelayMs: 50, ...simOptions, onSubmit: (s) => submits.push(s) });
  const warnings: string[] = [];
  const { password, ...rest } = clientOptions;
  const url = password === undefined ? sim.url : sim.url.replace(/:[^:@/]*@/, `:${password}@`);
  const provider = createSmppProvider({
    url,
    tps: 1000,
    window: 10,
    submitTimeoutMs: 2000,
    logger: { info: () => {}, warn: (msg) => warnings.push(msg) },
    ...rest,
  });
  const receipts: ProviderReceipt[] = [];
  provider.onReceipt((r) => void receipts.push(r));
  open.push(async () => {
    await provider.close();
    await sim.close();
  });
  return { sim, provider, receipts, submits, warnings };
}

/** Closes every harness of the test, clients before their simulators. */
export async function closeHarnesses(): Promise<void> {
  for (const close of open.splice(0)) await close();
}

export function sms(to: string, body = 'Habari, karibu Ujumbe', encoding: Encoding = 'gsm7'): OutgoingSms {
  return { organizationId: 'org-test', messageId: `msg-${to}`, to, from: 'UJUMBE', body, encoding, segments: countSegments(body, encoding) };
}

export async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
