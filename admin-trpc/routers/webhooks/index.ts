// webhook endpoints, deliveries and attempts, redeliver.
import { router } from '../../trpc.ts';
import { listEndpoints } from './list-endpoints.ts';
import { getEndpoint } from './get-endpoint.ts';
import { createEndpoint } from './create-endpoint.ts';
import { updateEndpoint } from './update-endpoint.ts';
import { deleteEndpoint } from './delete-endpoint.ts';
import { rotateSecret } from './rotate-secret.ts';
import { listDeliveries } from './list-deliveries.ts';
import { listAttempts } from './list-attempts.ts';
import { redeliver } from './redeliver.ts';

export const webhooksRouter = router({
  listEndpoints,
  getEndpoint,
  createEndpoint,
  updateEndpoint,
  deleteEndpoint,
  rotateSecret,
  deliveries: listDeliveries,
  attempts: listAttempts,
  redeliver,
});
