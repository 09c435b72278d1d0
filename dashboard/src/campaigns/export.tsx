// The recipients of a launched campaign as a CSV file: campaigns.exportLink checks the campaign and names the address
// the browser downloads from (the file is made and counted when it is fetched).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { QueryState } from '../ui/query-state.tsx';
import { StatusOptions, type RecipientFilter } from './recipient-statuses.tsx';
import { useCampaignWords } from './words.ts';

export function CampaignExport({ campaignId }: { campaignId: string }) {
  const t = useCampaignWords();
  const [status, setStatus] = useState<RecipientFilter | ''>('');
  const link = useQuery(trpc.campaigns.exportLink.queryOptions({ id: campaignId, ...(status ? { status } : {}) }));
  return (
    <section className="card" aria-labelledby="export-heading">
      <h2 id="export-heading">{t('export.heading')}</h2>
      <div className="filters">
        <Field label={t('export.which')}>
          {(c) => (
            <select {...c} value={status} onChange={(e) => setStatus(e.target.value as RecipientFilter | '')}>
              <StatusOptions any={t('export.all')} />
            </select>
          )}
        </Field>
      </div>
      <QueryState query={link} label={t('export.preparing')}>
        {({ url }) => (
          <p>
            <a className="button button-secondary" href={url} download>
              {t('export.download')}
            </a>
          </p>
        )}
      </QueryState>
      <p className="hint">{t('export.hint')}</p>
    </section>
  );
}
