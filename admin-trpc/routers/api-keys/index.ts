// apiKeys: list, create (secret shown once), rotate, revoke, re-assign.
import { router } from '../../trpc.ts';
import { listApiKeys } from './list-api-keys.ts';
import { createApiKey } from './create-api-key.ts';
import { rotateApiKey } from './rotate-api-key.ts';
import { revokeApiKey } from './revoke-api-key.ts';
import { reassignApiKey } from './reassign-api-key.ts';

export const apiKeysRouter = router({ list: listApiKeys, create: createApiKey, rotate: rotateApiKey, revoke: revokeApiKey, reassign: reassignApiKey });
