// Contacts, groups and opt-outs: signed-in members only.
import { z } from 'zod';
import { ok, route } from '../route.ts';
import * as listContacts from '../../core/app/contacts/list-contacts.ts';
import * as createContact from '../../core/app/contacts/create-contact.ts';
import * as getContact from '../../core/app/contacts/get-contact.ts';
import * as updateContact from '../../core/app/contacts/update-contact.ts';
import * as deleteContact from '../../core/app/contacts/delete-contact.ts';
import * as listGroups from '../../core/app/groups/list-groups.ts';
import * as saveGroup from '../../core/app/groups/save-group.ts';
import * as deleteGroup from '../../core/app/groups/delete-group.ts';
import * as membership from '../../core/app/groups/group-membership.ts';
import * as addMany from '../../core/app/groups/add-many-members.ts';
import * as listOptOuts from '../../core/app/opt-outs/list-opt-outs.ts';
import * as recordOptOut from '../../core/app/opt-outs/record-opt-out.ts';
import * as clearOptOut from '../../core/app/opt-outs/clear-opt-out.ts';
import { ZIdParam } from './common.ts';
import { ZCreateContactBody, ZListContactsQuery, ZUpdateContactBody } from '../../core/inputs/contacts.ts';
import { ZAddManyMembersBody, ZGroupBody, ZMemberCandidatesQuery, ZMembersBody } from '../../core/inputs/groups.ts';
import { ZClearOptOutBody, ZListOptOutsQuery, ZRecordOptOutBody } from '../../core/inputs/opt-outs.ts';

const tag = 'address-book';

export const contactRoutes = [
  route({ method: 'get', path: '/v1/contacts', operationId: 'listContacts', summary: 'List contacts (numbers masked without contacts.read)', tag, access: listContacts.access, query: ZListContactsQuery, handler: async ({ ctx, actor, query }) => ok(await listContacts.listContacts(ctx, actor, query)) }),
  route({ method: 'post', path: '/v1/contacts', operationId: 'createContact', summary: 'Create a contact', tag, access: createContact.access, body: ZCreateContactBody, idempotency: 'optional', status: 201, handler: async ({ ctx, actor, body }) => ok(await createContact.createContact(ctx, actor, body)) }),
  route({ method: 'get', path: '/v1/contacts/:id', operationId: 'getContact', summary: 'Get a contact', tag, access: getContact.access, params: ZIdParam, query: z.strictObject({}), handler: async ({ ctx, actor, params }) => ok(await getContact.getContact(ctx, actor, params.id)) }),
  route({ method: 'patch', path: '/v1/contacts/:id', operationId: 'updateContact', summary: "Change a contact's name or consent", tag, access: updateContact.access, params: ZIdParam, body: ZUpdateContactBody, handler: async ({ ctx, actor, params, body }) => ok(await updateContact.updateContact(ctx, actor, params.id, body)) }),
  route({ method: 'delete', path: '/v1/contacts/:id', operationId: 'deleteContact', summary: 'Delete a contact (consent history and opt-outs stay)', tag, access: deleteContact.access, params: ZIdParam, handler: async ({ ctx, actor, params }) => ok(await deleteContact.deleteContact(ctx, actor, params.id)) }),

  route({ method: 'get', path: '/v1/groups', operationId: 'listGroups', summary: 'List groups with member counts', tag, access: listGroups.access, query: z.strictObject({}), handler: async ({ ctx, actor }) => ok(await listGroups.listGroups(ctx, actor)) }),
  route({ method: 'post', path: '/v1/groups', operationId: 'createGroup', summary: 'Create a group', tag, access: saveGroup.access, body: ZGroupBody, idempotency: 'optional', status: 201, handler: async ({ ctx, actor, body }) => ok(await saveGroup.createGroup(ctx, actor, body)) }),
  route({ method: 'patch', path: '/v1/groups/:id', operationId: 'renameGroup', summary: 'Rename a group', tag, access: saveGroup.access, params: ZIdParam, body: ZGroupBody, handler: async ({ ctx, actor, params, body }) => ok(await saveGroup.renameGroup(ctx, actor, params.id, body)) }),
  route({ method: 'delete', path: '/v1/groups/:id', operationId: 'deleteGroup', summary: 'Delete a group (it leaves every draft that uses it)', tag, access: deleteGroup.access, params: ZIdParam, handler: async ({ ctx, actor, params }) => ok(await deleteGroup.deleteGroup(ctx, actor, params.id)) }),
  route({ method: 'post', path: '/v1/groups/:id/members/add', operationId: 'addGroupMembers', summary: 'Add contacts to a group', tag, access: membership.access, params: ZIdParam, body: ZMembersBody, handler: async ({ ctx, actor, params, body }) => ok(await membership.addGroupMembers(ctx, actor, params.id, body)) }),
  route({ method: 'post', path: '/v1/groups/:id/members/remove', operationId: 'removeGroupMembers', summary: 'Remove contacts from a group', tag, access: membership.access, params: ZIdParam, body: ZMembersBody, handler: async ({ ctx, actor, params, body }) => ok(await membership.removeGroupMembers(ctx, actor, params.id, body)) }),
  route({ method: 'get', path: '/v1/groups/:id/member-candidates', operationId: 'findGroupMemberCandidates', summary: 'Contacts matching a part of a name or number (at least 2 characters), newest first, each with whether it is in the group', tag, access: addMany.access, params: ZIdParam, query: ZMemberCandidatesQuery, extension: true, handler: async ({ ctx, actor, params, query }) => ok(await addMany.findMemberCandidatesFor(ctx, actor, params.id, query)) }),
  route({ method: 'post', path: '/v1/groups/:id/members/add-many', operationId: 'addManyGroupMembers', summary: 'Add up to 1,000 contacts to a group, all or nothing; repeats and members already in it are counted', tag, access: addMany.access, params: ZIdParam, body: ZAddManyMembersBody, extension: true, handler: async ({ ctx, actor, params, body }) => ok(await addMany.addManyGroupMembers(ctx, actor, params.id, body)) }),

  route({ method: 'get', path: '/v1/opt-outs', operationId: 'listOptOuts', summary: 'List opt-outs', tag, access: listOptOuts.access, query: ZListOptOutsQuery, handler: async ({ ctx, actor, query }) => ok(await listOptOuts.listOptOuts(ctx, actor, query)) }),
  route({ method: 'post', path: '/v1/opt-outs', operationId: 'recordOptOut', summary: 'Record an opt-out (201 new, 200 already opted out)', tag, access: recordOptOut.access, body: ZRecordOptOutBody, handler: async ({ ctx, actor, body }) => { const r = await recordOptOut.recordOptOut(ctx, actor, body); return ok(r, r.created ? 201 : 200); } }),
  route({ method: 'post', path: '/v1/opt-outs/:id/clear', operationId: 'clearOptOut', summary: 'Clear an opt-out with a reason and evidence', tag, access: clearOptOut.access, params: ZIdParam, body: ZClearOptOutBody, handler: async ({ ctx, actor, params, body }) => ok(await clearOptOut.clearOptOut(ctx, actor, params.id, body)) }),
];
