/** A field's messages (./forms.tsx re-exports it); alone so the footer on every page loads only this. */
export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = (errors ?? []).filter((e): e is string => !!e);
  if (!list.length) return null;
  return (
    <ul id={id} className="field-error space-y-0.5" data-testid={id ? `${id}` : undefined}>
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}
