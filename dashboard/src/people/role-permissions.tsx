// What each role may do, in the language shown: the roles and their permissions come from the table the server
// enforces (core/domain/role-descriptions.ts), the words from this area's namespace by role and permission.
import { useTranslation } from 'react-i18next';
import { describeRoles } from '../../../core/domain/role-descriptions.ts';
import { ROLES, type Role } from '../../../core/domain/access.ts';

const ROLE_TABLE = describeRoles();

/** The permissions of one role, as a list named for the role; withSummary: its one line first. */
export function RolePermissions({ role, withSummary = true }: { role: Role; withSummary?: boolean }) {
  const { t } = useTranslation(['people', 'codes']);
  const described = ROLE_TABLE.find((r) => r.role === role);
  if (!described) return null;
  return (
    <div className="role-permissions">
      {withSummary && <p>{t(`roles.summary.${role}`)}</p>}
      <ul aria-label={t('roles.mayDo', { role: t(`codes:${role}`) })}>
        {described.permissions.map(({ permission }) => (
          <li key={permission}>{t(`permissions.${permission}`)}</li>
        ))}
      </ul>
    </div>
  );
}

/** Every role, each opened on demand. */
export function RolesSection() {
  const { t } = useTranslation(['people', 'codes']);
  return (
    <section className="card" aria-labelledby="roles-heading">
      <h2 id="roles-heading">{t('roles.heading')}</h2>
      <p>{t('roles.lead')}</p>
      {ROLE_TABLE.map(({ role }) => (
        <details key={role} className="role-details">
          <summary>
            <strong>{t(`codes:${role}`)}</strong>: {t(`roles.summary.${role}`)}
          </summary>
          <RolePermissions role={role} withSummary={false} />
        </details>
      ))}
    </section>
  );
}

/** Every role as a choice of a select, named in the language shown. */
export function RoleOptions() {
  const { t } = useTranslation('codes');
  return ROLES.map((r) => (
    <option key={r} value={r}>
      {t(r)}
    </option>
  ));
}
