// A key's actions in its row: rotate (a replacement, the old key kept for a grace period) and revoke (at once).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc, type Outputs } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { useAction } from '../ui/use-action.ts';

type ApiKey = Outputs['apiKeys']['list']['api_keys'][number];
export type RotatedKey = Outputs['apiKeys']['rotate'];

const GRACE_HOURS = [0, 1, 24, 72, 168] as const;

export function ApiKeyActions({ apiKey, onRotated }: { apiKey: ApiKey; onRotated: (rotated: RotatedKey) => void }) {
  const { t } = useTranslation('people');
  const graceText = (h: number) => (h === 0 ? t('keyActions.noGrace') : h < 48 ? t('keyActions.hours', { count: h }) : t('keyActions.days', { count: h / 24 }));
  const [rotating, setRotating] = useState(false);
  const [graceHours, setGraceHours] = useState(24);
  const invalidates = [trpc.apiKeys.pathKey()];
  const rotate = useAction(trpc.apiKeys.rotate.mutationOptions(), {
    idempotent: true,
    invalidates,
    onSuccess: (rotated) => {
      setRotating(false);
      onRotated(rotated);
    },
  });
  const revoke = useAction(trpc.apiKeys.revoke.mutationOptions(), { invalidates });
  if (apiKey.status === 'revoked' || apiKey.status === 'expired') return <span className="hint">{t('none')}</span>;

  const doRotate = () => {
    rotate.run({ id: apiKey.id, grace_hours: graceHours });
  };

  return (
    <div className="admin-row-actions">
      {apiKey.status === 'active' && !rotating && (
        <button type="button" className="button button-secondary" aria-label={t('keyActions.rotateWho', { name: apiKey.name })} onClick={() => setRotating(true)}>
          {t('keyActions.rotate')}
        </button>
      )}
      {rotating && (
        <div className="admin-confirm" role="group" aria-label={t('keyActions.rotateWho', { name: apiKey.name })}>
          <Field label={t('keyActions.grace')}>
            {(c) => (
              <select {...c} value={graceHours} onChange={(e) => setGraceHours(Number(e.target.value))}>
                {GRACE_HOURS.map((h) => (
                  <option key={h} value={h}>
                    {graceText(h)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="admin-actions">
            <button type="button" className="button" disabled={rotate.isPending} onClick={doRotate}>
              {rotate.isPending ? t('keyActions.rotating') : t('keyActions.rotateKey')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setRotating(false)}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
      <ConfirmAction
        label={t('keyActions.revoke')}
        name={t('keyActions.revokeWho', { name: apiKey.name })}
        question={t('keyActions.revokeQuestion', { name: apiKey.name })}
        confirmLabel={t('keyActions.confirmRevoke')}
        cancelLabel={t('cancel')}
        pending={revoke.isPending}
        onConfirm={() => revoke.run({ id: apiKey.id })}
      />
      {rotate.error && <ErrorAlert error={rotate.error} title={t('keyActions.notRotated')} />}
      {revoke.error && <ErrorAlert error={revoke.error} title={t('keyActions.notRevoked')} />}
    </div>
  );
}
