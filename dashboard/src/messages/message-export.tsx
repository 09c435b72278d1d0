// The messages CSV on the messages page: the list's days and mode to start with, any range of days after.
import { useTranslation } from 'react-i18next';
import { trpc } from '../trpc.ts';
import type { FilterValues } from '../ui/filtered-list.tsx';
import { DayRangeExport, lastDays } from './day-range-export.tsx';

export function MessageExport({ listValues }: { listValues: FilterValues }) {
  const { t } = useTranslation('messages');
  const mode = listValues['mode'] === 'live' || listValues['mode'] === 'test' ? listValues['mode'] : undefined;
  const fallback = lastDays();
  const first = listValues['from'] || (listValues['to'] && listValues['to'] < fallback.first ? listValues['to'] : fallback.first);
  const last = listValues['to'] || (listValues['from'] && listValues['from'] > fallback.last ? listValues['from'] : fallback.last);
  const modeWords = mode === 'live' ? t('export.liveOnly') : mode === 'test' ? t('export.testOnly') : t('export.bothModes');
  return (
    // A change of the list's days or mode starts the range again from them.
    <DayRangeExport
      key={`${first} ${last} ${mode ?? ''}`}
      id="messages-export"
      heading={t('export.heading')}
      first={first}
      last={last}
      link={(range) => trpc.messages.exportLink.queryOptions({ ...range, ...(mode ? { mode } : {}) })}
    >
      {t('export.whatIsIn', { mode: modeWords })}
    </DayRangeExport>
  );
}
