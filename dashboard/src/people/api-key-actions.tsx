// A key's actions in its row: rotate (a replacement, the old key kept for a grace period) and revoke (at once).
import { useState } from 'react';
import { trpc, type Outputs } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { useAction } from '../ui/use-action.ts';

type ApiKey = Outputs['apiKeys']['list']['api_keys'][number];
export type RotatedKey = Outputs['apiKeys']['rotate'];

const GRACE_HOURS = [0, 1, 24, 72, 168] as const;

const graceText = (h: number) => (h === 0 ? 'No grace: the old key stops now' : h < 48 ? `${h} ${h === 1 ? 'hour' : 'hours'}` : `${h / 24} days`);

export function ApiKeyActions({ apiKey, onRotated }: { apiKey: ApiKey; onRotated: (rotated: RotatedKey) => void }) {
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
  if (apiKey.status === 'revoked' || apiKey.status === 'expired') return <span className="hint">None</span>;

  const doRotate = () => {
    rotate.run({ id: apiKey.id, grace_hours: graceHours });
  };

  return (
    <div className="admin-row-actions">
      {apiKey.status === 'active' && !rotating && (
        <button type="button" className="button button-secondary" aria-label={`Rotate the key ${apiKey.name}`} onClick={() => setRotating(true)}>
          Rotate
        </button>
      )}
      {rotating && (
        <div className="admin-confirm" role="group" aria-label={`Rotate the key ${apiKey.name}`}>
          <Field label="The old key keeps working for">
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
              {rotate.isPending ? 'Rotating…' : 'Rotate key'}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setRotating(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <ConfirmAction
        label="Revoke"
        name={`Revoke the key ${apiKey.name}`}
        question={`Revoke ${apiKey.name}? Calls with it are refused at once; this cannot be undone.`}
        confirmLabel="Yes, revoke"
        pending={revoke.isPending}
        onConfirm={() => revoke.run({ id: apiKey.id })}
      />
      {rotate.error && <ErrorAlert error={rotate.error} title="The key was not rotated." />}
      {revoke.error && <ErrorAlert error={revoke.error} title="The key was not revoked." />}
    </div>
  );
}
