// The query the explorer opens with: the last seven days in Dar es Salaam, day by day, with the money beside.
import { darDay, dayEnd, dayStart } from '../format/days.ts';

const DAY_MS = 86_400_000;

export function exampleQuery(now: Date): string {
  const from = dayStart(darDay(new Date(now.getTime() - 6 * DAY_MS)));
  const to = dayEnd(darDay(now));
  return `# Messages, outcomes and spend per day over the last 7 days. Days are counted in
# Africa/Dar_es_Salaam (EAT): from and to are midnights there, to being the day after
# the last one counted. Money is in cents (100 cents = 1 TZS).
# Press the run button (or Ctrl+Enter); open the docs (the book) for every field.
query DeliveryByDay {
  deliveryReport(from: "${from}", to: "${to}", groupBy: [DAY]) {
    day
    messages
    delivered
    failed
    pending
    deliveryRate
    spendCents
  }
}
`;
}
