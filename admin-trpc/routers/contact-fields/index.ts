// contact fields: list, define, rename, delete (a contact's values are set through contacts.setFields).
import { router } from '../../trpc.ts';
import { listContactFields } from './list-contact-fields.ts';
import { defineContactField } from './define-contact-field.ts';
import { renameContactField } from './rename-contact-field.ts';
import { deleteContactField } from './delete-contact-field.ts';

export const contactFieldsRouter = router({ list: listContactFields, define: defineContactField, rename: renameContactField, delete: deleteContactField });
