// A launched campaign's money from its ledger entries (held at launch = charged + released + still held, to the
// cent) and its delivery rate among the messages the network answered, as the service counts them (launch.money,
// launch.delivery).
import { formatTzs } from '../format/money.ts';
import { formatCount, numberFormat } from '../format/locale.ts';
import { Stats } from '../ui/stats.tsx';
import type { Campaign } from './campaign-form.tsx';
import { useCampaignWords } from './words.ts';

type Launch = NonNullable<Campaign['launch']>;

/** "66.7 %" in the language shown; a tenth of a percent is as fine as a campaign's rate is read. */
export function formatRate(rate: number): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

export function CampaignMoney({ launch }: { launch: Launch }) {
  const t = useCampaignWords();
  const { money, delivery } = launch;
  if (!money || !delivery) return null;
  return (
    <section className="card" aria-labelledby="money-heading">
      <h2 id="money-heading">{t('money.heading')}</h2>
      <Stats
        items={[
          { label: t('money.reserved'), value: formatTzs(money.reserved) },
          { label: t('money.captured'), value: formatTzs(money.captured) },
          { label: t('money.released'), value: formatTzs(money.released) },
          { label: t('money.held'), value: formatTzs(money.held) },
          { label: t('money.rate'), value: delivery.rate === null ? t('money.noAnswerYet') : formatRate(delivery.rate) },
          { label: t('money.delivered'), value: formatCount(delivery.delivered) },
          { label: t('money.answered'), value: formatCount(delivery.answered) },
        ]}
      />
      <p className="hint">{t('money.hint')}</p>
    </section>
  );
}
