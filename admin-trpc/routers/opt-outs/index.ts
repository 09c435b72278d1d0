// opt-outs: list, record, clear.
import { router } from '../../trpc.ts';
import { listOptOuts } from './list-opt-outs.ts';
import { recordOptOut } from './record-opt-out.ts';
import { clearOptOut } from './clear-opt-out.ts';

export const optOutsRouter = router({ list: listOptOuts, record: recordOptOut, clear: clearOptOut });
