// A failed call's message, announced to screen readers as it appears (role="alert").
import { errorMessage } from '../errors.ts';

export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  return (
    <div className="alert alert-error" role="alert">
      {title && <p className="alert-title">{title}</p>}
      <p>{errorMessage(error)}</p>
    </div>
  );
}
