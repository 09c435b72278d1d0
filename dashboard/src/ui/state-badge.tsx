// A state as a labelled badge for the administration pages (keys, sender IDs, top-ups, deliveries): the colour
// repeats the word, never replaces it.
import { useTranslation } from 'react-i18next';
import type { en as codes } from '../i18n/codes.ts';

const TONES: Record<string, 'good' | 'waiting' | 'bad'> = {
  active: 'good',
  approved: 'good',
  credited: 'good',
  delivered: 'good',
  enabled: 'good',
  rotated: 'waiting',
  pending: 'waiting',
  requested: 'waiting',
  revoked: 'bad',
  expired: 'bad',
  declined: 'bad',
  rejected: 'bad',
  failed: 'bad',
  disabled: 'bad',
};

export function StateBadge({ state, text }: { state: string; text?: string }) {
  const { t } = useTranslation('codes');
  const tone = TONES[state] ?? 'neutral';
  return <span className={`badge admin-badge-${tone}`}>{text ?? t(state as keyof typeof codes)}</span>;
}
