// The live counter under a message body (messages.preview): characters, segments, encoding, price, and the
// characters that force UCS-2 or that the ASCII route refuses, each named.
import { useTranslation } from 'react-i18next';
import type { Outputs } from '../trpc.ts';
import { errorMessage } from '../errors.ts';
import { formatTzs } from '../format/money.ts';
import { formatCount } from '../format/locale.ts';

type Preview = Outputs['messages']['preview'];
type CharacterAt = Preview['ucs2_characters'][number];

/** Each character once, as "é (U+00E9)"; a space or an invisible character is shown by its code point alone. */
function nameCharacters(found: readonly CharacterAt[]): string[] {
  const seen = new Map<string, string>();
  for (const c of found) {
    if (seen.has(c.codepoint)) continue;
    const visible = /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(c.character) || /\p{Extended_Pictographic}/u.test(c.character);
    seen.set(c.codepoint, visible ? `${c.character} (${c.codepoint})` : c.codepoint);
  }
  return [...seen.values()];
}

export interface BodyCounterProps {
  id: string;
  /** Nothing typed: nothing to count. */
  empty: boolean;
  preview: Preview | undefined;
  error: unknown;
  /** A preview of an older body is still shown while the new one is asked for. */
  updating: boolean;
}

export function BodyCounter({ id, empty, preview, error, updating }: BodyCounterProps) {
  const { t } = useTranslation('messages');
  return (
    <div id={id} className={updating ? 'counter counter-updating' : 'counter'} aria-live="polite" aria-busy={updating}>
      {empty ? (
        <p className="counter-line">{t('counter.characters', { count: 0 })}</p>
      ) : error ? (
        <p className="counter-problem">{errorMessage(error)}</p>
      ) : preview ? (
        <CounterText preview={preview} />
      ) : (
        <p className="counter-line">{t('counter.counting')}</p>
      )}
    </div>
  );
}

function CounterText({ preview }: { preview: Preview }) {
  const { t } = useTranslation(['messages', 'codes']);
  const ucs2 = nameCharacters(preview.ucs2_characters);
  const refused = nameCharacters(preview.refused_characters);
  return (
    <>
      <p className="counter-line">
        <span>{t('counter.characters', { count: preview.characters })}</span>
        <span>{t('counter.segments', { count: preview.segments })}</span>
        <span>{t(`codes:${preview.encoding}`)}</span>
        <span>{t('counter.left', { left: formatCount(preview.left_in_segment) })}</span>
        <span>{preview.price ? formatTzs(preview.price.total) : t('counter.noPrice')}</span>
      </p>
      {ucs2.length > 0 && (
        <p className="counter-ucs2">
          {t('counter.ucs2Because')} <span className="chars">{ucs2.join(', ')}</span>
        </p>
      )}
      {refused.length > 0 && (
        <p className="counter-problem">
          {t('counter.asciiRefuses')} <span className="chars">{refused.join(', ')}</span>
        </p>
      )}
      {preview.refusal && refused.length === 0 && <p className="counter-problem">{preview.refusal.message}</p>}
      {preview.price_unavailable && <p className="counter-problem">{preview.price_unavailable.message}</p>}
    </>
  );
}
