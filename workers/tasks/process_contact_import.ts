// Task `process_contact_import`: processes one queued import; its payload is parsed, since old jobs outlive code.
import { z } from 'zod';
import type { Task } from 'graphile-worker';
import type { Deps } from '../../core/app/context.ts';
import { runImport } from '../../core/app/imports/run-import.ts';

const ZPayload = z.object({ importId: z.uuid() });

export function processContactImportTask(deps: Deps): Task {
  return async (payload, helpers) => {
    const { importId } = ZPayload.parse(payload);
    await runImport(deps, importId, helpers.job.attempts >= helpers.job.max_attempts);
  };
}
