// Choosing the sender ID of a message: those the service approved for the traffic class (senderIds.list).
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { Loading } from '../ui/loading.tsx';
import type { TrafficClass } from '../../../core/domain/pricing.ts';

export interface SenderSelectProps {
  trafficClass: TrafficClass;
  value: string;
  onChange: (name: string) => void;
  error: string | undefined;
}

export function SenderSelect({ trafficClass, value, onChange, error }: SenderSelectProps) {
  const { t } = useTranslation(['developers', 'codes']);
  const senders = useQuery(trpc.senderIds.list.queryOptions());
  const approved = (senders.data?.sender_ids ?? []).filter((s) => s.approval.status === 'approved' && s.approval.traffic_classes.includes(trafficClass));
  // Live messages leave only under a sender the SMS route has approved too; the others are shown but cannot be picked.
  const ready = approved.filter((s) => s.provider_approval.status === 'approved');
  const first = ready[0]?.name ?? '';
  const valid = ready.some((s) => s.name === value);
  useEffect(() => {
    if (!valid && value !== first) onChange(first);
  }, [valid, value, first, onChange]);

  if (senders.isPending) return <Loading label={t('senderSelect.loading')} />;
  if (senders.isError) return <ErrorAlert error={senders.error} title={t('senderSelect.failed')} />;
  if (ready.length === 0) {
    return (
      <div className="field">
        <p className="note note-danger" role="alert">
          {t('senderSelect.noneReady', { trafficClass: t(`codes:${trafficClass}`) })}
        </p>
      </div>
    );
  }
  return (
    <Field label={t('senderSelect.label')} error={error}>
      {(control) => (
        <select {...control} name="from" value={value} onChange={(e) => onChange(e.target.value)}>
          {approved.map((s) => {
            const pending = s.provider_approval.status !== 'approved';
            return (
              <option key={s.id} value={s.name} disabled={pending}>
                {pending ? t('senderSelect.waitingRoute', { name: s.name }) : s.name}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
