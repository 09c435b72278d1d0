// The filters of the messages list, as data for the filtered list: mode, status, traffic class, sender and the
// days created (EAT), each kept in the address.
import { useQuery } from '@tanstack/react-query';
import { trpc, type Inputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { humanize } from '../format/text.ts';
import { dayEnd, dayStart } from '../format/time.ts';
import type { FilterField, FilterValues } from '../ui/filtered-list.tsx';
import { TRAFFIC_CLASSES, isTrafficClass } from '../../../core/domain/pricing.ts';
import { MESSAGE_STATUSES, type MessageStatus } from '../../../core/domain/message-states.ts';

const PAGE_SIZE = 25;

/** The filters; the sender is chosen among the organization's sender IDs where the member may read them. */
export function useMessageFilters(): FilterField[] {
  const can = useCan();
  const senders = useQuery({ ...trpc.senderIds.list.queryOptions(), enabled: can('sender_ids.read') });
  const sender: FilterField = senders.data
    ? { name: 'sender', label: 'Sender ID', type: 'select', options: [{ value: '', label: 'Any sender' }, ...senders.data.sender_ids.map((s) => ({ value: s.name, label: s.name }))] }
    : { name: 'sender', label: 'Sender ID', type: 'text', maxLength: 11 };
  return [
    { name: 'mode', label: 'Mode', type: 'select', options: [{ value: '', label: 'Live and test' }, { value: 'live', label: 'Live' }, { value: 'test', label: 'Test' }] },
    { name: 'status', label: 'Status', type: 'select', options: [{ value: '', label: 'Any status' }, ...MESSAGE_STATUSES.map((s) => ({ value: s, label: humanize(s) }))] },
    { name: 'traffic_class', label: 'Traffic class', type: 'select', options: [{ value: '', label: 'Any class' }, ...TRAFFIC_CLASSES.map((c) => ({ value: c, label: humanize(c) }))] },
    sender,
    { name: 'from', label: 'Created from (EAT)', type: 'date', field: 'created_from' },
    { name: 'to', label: 'Created until (EAT)', type: 'date', field: 'created_to' },
  ];
}

/** The list's input from the filters: REST's paging and mode, and the use case's filter fields (ZMessageFilter's names). */
export function messageListInput(values: FilterValues, before: string | undefined): Inputs['messages']['list'] {
  const mode = values.mode === 'live' || values.mode === 'test' ? values.mode : undefined;
  const status = MESSAGE_STATUSES.find((s) => s === values.status) as MessageStatus | undefined;
  return {
    limit: PAGE_SIZE,
    before,
    mode,
    status: status ? [status] : undefined,
    traffic_class: isTrafficClass(values.traffic_class) ? values.traffic_class : undefined,
    sender: values.sender || undefined,
    created_from: values.from ? dayStart(values.from) : undefined,
    created_to: values.to ? dayEnd(values.to) : undefined,
  };
}
