// The import's first step: a CSV file streamed to REST's upload endpoint, with a progress bar as it goes.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { csrfToken, type Outputs } from '../trpc.ts';
import { Field } from '../ui/field.tsx';
import { restLink } from '../../../core/transport/rest-paths.ts';

export type Uploaded = Outputs['imports']['get'];

interface Refusal {
  code: string;
  message: string;
  field?: string;
}

type UploadResult = { ok: true; data: Uploaded } | { ok: false; error: Refusal };

const UNREACHABLE: Refusal = { code: 'network', message: 'The file could not be sent: the service could not be reached. Check the connection and try again.' };

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
function uploadCsv(file: File, onProgress: (sent: number, total: number) => void): { done: Promise<UploadResult>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResult>((resolve) => {
    xhr.open('POST', restLink('uploadContactImport', {}, { filename: file.name }));
    xhr.setRequestHeader('Content-Type', 'text/csv');
    const token = csrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onerror = () => resolve({ ok: false, error: UNREACHABLE });
    xhr.onabort = () => resolve({ ok: false, error: { code: 'aborted', message: 'The upload was stopped.' } });
    xhr.onload = () => {
      const body = parseEnvelope(xhr.responseText);
      if (body?.success && body.data) resolve({ ok: true, data: body.data });
      else if (body?.error?.message) resolve({ ok: false, error: body.error });
      else resolve({ ok: false, error: { code: 'unexpected', message: `The service answered ${xhr.status} without saying why. Try again.` } });
    };
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
}

export function UploadStep({ onUploaded }: { onUploaded: (answer: Uploaded) => void }) {
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
    const upload = uploadCsv(file, (sent, total) => setProgress({ sent, total }));
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
  const message = error ? `${error.message}${error.field ? ` (field: ${error.field})` : ''}` : undefined;
  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)}>
      <Field
        label="CSV file"
        error={message}
        hint="The first line names the columns; commas, semicolons or tabs separate the values. UTF-8, at most 25 MiB. Nothing is added to the address book until you process it."
      >
        {(c) => <input {...c} type="file" accept=".csv,text/csv" required disabled={uploading} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />}
      </Field>
      {progress && (
        <div className="ab-progress">
          <label htmlFor="upload-progress">Uploading {file?.name}</label>
          <progress id="upload-progress" max={100} value={percent}>
            {percent}%
          </progress>
          <p className="hint" aria-live="polite">
            {percent}% · {formatBytes(progress.sent)} of {formatBytes(progress.total)}
          </p>
        </div>
      )}
      <div className="ab-actions">
        <button type="submit" className="button" disabled={!file || uploading}>
          {uploading ? 'Uploading…' : 'Upload the file'}
        </button>
        {uploading && (
          <button type="button" className="button button-secondary" onClick={() => abort.current?.()}>
            Stop
          </button>
        )}
      </div>
    </form>
  );
}
