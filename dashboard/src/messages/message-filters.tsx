// The filters of the messages list, read from and written to the address so that a filtered list can be shared.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../trpc.ts';
import { navigate } from '../router.ts';
import { useCan } from '../session.tsx';
import { humanize } from '../format/text.ts';
import { Field } from '../ui/field.tsx';
import { isTrafficClass, type TrafficClass } from '../../../core/domain/pricing.ts';
import { MESSAGE_STATUSES, type MessageStatus } from '../../../core/domain/message-states.ts';

export interface Filters {
  /** Live or test messages (a member sees both unless narrowed). */
  mode?: 'live' | 'test';
  status?: MessageStatus;
  traffic_class?: TrafficClass;
  sender?: string;
  /** Dar es Salaam days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readFilters(query: URLSearchParams): Filters {
  const status = query.get('status');
  const trafficClass = query.get('traffic_class');
  const mode = query.get('mode');
  const filters: Filters = {};
  if (mode === 'live' || mode === 'test') filters.mode = mode;
  if (MESSAGE_STATUSES.some((s) => s === status)) filters.status = status as Filters['status'];
  if (isTrafficClass(trafficClass)) filters.traffic_class = trafficClass;
  if (query.get('sender')) filters.sender = query.get('sender')!;
  if (DAY.test(query.get('from') ?? '')) filters.from = query.get('from')!;
  if (DAY.test(query.get('to') ?? '')) filters.to = query.get('to')!;
  return filters;
}

export function MessageFilters({ filters }: { filters: Filters }) {
  const [draft, setDraft] = useState<Record<keyof Filters, string>>({
    mode: filters.mode ?? '',
    status: filters.status ?? '',
    traffic_class: filters.traffic_class ?? '',
    sender: filters.sender ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
  });
  const [open, setOpen] = useState(false);
  const active = Object.values(filters).filter(Boolean).length;
  const can = useCan();
  const senders = useQuery({ ...trpc.senderIds.list.queryOptions(), enabled: can('sender_ids.read') });
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    navigate('/messages', draft);
  };
  const clear = () => {
    setDraft({ mode: '', status: '', traffic_class: '', sender: '', from: '', to: '' });
    navigate('/messages');
  };

  return (
    <>
      <button type="button" className="button button-secondary filters-toggle" aria-expanded={open} aria-controls="message-filters" onClick={() => setOpen((o) => !o)}>
        Filters{active ? ` (${active} on)` : ''}
      </button>
      <form id="message-filters" className={open ? 'filters filters-foldable card open' : 'filters filters-foldable card'} onSubmit={apply} aria-label="Filter messages">
        <Field label="Mode">
          {(c) => (
            <select {...c} value={draft.mode} onChange={set('mode')}>
              <option value="">Live and test</option>
              <option value="live">Live</option>
              <option value="test">Test</option>
            </select>
          )}
        </Field>
        <Field label="Status">
          {(c) => (
            <select {...c} value={draft.status} onChange={set('status')}>
              <option value="">Any status</option>
              {MESSAGE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {humanize(s)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Traffic class">
          {(c) => (
            <select {...c} value={draft.traffic_class} onChange={set('traffic_class')}>
              <option value="">Any class</option>
              <option value="transactional">Transactional</option>
              <option value="promotional">Promotional</option>
            </select>
          )}
        </Field>
        <Field label="Sender ID">
          {(c) =>
            senders.data ? (
              <select {...c} value={draft.sender} onChange={set('sender')}>
                <option value="">Any sender</option>
                {senders.data.sender_ids.map((s) => (
                  <option key={s.id} value={s.name}>
                    {s.name}
                  </option>
                ))}
              </select>
            ) : (
              <input {...c} value={draft.sender} maxLength={11} onChange={set('sender')} />
            )
          }
        </Field>
        <Field label="Created from (EAT)">{(c) => <input {...c} type="date" value={draft.from} onChange={set('from')} />}</Field>
        <Field label="Created until (EAT)">{(c) => <input {...c} type="date" value={draft.to} onChange={set('to')} />}</Field>
        <div className="filter-actions">
          <button type="submit" className="button">
            Apply filters
          </button>
          <button type="button" className="button button-secondary" onClick={clear}>
            Clear
          </button>
        </div>
      </form>
    </>
  );
}
