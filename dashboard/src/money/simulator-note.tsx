// With live payments off nothing is really paid: the simulator answers, and the payer number's last digit chooses
// how (the same table as docs/mobile-money.md), so anyone trying the dashboard can see every ending.
import { useTranslation } from 'react-i18next';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

export function SimulatorNote() {
  const { t } = useTranslation('money');
  return (
    <div className="simulator-note hint">
      <p>
        <strong>{t('pay.simulated.title')}</strong> {t('pay.simulated.lead')}
      </p>
      <details>
      <summary>{t('pay.simulated.caption')}</summary>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('pay.simulated.digit')}</th>
            <th scope="col">{t('pay.simulated.outcome')}</th>
          </tr>
        </thead>
        <tbody>
          {DIGITS.map((d) => (
            <tr key={d}>
              <td>{d}</td>
              <td>{t(`pay.simulated.outcomes.${d}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </details>
    </div>
  );
}
