// The import's second and third steps: what the file holds (delimiter, columns, first rows), then the columns,
// the group and the consent chosen, and the processing asked for.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient, trpc, type Outputs } from '../trpc.ts';
import { humanize, plural } from '../format/text.ts';
import { Field } from '../ui/field.tsx';
import { Stats } from '../ui/stats.tsx';
import { DataTable, type Column } from '../ui/data-table.tsx';
import { ConsentFields, NO_CONSENT, consentInput } from './consent-fields.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { formErrors } from '../ui/form-errors.ts';
import { errorField, errorMessage } from '../errors.ts';
import { useAction } from '../ui/use-action.ts';
import { CONSENT_NO_VALUES, CONSENT_YES_VALUES, WHOLE_FILE_CONSENT_PHRASES } from '../../../core/domain/import-consent.ts';

type Answer = Outputs['imports']['get'];
type ContactImport = Answer['import'];
type GroupChoice = 'none' | 'existing' | 'new';

const FIELDS = ['phone_column', 'name_column', 'group_id', 'group_name', 'consent_column', 'consent'];

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

export function FileSummary({ answer }: { answer: Answer }) {
  const { import: imp, sample } = answer;
  const columns = imp.columns ?? [];
  const sampleColumns: Column<string[]>[] = columns.map((name, i) => ({ header: name.trim() || `Column ${i + 1}`, cell: (row) => row[i] ?? '' }));
  return (
    <section className="card" aria-labelledby="file-heading">
      <h2 id="file-heading">Check the file</h2>
      <Stats
        items={[
          { label: 'File', value: imp.filename ?? '—' },
          { label: 'Delimiter', value: imp.delimiter ? humanize(imp.delimiter) : '—' },
          { label: 'Rows', value: imp.rows.toLocaleString('en-US') },
          { label: 'Columns', value: columns.length },
        ]}
      />
      <h3>Columns</h3>
      <ul className="ab-chips" aria-label="Columns of the file">
        {columns.map((c, i) => (
          <li key={i}>{c}</li>
        ))}
      </ul>
      <h3>First rows</h3>
      {sample === null ? (
        <p className="hint">Your role does not show the rows.</p>
      ) : (
        <DataTable caption={`The first ${plural(sample.length, 'row')} of the file`} columns={sampleColumns} rows={sample} rowKey={(_r, i) => String(i)} empty="The file has no row below its header." />
      )}
    </section>
  );
}

