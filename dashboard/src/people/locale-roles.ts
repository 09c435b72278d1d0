// The words of what each role may do, by role and by permission, part of the namespace 'people' (locale.ts); the
// roles and their permissions themselves come from core/domain/role-descriptions.ts.
import type { Messages } from '../i18n/messages.ts';
import { ROLE_DESCRIPTIONS } from '../../../core/domain/role-descriptions.ts';

export const en = {
  roles: {
    heading: 'What each role may do',
    lead: 'The service checks every action against this table; menus and buttons follow it.',
    mayDo: 'What a member with the role {{role}} may do',
    /** The English is the server's own (core/domain/role-descriptions.ts); the Kiswahili below says the same. */
    summary: { ...ROLE_DESCRIPTIONS },
  },
  permissions: {
    messages: { send: 'Send single messages', read: 'See messages, their delivery and their cost' },
    campaigns: { read: 'See campaigns, their audiences and reports', write: 'Create, edit, quote and discard campaign drafts', launch: 'Launch and cancel campaigns (spends money)' },
    sender_ids: { read: 'See the sender IDs and their approval', request: 'Request new sender IDs' },
    wallet: { read: 'See the wallet balance and its ledger', top_up: 'Tell the service about a payment (top-up request)', manage: 'Set the low-balance alert' },
    webhooks: { read: 'See webhook deliveries and their attempts', write: 'Add, change and remove webhook endpoints' },
    contacts: { read: 'See the address book: contacts with full numbers, groups, opt-outs and imports', write: 'Add, change and remove contacts and groups' },
    opt_outs: { write: 'Record and clear opt-outs' },
    imports: { write: 'Import contacts from CSV files' },
    api_keys: { manage: 'Create, rotate and revoke API keys' },
    members: { manage: 'Invite, change and remove members' },
    audit: { read: 'Read the audit log' },
  },
};

export const sw: Messages<typeof en> = {
  roles: {
    heading: 'Kila wadhifa unaruhusiwa nini',
    lead: 'Huduma hukagua kila kitendo kwa jedwali hili; menyu na vitufe vinalifuata.',
    mayDo: 'Mwanachama mwenye wadhifa wa {{role}} anaruhusiwa',
    summary: {
      owner: 'Kila kitu, pamoja na kuweka na kuondoa wamiliki wengine',
      admin: 'Kila kitu isipokuwa kuweka, kubadilisha au kuondoa wamiliki',
      developer: 'Hutuma ujumbe na kuendesha muunganisho: funguo za API, webhook, majina ya mtumaji; huona pochi',
      marketer: 'Huendesha kitabu cha anwani na kampeni, pamoja na kuzizindua',
      analyst: 'Huona ujumbe, kampeni, majina ya mtumaji, pochi na uwasilishaji wa webhook; kamwe si kitabu cha anwani',
      billing: 'Huona pochi, huripoti malipo na kuweka tahadhari ya salio kidogo',
    },
  },
  permissions: {
    messages: { send: 'Kutuma ujumbe mmoja mmoja', read: 'Kuona ujumbe, kufika kwake na gharama yake' },
    campaigns: { read: 'Kuona kampeni, hadhira zake na ripoti', write: 'Kuunda, kuhariri, kukadiria na kutupa rasimu za kampeni', launch: 'Kuzindua na kusitisha kampeni (hutumia pesa)' },
    sender_ids: { read: 'Kuona majina ya mtumaji na idhini yake', request: 'Kuomba majina mapya ya mtumaji' },
    wallet: { read: 'Kuona salio la pochi na leja yake', top_up: 'Kuiarifu huduma kuhusu malipo (ombi la kuongeza salio)', manage: 'Kuweka tahadhari ya salio kidogo' },
    webhooks: { read: 'Kuona uwasilishaji wa webhook na majaribio yake', write: 'Kuongeza, kubadilisha na kuondoa anwani za webhook' },
    contacts: { read: 'Kuona kitabu cha anwani: wawasiliani na namba kamili, vikundi, waliojiondoa na uingizaji', write: 'Kuongeza, kubadilisha na kuondoa wawasiliani na vikundi' },
    opt_outs: { write: 'Kurekodi na kufuta kujiondoa' },
    imports: { write: 'Kuingiza wawasiliani kutoka faili za CSV' },
    api_keys: { manage: 'Kuunda, kubadilisha na kufuta funguo za API' },
    members: { manage: 'Kualika, kubadilisha na kuondoa wanachama' },
    audit: { read: 'Kusoma kumbukumbu ya ukaguzi' },
  },
};
