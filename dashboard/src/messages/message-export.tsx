// The messages CSV on the messages page: the list's filters (mode, status, class, sender, recipient) and its days to
// start with, any range of days after.
import { useTranslation } from 'react-i18next';
import { trpc } from '../trpc.ts';
import type { FilterValues } from '../ui/filtered-list.tsx';
import { DayRangeExport, lastDays } from './day-range-export.tsx';
import { messageListInput } from './message-filters.tsx';
import { recipientSearch } from '../../../core/domain/phone.ts';

export function MessageExport({ listValues }: { listValues: FilterValues }) {
  const { t } = useTranslation('messages');
  const { mode, status, traffic_class, sender, recipient } = messageListInput(listValues, undefined);
  const narrowed = { mode, status, traffic_class, sender, recipient };
  // The list says at its field why a search is refused; the file of a refused search is not offered.
  if (recipient !== undefined && !recipientSearch(recipient).ok) return null;
  const fallback = lastDays();
  const first = listValues['from'] || (listValues['to'] && listValues['to'] < fallback.first ? listValues['to'] : fallback.first);
  const last = listValues['to'] || (listValues['from'] && listValues['from'] > fallback.last ? listValues['from'] : fallback.last);
  const modeWords = mode === 'live' ? t('export.liveOnly') : mode === 'test' ? t('export.testOnly') : t('export.bothModes');
  return (
    // A change of the list's days starts the range again from them.
    <DayRangeExport
      key={`${first} ${last}`}
      id="messages-export"
      heading={t('export.heading')}
      first={first}
      last={last}
      link={(range) => trpc.messages.exportLink.queryOptions({ ...range, ...narrowed })}
    >
      {t('export.whatIsIn', { mode: modeWords })}
    </DayRangeExport>
  );
}
