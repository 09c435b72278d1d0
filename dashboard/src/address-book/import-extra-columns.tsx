// The import's extra columns (neither phone, name nor consent): each kept as a contact field (one of the
// organization's, or a new one) or left out on purpose, and the columns left out said before processing.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CONTACT_FIELDS, MAX_FIELD_NAME, foldFieldName, tidyFieldName } from '../../../core/domain/contact-fields.ts';
import type { TFieldColumn } from '../../../core/inputs/imports.ts';
import type { Outputs } from '../trpc.ts';
import { Field } from '../ui/field.tsx';

type ContactField = Outputs['contactFields']['list']['fields'][number];

/** What becomes of one extra column: left out, an existing field ("field:<id>"), or a new field of a given name. */
export interface ColumnChoice {
  use: string;
  newName: string;
}

const IGNORE = 'ignore';
const NEW = 'new';

/** A column named like one of the organization's fields goes to it; any other is left out until the member chooses. */
export function defaultChoice(column: string, fields: readonly ContactField[]): ColumnChoice {
  const same = fields.find((f) => foldFieldName(f.name) === foldFieldName(column));
  // A name the server would refuse (a dash, a dot) is tidied as far as it can be; the member corrects the rest.
  const newName = tidyFieldName(column.replace(/[^\p{L}\p{N} ]+/gu, ' ')).slice(0, MAX_FIELD_NAME);
  return { use: same ? `field:${same.id}` : IGNORE, newName };
}

/** The processing request's field_columns and ignored_columns made from the choices. */
export function columnRequest(columns: readonly string[], choices: Record<string, ColumnChoice>) {
  const field_columns: TFieldColumn[] = [];
  const ignored_columns: string[] = [];
  for (const column of columns) {
    const choice = choices[column];
    if (!choice || choice.use === IGNORE) ignored_columns.push(column);
    else if (choice.use === NEW) field_columns.push({ column, new_field: choice.newName.trim() });
    else field_columns.push({ column, field_id: choice.use.slice('field:'.length) });
  }
  return { field_columns, ignored_columns };
}

export interface ExtraColumnsProps {
  columns: readonly string[];
  fields: readonly ContactField[];
  choices: Record<string, ColumnChoice>;
  onChange: (column: string, choice: ColumnChoice) => void;
  /** The server's refusal of a column's mapping, by column. */
  errors: Record<string, string>;
}

export function ExtraColumns({ columns, fields, choices, onChange, errors }: ExtraColumnsProps) {
  const { t } = useTranslation('addressBook');
  if (columns.length === 0) return <p className="hint">{t('extra.noneLeft')}</p>;
  const left = columns.filter((c) => (choices[c]?.use ?? IGNORE) === IGNORE);
  return (
    <fieldset className="field">
      <legend>{t('extra.legend')}</legend>
      <p className="hint">{t('extra.hint', { max: MAX_CONTACT_FIELDS, used: fields.length })}</p>
      <div className="form">
        {columns.map((column) => {
          const choice = choices[column] ?? defaultChoice(column, fields);
          return (
            <Fragment key={column}>
              <Field label={t('extra.column', { column })} error={choice.use === NEW ? undefined : errors[column]}>
                {(c) => (
                  <select {...c} value={choice.use} onChange={(e) => onChange(column, { ...choice, use: e.target.value })}>
                    <option value={IGNORE}>{t('extra.ignore')}</option>
                    {fields.map((f) => (
                      <option key={f.id} value={`field:${f.id}`}>
                        {t('extra.existing', { name: f.name })}
                      </option>
                    ))}
                    {fields.length < MAX_CONTACT_FIELDS && <option value={NEW}>{t('extra.new')}</option>}
                  </select>
                )}
              </Field>
              {choice.use === NEW && (
                <Field label={t('extra.newName', { column })} error={errors[column]} hint={t('extra.newNameHint', { max: MAX_FIELD_NAME })}>
                  {(c) => (
                    <input
                      {...c}
                      required
                      maxLength={MAX_FIELD_NAME}
                      autoComplete="off"
                      value={choice.newName}
                      onChange={(e) => onChange(column, { ...choice, newName: e.target.value })}
                    />
                  )}
                </Field>
              )}
            </Fragment>
          );
        })}
        <p className="note" role="status">
          {left.length === 0 ? t('extra.allKept') : t('extra.leftOut', { count: left.length, columns: left.join(', ') })}
        </p>
      </div>
    </fieldset>
  );
}
