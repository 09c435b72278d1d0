// The recipients of a launched campaign as a CSV file: campaigns.exportLink checks the campaign and names the address
// the browser downloads from (the file is made and counted when it is fetched).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { StatusOptions, type RecipientFilter } from './recipient-statuses.tsx';

export function CampaignExport({ campaignId }: { campaignId: string }) {
  const [status, setStatus] = useState<RecipientFilter | ''>('');
  const link = useQuery(trpc.campaigns.exportLink.queryOptions({ id: campaignId, ...(status ? { status } : {}) }));
  return (
    <section className="card" aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <div className="filters">
        <Field label="Recipients to export">
          {(c) => (
            <select {...c} value={status} onChange={(e) => setStatus(e.target.value as RecipientFilter | '')}>
              <StatusOptions any="All recipients" />
            </select>
          )}
        </Field>
      </div>
      <QueryState query={link} label="Preparing the link">
        {({ url }) => (
          <p>
            <a className="button button-secondary" href={url} download>
              Download CSV
            </a>
          </p>
        )}
      </QueryState>
      <p className="hint">
        One line a recipient, with its status, charge and times in EAT. The file is made when it is downloaded, as the campaign stands then; an
        organization may download 5 files a minute.
      </p>
    </section>
  );
}
