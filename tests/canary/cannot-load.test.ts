// Run only by .ci/run (UJUMBE_CANARY=1): proves that a test file that cannot load fails `npm test`.
import { it } from 'vitest';

throw new Error('canary: this file fails to load on purpose');

it('is never reached', () => {});
