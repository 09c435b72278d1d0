// What shows while a call is under way (announced politely, role="status").
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      {label}…
    </p>
  );
}
