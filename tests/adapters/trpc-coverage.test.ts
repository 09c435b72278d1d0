// Every operation a member can reach over REST has its tRPC procedure: the list is read from the OpenAPI document,
// so a new REST operation without a procedure fails here.
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { appRouter } from '../../admin-trpc/router.ts';
import { setupTestEnv } from '../support/app.ts';

/** REST operationId → the procedure the dashboard calls for it. */
const PROCEDURE_OF: Record<string, string> = {
  signIn: 'auth.signIn',
  signOut: 'auth.signOut',
  whoAmI: 'auth.me',
  getWallet: 'wallet.get',
  updateWallet: 'wallet.setLowBalanceThreshold',
  listLedgerEntries: 'wallet.ledger',
  exportLedger: 'wallet.exportLink',
  // The same statement as data: the dashboard prints it and links the file itself.
  exportWalletStatement: 'wallet.statement',
  requestTopUp: 'wallet.requestTopUp',
  listTopUps: 'wallet.topUps',
  getTopUp: 'wallet.topUp',
  getPaymentDetails: 'wallet.paymentDetails',
  listSenderIds: 'senderIds.list',
  requestSenderId: 'senderIds.request',
  sendMessage: 'messages.send',
  listMessages: 'messages.list',
  getMessage: 'messages.get',
  cancelMessage: 'messages.cancel',
  exportMessages: 'messages.exportLink',
  listInboundMessages: 'inbox.list',
  getInboundMessage: 'inbox.get',
  getKeywords: 'inbox.keywords',
  setKeywords: 'inbox.setKeywords',
  listContacts: 'contacts.list',
  createContact: 'contacts.create',
  getContact: 'contacts.get',
  updateContact: 'contacts.update',
  deleteContact: 'contacts.delete',
  setContactFieldValues: 'contacts.setFields',
  listContactFields: 'contactFields.list',
  defineContactField: 'contactFields.define',
  renameContactField: 'contactFields.rename',
  deleteContactField: 'contactFields.delete',
  listGroups: 'groups.list',
  createGroup: 'groups.create',
  renameGroup: 'groups.rename',
  deleteGroup: 'groups.delete',
  addGroupMembers: 'groups.addMembers',
  removeGroupMembers: 'groups.removeMembers',
  findGroupMemberCandidates: 'groups.memberCandidates',
  addManyGroupMembers: 'groups.addManyMembers',
  listOptOuts: 'optOuts.list',
  recordOptOut: 'optOuts.record',
  clearOptOut: 'optOuts.clear',
  listContactImports: 'imports.list',
  getContactImport: 'imports.get',
  processContactImport: 'imports.process',
  // A CSV file: the procedure checks and gives the link the browser downloads with its session.
  getContactImportInvalidRows: 'imports.invalidRowsLink',
  getContactImportTemplate: 'imports.templateLink',
  listCampaigns: 'campaigns.list',
  createCampaignDraft: 'campaigns.create',
  getCampaign: 'campaigns.get',
  editCampaignDraft: 'campaigns.edit',
  discardCampaignDraft: 'campaigns.discard',
  quoteCampaign: 'campaigns.quote',
  launchCampaign: 'campaigns.launch',
  cancelCampaign: 'campaigns.cancel',
  copyCampaign: 'campaigns.copy',
  listCampaignRecipients: 'campaigns.recipients',
  exportCampaignRecipients: 'campaigns.exportLink',
  listApiKeys: 'apiKeys.list',
  createApiKey: 'apiKeys.create',
  rotateApiKey: 'apiKeys.rotate',
  revokeApiKey: 'apiKeys.revoke',
  reassignApiKey: 'apiKeys.reassign',
  listWebhookEndpoints: 'webhooks.listEndpoints',
  createWebhookEndpoint: 'webhooks.createEndpoint',
  getWebhookEndpoint: 'webhooks.getEndpoint',
  updateWebhookEndpoint: 'webhooks.updateEndpoint',
  deleteWebhookEndpoint: 'webhooks.deleteEndpoint',
  rotateWebhookEndpointSecret: 'webhooks.rotateSecret',
  listWebhookDeliveries: 'webhooks.deliveries',
  listWebhookAttempts: 'webhooks.attempts',
  redeliverWebhook: 'webhooks.redeliver',
  listMembers: 'members.list',
  createMember: 'members.create',
  updateMember: 'members.update',
  deleteMember: 'members.remove',
  listMemberAffectedApiKeys: 'members.keysAffected',
  listAuditEvents: 'audit.list',
  getServiceStatus: 'platform.status',
  getSendingWindow: 'platform.sendingWindow',
};

/** Operations members reach over REST alone, and why. */
const REST_ONLY: Record<string, string> = {
  uploadContactImport: 'the CSV file is streamed as the request body (up to 25 MiB); the dashboard posts it to REST with its session and CSRF token',
};

interface Operation {
  operationId: string;
  method: string;
  'x-svc-public'?: boolean;
}

async function memberOperations(): Promise<Operation[]> {
  const env = await setupTestEnv();
  const doc = (await request(env.app).get('/v1/openapi.json')).body as { paths: Record<string, Record<string, Operation>> };
  return Object.values(doc.paths)
    .flatMap((ops) => Object.entries(ops).map(([method, op]) => ({ ...op, method })))
    // Public operations need no member, except signing in, which is how one becomes a member caller.
    .filter((op) => !op['x-svc-public'] || op.operationId === 'signIn');
}

describe('tRPC covers every member operation of REST', () => {
  it('each member-reachable operation of the OpenAPI document has its procedure, a query for a read and a mutation for a change', async () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;
    const missing: string[] = [];
    for (const op of await memberOperations()) {
      if (op.operationId in REST_ONLY) continue;
      const path = PROCEDURE_OF[op.operationId];
      const procedure = path ? procedures[path] : undefined;
      if (!procedure) {
        missing.push(`${op.operationId} (${path ?? 'no procedure named'})`);
        continue;
      }
      expect(procedure._def.type, `${op.operationId} → ${path}`).toBe(op.method === 'get' ? 'query' : 'mutation');
    }
    expect(missing).toEqual([]);
  });

  it('names only operations the OpenAPI document has', async () => {
    const ids = new Set((await memberOperations()).map((op) => op.operationId));
    expect([...Object.keys(PROCEDURE_OF), ...Object.keys(REST_ONLY)].filter((id) => !ids.has(id))).toEqual([]);
  });
});
