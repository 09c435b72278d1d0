// The filters of the messages list, as data for the filtered list: the recipient's number, mode, status, traffic
// class, sender and the days created (EAT), each kept in the address.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc, type Inputs } from '../trpc.ts';
import { useCan } from '../session.tsx';
import { dayEnd, dayStart } from '../format/time.ts';
import type { FilterField, FilterValues } from '../ui/filtered-list.tsx';
import { TRAFFIC_CLASSES, isTrafficClass } from '../../../core/domain/pricing.ts';
import { MESSAGE_STATUSES, type MessageStatus } from '../../../core/domain/message-states.ts';
import { MAX_SEARCH_LENGTH } from '../../../core/domain/phone.ts';

const PAGE_SIZE = 25;

/** The filters; the sender is chosen among the organization's sender IDs where the member may read them. */
export function useMessageFilters(): FilterField[] {
  const { t } = useTranslation(['messages', 'codes']);
  const can = useCan();
  const senders = useQuery({ ...trpc.senderIds.list.queryOptions(), enabled: can('sender_ids.read') });
  const label = t('filters.sender');
  const sender: FilterField = senders.data
    ? { name: 'sender', label, type: 'select', options: [{ value: '', label: t('filters.anySender') }, ...senders.data.sender_ids.map((s) => ({ value: s.name, label: s.name }))] }
    : { name: 'sender', label, type: 'text', maxLength: 11 };
  return [
    // The server reads the number (ZRecipientSearch) and names this field when it refuses it.
    { name: 'recipient', label: t('filters.recipient'), hint: t('filters.recipientHint'), type: 'search', inputMode: 'tel', maxLength: MAX_SEARCH_LENGTH },
    {
      name: 'mode',
      label: t('filters.mode'),
      type: 'select',
      options: [{ value: '', label: t('filters.anyMode') }, { value: 'live', label: t('codes:live') }, { value: 'test', label: t('codes:test') }],
    },
    { name: 'status', label: t('filters.status'), type: 'select', options: [{ value: '', label: t('filters.anyStatus') }, ...MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`codes:${s}`) }))] },
    { name: 'traffic_class', label: t('filters.class'), type: 'select', options: [{ value: '', label: t('filters.anyClass') }, ...TRAFFIC_CLASSES.map((c) => ({ value: c, label: t(`codes:${c}`) }))] },
    sender,
    { name: 'from', label: t('filters.from'), type: 'date', field: 'created_from' },
    { name: 'to', label: t('filters.to'), type: 'date', field: 'created_to' },
  ];
}

/** The list's input from the filters: REST's paging and mode, and the use case's filter fields (ZMessageFilter's names). */
export function messageListInput(values: FilterValues, before: string | undefined): Inputs['messages']['list'] {
  const mode = values.mode === 'live' || values.mode === 'test' ? values.mode : undefined;
  const status = MESSAGE_STATUSES.find((s) => s === values.status) as MessageStatus | undefined;
  const recipient = values.recipient?.trim();
  return {
    limit: PAGE_SIZE,
    before,
    mode,
    status: status ? [status] : undefined,
    traffic_class: isTrafficClass(values.traffic_class) ? values.traffic_class : undefined,
    sender: values.sender || undefined,
    created_from: values.from ? dayStart(values.from) : undefined,
    created_to: values.to ? dayEnd(values.to) : undefined,
    recipient: recipient || undefined,
  };
}
