// The pages of contacts, groups, opt-outs and imports.
import type { PageRoute } from '../routes.tsx';
import { ContactsPage } from './contacts-page.tsx';
import { ContactDetailPage } from './contact-page.tsx';
import { GroupsPage } from './groups-page.tsx';
import { GroupDetailPage } from './group-page.tsx';
import { OptOutsPage } from './opt-outs-page.tsx';
import { ImportsPage } from './imports-page.tsx';
import { ImportPage, ImportUploadPage } from './import-wizard-page.tsx';

// Every page reads full numbers (contacts.read); what changes them asks more of the member, page by page.
export const addressBookRoutes: readonly PageRoute[] = [
  { path: '/contacts', nav: 'contacts', section: 'addressBook', permission: 'contacts.read', Page: ContactsPage },
  { path: '/contacts/:id', permission: 'contacts.read', Page: ContactDetailPage },
  { path: '/groups', nav: 'groups', section: 'addressBook', permission: 'contacts.read', Page: GroupsPage },
  { path: '/groups/:id', permission: 'contacts.read', Page: GroupDetailPage },
  { path: '/opt-outs', nav: 'optOuts', section: 'addressBook', permission: 'contacts.read', Page: OptOutsPage },
  { path: '/imports', nav: 'imports', section: 'addressBook', permission: 'contacts.read', Page: ImportsPage },
  // Before /imports/:id, which would otherwise take "new" for an id.
  { path: '/imports/new', permission: 'imports.write', Page: ImportUploadPage },
  { path: '/imports/:id', permission: 'contacts.read', Page: ImportPage },
];
