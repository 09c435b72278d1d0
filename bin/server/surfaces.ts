// Every surface the service serves beside REST, in the order they are mounted.
import type { Surface } from './app.ts';
import { mountTrpc } from '../../admin-trpc/router.ts';
import { mountGraphql } from '../../graphql/yoga.ts';
import { mountDashboard } from '../../dashboard/serve.ts';

export const SURFACES: readonly Surface[] = [mountTrpc, mountGraphql, mountDashboard];
