// Every REST operation, in one list that express and the OpenAPI document both read.
import type { AnyRoute } from '../route.ts';
import { authRoutes } from './auth.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { memberRoutes } from './members.ts';
import { moneyRoutes } from './money.ts';
import { platformRoutes } from './platform.ts';
import { contactRoutes } from './contacts.ts';
import { contactFieldRoutes } from './contact-fields.ts';
import { importRoutes } from './imports.ts';
import { messageRoutes } from './messages.ts';
import { inboundRoutes } from './inbound.ts';
import { campaignRoutes } from './campaigns.ts';
import { campaignRecipientRoutes } from './campaign-recipients.ts';
import { webhookRoutes } from './webhooks.ts';
import { paymentRoutes } from './payments.ts';
import { walletStatementRoutes } from './wallet-statement.ts';

export const allRoutes: AnyRoute[] = [...authRoutes, ...apiKeyRoutes, ...memberRoutes, ...moneyRoutes, ...walletStatementRoutes, ...platformRoutes, ...contactRoutes, ...contactFieldRoutes, ...importRoutes, ...messageRoutes, ...inboundRoutes, ...campaignRoutes, ...campaignRecipientRoutes, ...webhookRoutes, ...paymentRoutes];