export function MappingStep({ imp }: { imp: ContactImport }) {
  const columns = imp.columns ?? [];
  const [phoneColumn, setPhoneColumn] = useState(() => guess(columns, /phone|simu|mobile|msisdn|number|namba/i) || (columns[0] ?? ''));
  const [nameColumn, setNameColumn] = useState(() => guess(columns, /name|jina/i));
  const [groupChoice, setGroupChoice] = useState<GroupChoice>('none');
  const [groupId, setGroupId] = useState('');
  const [groupName, setGroupName] = useState('');
  const [consentColumn, setConsentColumn] = useState(() => guess(columns, /consent|ridhaa|agreed|kubali/i));
  const [consent, setConsent] = useState(NO_CONSENT);
  const [confirmation, setConfirmation] = useState('');
  const groups = useQuery(trpc.groups.list.queryOptions());
  const process = useAction(trpc.imports.process.mutationOptions(), {
    invalidates: [trpc.imports.pathKey(), trpc.groups.pathKey()],
    onSuccess: (answer) => {
      // The page follows the import from the state the answer gives (queued): its polling starts at once.
      queryClient.setQueryData(trpc.imports.get.queryKey({ id: imp.id }), (old) => (old ? { ...old, import: answer.import } : old));
    },
  });
  const errors = formErrors(process.error, FIELDS);
  // The typed phrase has a field of its own, inside the consent the server names as a whole.
  const confirmationError = errorField(process.error) === 'consent.confirmation' ? errorMessage(process.error) : undefined;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    process.run({
      id: imp.id,
      phone_column: phoneColumn,
      name_column: nameColumn || null,
      ...(groupChoice === 'existing' ? { group_id: groupId } : {}),
      ...(groupChoice === 'new' ? { group_name: groupName.trim() } : {}),
      ...(consentColumn ? { consent_column: consentColumn, consent: null } : {}),
      ...(!consentColumn ? { consent: consent.given ? { ...consentInput(consent)!, confirmation } : null } : {}),
    });
  };

  return (
    <section className="card" aria-labelledby="mapping-heading">
      <h2 id="mapping-heading">Choose the columns</h2>
      <form className="form" onSubmit={onSubmit}>
        <Field label="Phone number column" error={errors.of('phone_column')} hint="Numbers that are not Tanzanian mobiles are reported as invalid rows.">
          {(c) => (
            <select {...c} required value={phoneColumn} onChange={(e) => setPhoneColumn(e.target.value)}>
              <ColumnOptions columns={columns} />
            </select>
          )}
        </Field>
        <Field label="Name column (optional)" error={errors.of('name_column')}>
          {(c) => (
            <select {...c} value={nameColumn} onChange={(e) => setNameColumn(e.target.value)}>
              <option value="">No name</option>
              <ColumnOptions columns={columns} />
            </select>
          )}
        </Field>
        <fieldset className="field">
          <legend>Group</legend>
          {(
            [
              ['none', 'Add to no group'],
              ['existing', 'Add to an existing group'],
              ['new', 'Add to a new group'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="choice">
              <input type="radio" name="group" value={value} checked={groupChoice === value} onChange={() => setGroupChoice(value)} /> {label}
            </label>
          ))}
        </fieldset>
        {groupChoice === 'existing' && (
          <Field label="Existing group" error={errors.of('group_id')}>
            {(c) => (
              <select {...c} required value={groupId} onChange={(e) => setGroupId(e.target.value)}>
                <option value="">Choose a group</option>
                {(groups.data?.groups ?? []).map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name} ({plural(g.members, 'member')})
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {groupChoice === 'new' && (
          <Field label="New group name" error={errors.of('group_name')} hint="Created when the processing starts.">
            {(c) => <input {...c} required maxLength={100} autoComplete="off" value={groupName} onChange={(e) => setGroupName(e.target.value)} />}
          </Field>
        )}
        <Field
          label="Consent column (optional)"
          error={errors.of('consent_column')}
          hint={`Row by row: ${CONSENT_YES_VALUES.join(', ')} record consent; ${CONSENT_NO_VALUES.join(', ')} or an empty cell record none; any other value makes the row invalid.`}
        >
          {(c) => (
            <select {...c} value={consentColumn} onChange={(e) => setConsentColumn(e.target.value)}>
              <option value="">No consent column</option>
              <ColumnOptions columns={columns} />
            </select>
          )}
        </Field>
        {!consentColumn && (
          <ConsentFields
            value={consent}
            onChange={setConsent}
            label="Everyone in this file agreed to receive promotional messages"
            error={confirmationError ? undefined : errors.of('consent')}
            hint="Recorded for every contact of the file that has no consent yet and has not opted out. Say how it was given, for example “signed up at the 2026 trade fair stand”."
          />
        )}
        {!consentColumn && consent.given && (
          <Field
            label={`To confirm consent for every row, type ${WHOLE_FILE_CONSENT_PHRASES.map((p) => `“${p}”`).join(' or ')}`}
            error={confirmationError}
            hint="This choice is kept in the audit log with your name and the file."
          >
            {(c) => <input {...c} required maxLength={100} autoComplete="off" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />}
          </Field>
        )}
        {errors.general ? <ErrorAlert error={errors.general} /> : null}
        <div className="ab-actions">
          <button type="submit" className="button" disabled={process.isPending || !phoneColumn}>
            {process.isPending ? 'Starting…' : 'Process the import'}
          </button>
        </div>
      </form>
    </section>
  );
}
