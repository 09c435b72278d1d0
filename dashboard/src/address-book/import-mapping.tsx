// The import's third step: the columns (phone, name, consent, the extra ones as contact fields), the group and the
// consent chosen, and the processing asked for.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { ConsentFields, NO_CONSENT, consentInput } from './consent-fields.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { errorField, errorMessage } from '../errors.ts';
import { useAction } from '../ui/use-action.ts';
import { CONSENT_NO_VALUES, CONSENT_YES_VALUES, WHOLE_FILE_CONSENT_PHRASES } from '../../../core/domain/import-consent.ts';
import { ExtraColumns, columnRequest, defaultChoice, type ColumnChoice } from './import-extra-columns.tsx';
import { GroupChoiceFields, groupRequest, type GroupDraft } from './import-group-choice.tsx';

type ContactImport = Outputs['imports']['get']['import'];

const FIELDS = ['phone_column', 'name_column', 'group_id', 'group_name', 'consent_column', 'consent', 'ignored_columns'];

/** The file's columns as the options of a select. */
function ColumnOptions({ columns }: { columns: readonly string[] }) {
  return columns.map((col, i) => (
    <option key={i} value={col}>
      {col}
    </option>
  ));
}

/** The first column whose name looks like the wanted one, so the usual files need no choosing. */
function guess(columns: readonly string[], pattern: RegExp): string {
  return columns.find((c) => pattern.test(c)) ?? '';
}

/** A refusal of one extra column's mapping (field_columns.N…), put by that column. */
function columnErrors(error: unknown, sent: readonly { column: string }[] | undefined): Record<string, string> {
  const at = /^field_columns\.(\d+)/.exec(errorField(error) ?? '');
  const column = at ? sent?.[Number(at[1])]?.column : undefined;
  return column ? { [column]: errorMessage(error) } : {};
}

export function MappingStep({ imp }: { imp: ContactImport }) {
  const { t } = useTranslation('addressBook');
  const columns = imp.columns ?? [];
  const [phoneColumn, setPhoneColumn] = useState(() => guess(columns, /phone|simu|mobile|msisdn|number|namba/i) || (columns[0] ?? ''));
  const [nameColumn, setNameColumn] = useState(() => guess(columns, /name|jina/i));
  const [group, setGroup] = useState<GroupDraft>({ choice: 'none', id: '', name: '' });
  const [consentColumn, setConsentColumn] = useState(() => guess(columns, /consent|ridhaa|agreed|kubali/i));
  const [consent, setConsent] = useState(NO_CONSENT);
  const [confirmation, setConfirmation] = useState('');
  const [choices, setChoices] = useState<Record<string, ColumnChoice>>({});
  const fields = useQuery(trpc.contactFields.list.queryOptions());
  const process = useAction(trpc.imports.process.mutationOptions(), {
    invalidates: [trpc.imports.pathKey(), trpc.groups.pathKey(), trpc.contactFields.pathKey()],
    onSuccess: (answer) => {
      // The page follows the import from the state the answer gives (queued): its polling starts at once.
      queryClient.setQueryData(trpc.imports.get.queryKey({ id: imp.id }), (old) => (old ? { ...old, import: answer.import } : old));
    },
  });
  const errors = formErrors(process.error, [...FIELDS, 'field_columns']);
  // The typed phrase has a field of its own, inside the consent the server names as a whole.
  const confirmationError = errorField(process.error) === 'consent.confirmation' ? errorMessage(process.error) : undefined;
  const byColumn = columnErrors(process.error, process.variables?.field_columns);
  const known = fields.data?.fields ?? [];
  const extra = columns.filter((c) => c !== phoneColumn && c !== nameColumn && c !== consentColumn);
  // A refusal of the extra columns that names no one column is said with the others that name no field here.
  const columnsRefused = Boolean(errors.of('field_columns') ?? errors.of('ignored_columns')) && Object.keys(byColumn).length === 0;
  const unplaced = errors.general ?? (columnsRefused ? process.error : null);
  const effective = Object.fromEntries(extra.map((c) => [c, choices[c] ?? defaultChoice(c, known)]));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    process.run({
      id: imp.id,
      phone_column: phoneColumn,
      name_column: nameColumn || null,
      ...groupRequest(group),
      ...(consentColumn ? { consent_column: consentColumn, consent: null } : {}),
      ...(!consentColumn ? { consent: consent.given ? { ...consentInput(consent)!, confirmation } : null } : {}),
      ...columnRequest(extra, effective),
    });
  };

  return (
    <section className="card" aria-labelledby="mapping-heading">
      <h2 id="mapping-heading">{t('steps.columns')}</h2>
      <form className="form" onSubmit={onSubmit}>
        <Field label={t('mapping.phone')} error={errors.of('phone_column')} hint={t('mapping.phoneHint')}>
          {(c) => (
            <select {...c} required value={phoneColumn} onChange={(e) => setPhoneColumn(e.target.value)}>
              <ColumnOptions columns={columns} />
            </select>
          )}
        </Field>
        <Field label={t('mapping.name')} error={errors.of('name_column')}>
          {(c) => (
            <select {...c} value={nameColumn} onChange={(e) => setNameColumn(e.target.value)}>
              <option value="">{t('mapping.noName')}</option>
              <ColumnOptions columns={columns} />
            </select>
          )}
        </Field>
        <GroupChoiceFields value={group} onChange={setGroup} errors={errors} />
        <Field
          label={t('mapping.consentColumn')}
          error={errors.of('consent_column')}
          hint={t('mapping.consentColumnHint', { yes: CONSENT_YES_VALUES.join(', '), no: CONSENT_NO_VALUES.join(', ') })}
        >
          {(c) => (
            <select {...c} value={consentColumn} onChange={(e) => setConsentColumn(e.target.value)}>
              <option value="">{t('mapping.noConsentColumn')}</option>
              <ColumnOptions columns={columns} />
            </select>
          )}
        </Field>
        {!consentColumn && (
          <ConsentFields
            value={consent}
            onChange={setConsent}
            label={t('mapping.wholeFile')}
            error={confirmationError ? undefined : errors.of('consent')}
            hint={t('mapping.wholeFileHint')}
          />
        )}
        {!consentColumn && consent.given && (
          <Field label={t('mapping.confirm', { phrases: WHOLE_FILE_CONSENT_PHRASES.map((p) => `“${p}”`).join(t('mapping.or')) })} error={confirmationError} hint={t('mapping.confirmHint')}>
            {(c) => <input {...c} required maxLength={100} autoComplete="off" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />}
          </Field>
        )}
        <ExtraColumns columns={extra} fields={known} choices={effective} onChange={(column, choice) => setChoices((cs) => ({ ...cs, [column]: choice }))} errors={byColumn} />
        {unplaced ? <ErrorAlert error={unplaced} /> : null}
        <div className="ab-actions">
          <button type="submit" className="button" disabled={process.isPending || !phoneColumn}>
            {process.isPending ? t('mapping.starting') : t('mapping.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
