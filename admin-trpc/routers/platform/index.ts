// platform: service status and the sending window.
import { router } from '../../trpc.ts';
import { serviceStatus } from './service-status.ts';
import { sendingWindow } from './sending-window.ts';

export const platformRouter = router({ status: serviceStatus, sendingWindow });
