// The processes of a running PostgreSQL cluster (its postmaster, then every child: backends, checkpointer, …),
// read from its data directory and /proc: what a fault test freezes and thaws with SIGSTOP and SIGCONT.
import fs from 'node:fs';
import path from 'node:path';

export function clusterProcessIds(directory: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The fields after the command's closing parenthesis: state, then the parent's pid.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}
