// Organizations for a run, made as an operator makes them: through the operator CLI (`ujumbe-ops`, DESIGN.md 3),
// one JSON object a call.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Cents each organization is credited with: far more than a run spends, so no send is refused for money. */
export const CREDIT_CENTS = 1_000_000_000;
export const SENDER = 'CHAOS';
export const UNIT_CENTS = { transactional: 2000, promotional: 2500 };

export interface Organization {
  id: string;
  liveKey: string;
  /** A member with the role asked for (a marketer runs campaigns, billing tops up), when one was. */
  member: { email: string; password: string } | null;
}

/** Runs `ujumbe-ops ARGS` against the database at `url`; its JSON answer, or an error with what it said. */
export function ops(url: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Record<string, any>> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, NODE_ENV: 'development', ...extraEnv };
  delete env.CLOCK;
  delete env.DATA_DIR;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/ujumbe-ops.ts', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      let out: Record<string, any> | null = null;
      try {
        out = JSON.parse(stdout.trim().split('\n').pop() ?? '') as Record<string, any>;
      } catch {
        // Reported below.
      }
      if (code === 0 && out && !out.error) return resolve(out);
      reject(new Error(`ujumbe-ops ${args.join(' ')} failed (${code}): ${stdout.trim()} ${stderr.trim().split('\n').slice(-3).join(' / ')}`));
    });
  });
}

/** The operator CLI, tried again while the database is briefly away (a fault of a run may still be settling). */
export async function opsRetrying(url: string, args: string[]): Promise<Record<string, any>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ops(url, args);
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
}

/** A verified organization with credit, a price plan, an approved sender, a live key and, if asked, a member. */
export async function provisionOrganization(url: string, name: string, role: 'marketer' | 'billing' | null): Promise<Organization> {
  const created = await opsRetrying(url, ['org', 'create', '--name', name, '--verified']);
  const id = created.organization.id as string;
  const member = role ? { email: `chaos-${id.slice(-12)}@example.com`, password: `Chaos-${id}-pass` } : null;
  // Independent of one another once the organization exists: one CLI process each, side by side.
  const [, , , key] = await Promise.all([
    opsRetrying(url, ['wallet', 'credit', id, '--amount', String(CREDIT_CENTS), '--reference', `chaos ${name}`]),
    opsRetrying(url, ['price-plan', 'set', id, '--transactional', String(UNIT_CENTS.transactional), '--promotional', String(UNIT_CENTS.promotional)]),
    opsRetrying(url, ['sender', 'add', id, '--name', SENDER, '--classes', 'transactional', '--route-approved']),
    opsRetrying(url, ['key', 'create', id, '--mode', 'live', '--scopes', 'messages:send,messages:read,wallet:read', '--name', 'chaos']),
    member && role ? opsRetrying(url, ['member', 'add', id, '--email', member.email, '--password', member.password, '--role', role]) : null,
  ]);
  return { id, liveKey: key.secret as string, member };
}
