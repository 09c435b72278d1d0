// Contact fields: the organization's text fields (list, define, rename, delete) and a contact's values of them.
import { z } from 'zod';
import { ok, route } from '../route.ts';
import * as listFields from '../../core/app/contacts/list-contact-fields.ts';
import * as saveField from '../../core/app/contacts/save-contact-field.ts';
import * as deleteField from '../../core/app/contacts/delete-contact-field.ts';
import * as setValues from '../../core/app/contacts/set-contact-field-values.ts';
import { ZIdParam } from './common.ts';

const tag = 'address-book';

export const contactFieldRoutes = [
  route({
    method: 'get',
    path: '/v1/contact-fields',
    operationId: 'listContactFields',
    summary: 'List the contact fields of the organization (at most 10)',
    tag,
    access: listFields.access,
    query: z.strictObject({}),
    handler: async ({ ctx, actor }) => ok(await listFields.listContactFields(ctx, actor)),
  }),
  route({
    method: 'post',
    path: '/v1/contact-fields',
    operationId: 'defineContactField',
    summary: 'Define a contact field (name: letters, digits and spaces, 1 to 40, unique ignoring case)',
    tag,
    access: saveField.access,
    body: saveField.ZDefineContactFieldBody,
    idempotency: 'optional',
    status: 201,
    handler: async ({ ctx, actor, body }) => ok(await saveField.defineContactField(ctx, actor, body), 201),
  }),
  route({
    method: 'patch',
    path: '/v1/contact-fields/:id',
    operationId: 'renameContactField',
    summary: 'Rename a contact field',
    tag,
    access: saveField.access,
    params: ZIdParam,
    body: saveField.ZRenameContactFieldBody,
    handler: async ({ ctx, actor, params, body }) => ok(await saveField.renameContactField(ctx, actor, params.id, body)),
  }),
  route({
    method: 'delete',
    path: '/v1/contact-fields/:id',
    operationId: 'deleteContactField',
    summary: "Delete a contact field and every contact's value of it (audited)",
    tag,
    access: deleteField.access,
    params: ZIdParam,
    handler: async ({ ctx, actor, params }) => ok(await deleteField.deleteContactField(ctx, actor, params.id)),
  }),
  route({
    method: 'patch',
    path: '/v1/contacts/:id/fields',
    operationId: 'setContactFieldValues',
    summary: "Set a contact's field values (null or an empty value clears one)",
    tag,
    access: setValues.access,
    params: ZIdParam,
    body: setValues.ZSetContactFieldValuesBody,
    handler: async ({ ctx, actor, params, body }) => ok(await setValues.setContactFieldValues(ctx, actor, params.id, body)),
  }),
];
