// A worker process survives a rejection nobody awaited when it is a database fault (graphile-worker's own writes
// cut off by a stopping database), and still ends on any other: each case in a child process of its own.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('../../workers/unawaited-faults.ts', import.meta.url));

function runChild(rejection: string) {
  const script = `
    import { surviveUnawaitedDatabaseFaults } from ${JSON.stringify(MODULE)};
    surviveUnawaitedDatabaseFaults((message) => console.log(message));
    Promise.reject(${rejection});
    setTimeout(() => { console.log('still running'); process.exit(0); }, 200);`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
}

describe('surviveUnawaitedDatabaseFaults', () => {
  it('logs a database fault nobody awaited and goes on', () => {
    const child = runChild("Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })");
    expect(child.stdout).toContain('a database write nobody awaited was cut off');
    expect(child.stdout).toContain('still running');
    expect(child.status).toBe(0);
  });

  it('a connection the database ended counts as such a fault', () => {
    const child = runChild("new Error('Connection terminated unexpectedly')");
    expect(child.stdout).toContain('still running');
    expect(child.status).toBe(0);
  });

  it('ends the process on any other rejection nobody awaited', () => {
    const child = runChild("new Error('a bug')");
    expect(child.stdout).not.toContain('still running');
    expect(child.stderr).toContain('a bug');
    expect(child.status).not.toBe(0);
  });
});
