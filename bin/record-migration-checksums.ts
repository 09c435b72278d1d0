// `npm run migrations:record`: adds the checksum of each migration that has none to migrations/checksums.json.
// It never rewrites a recorded checksum: a landed migration that changed is an error to undo, not a line to update.
import { currentChecksums, readRecordedChecksums, writeRecordedChecksums } from '../migrations/checksums.ts';

const recorded = readRecordedChecksums();
const added: string[] = [];
const changed: string[] = [];
for (const [name, checksum] of await currentChecksums()) {
  if (recorded[name] === undefined) {
    recorded[name] = checksum;
    added.push(name);
  } else if (recorded[name] !== checksum) {
    changed.push(name);
  }
}
if (added.length > 0) writeRecordedChecksums(recorded);
process.stdout.write(`${JSON.stringify({ recorded: added, changed })}\n`);
if (changed.length > 0) {
  process.stderr.write(
    `ujumbe: ${changed.join(', ')} no longer run${changed.length === 1 ? 's' : ''} what ${changed.length === 1 ? 'it' : 'they'} ran when recorded; ` +
      'undo the change and write a new migration for it (a landed migration is never edited)\n',
  );
  process.exitCode = 1;
}
