// contacts: list, get, create, update, delete, and their field values set.
import { router } from '../../trpc.ts';
import { listContacts } from './list-contacts.ts';
import { getContact } from './get-contact.ts';
import { createContact } from './create-contact.ts';
import { updateContact } from './update-contact.ts';
import { deleteContact } from './delete-contact.ts';
import { setContactFields } from './set-contact-fields.ts';

export const contactsRouter = router({ list: listContacts, get: getContact, create: createContact, update: updateContact, delete: deleteContact, setFields: setContactFields });
