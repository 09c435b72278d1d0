// The import's first step: a CSV file streamed to REST's upload endpoint, with a progress bar as it goes.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { csrfToken, type Outputs } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { restLink } from '../../../core/transport/rest-paths.ts';
import { numberFormat } from '../format/locale.ts';

export type Uploaded = Outputs['imports']['get'];

interface Refusal {
  code: string;
  message: string;
  field?: string;
}

type UploadResult = { ok: true; data: Uploaded } | { ok: false; error: Refusal };

type Envelope = { success?: boolean; data?: Uploaded; error?: Refusal };

/** REST's envelope, or null for an answer that is not one (a proxy's error page). */
function parseEnvelope(text: string): Envelope | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Envelope) : null;
  } catch {
    return null;
  }
}

/**
 * REST's contact-import upload with the file as the body. XMLHttpRequest rather than fetch: only it reports the
 * upload's progress. The session cookie goes by itself (same site); the CSRF token goes as REST asks.
 */
function uploadCsv(t: TFunction<'addressBook'>, file: File, onProgress: (sent: number, total: number) => void): { done: Promise<UploadResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResult>((resolve) => {
    xhr.open('POST', restLink('uploadContactImport', {}, { filename: file.name }));
    xhr.setRequestHeader('Content-Type', 'text/csv');
    const token = csrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onerror = () => resolve({ ok: false, error: { code: 'network', message: t('upload.unreachable') } });
    xhr.onabort = () => resolve({ ok: false, error: { code: 'aborted', message: t('upload.stopped') } });
    xhr.onload = () => {
      const body = parseEnvelope(xhr.responseText);
      if (body?.success && body.data) resolve({ ok: true, data: body.data });
      else if (body?.error?.message) resolve({ ok: false, error: body.error });
      else resolve({ ok: false, error: { code: 'unexpected', message: t('upload.unexpected', { status: xhr.status }) } });
    };
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}

function formatBytes(t: TFunction<'addressBook'>, n: number): string {
  const one = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (n < 1024) return t('upload.bytes', { count: n });
  if (n < 1024 * 1024) return `${one.format(n / 1024)} KiB`;
  return `${one.format(n / (1024 * 1024))} MiB`;
}

export function UploadStep({ onUploaded }: { onUploaded: (answer: Uploaded) => void }) {
  const { t } = useTranslation('addressBook');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [error, setError] = useState<Refusal | null>(null);
  const abort = useRef<(() => void) | null>(null);
  // Leaving the page stops an upload under way rather than letting it finish unseen.
  useEffect(() => () => abort.current?.(), []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setError(null);
    setProgress({ sent: 0, total: file.size });
    const upload = uploadCsv(t, file, (sent, total) => setProgress({ sent, total }));
    abort.current = upload.abort;
    const result = await upload.done;
    abort.current = null;
    if (result.ok) {
      onUploaded(result.data);
      return;
    }
    setProgress(null);
    setError(result.error);
  };

  const uploading = progress !== null;
  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const message = error ? (error.field ? t('upload.refusedField', { message: error.message, field: error.field }) : error.message) : undefined;
  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)}>
      <Field
        label={t('upload.file')}
        error={message}
        hint={t('upload.hint')}
      >
        {(c) => <input {...c} type="file" accept=".csv,text/csv" required disabled={uploading} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
      </Field>
      {progress && (
        <div className="ab-progress">
          <label htmlFor="upload-progress">{t('upload.uploadingFile', { name: file?.name ?? '' })}</label>
          <progress id="upload-progress" max={100} value={percent}>
            {t('upload.percent', { percent })}
          </progress>
          <p className="hint" aria-live="polite">
            {t('upload.progress', { percent, sent: formatBytes(t, progress.sent), total: formatBytes(t, progress.total) })}
          </p>
        </div>
      )}
      <div className="ab-actions">
        <button type="submit" className="button" disabled={!file || uploading}>
          {uploading ? t('upload.uploading') : t('steps.upload')}
        </button>
        {uploading && (
          <button type="button" className="button button-secondary" onClick={() => abort.current?.()}>
            {t('upload.stop')}
          </button>
        )}
      </div>
    </form>
  );
}
