// contact imports: list, get, process, the invalid-rows report's link (the upload streams to REST).
import { router } from '../../trpc.ts';

export const importsRouter = router({});
