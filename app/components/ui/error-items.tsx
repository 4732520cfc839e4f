/**
 * A field's messages as they are, already in the reader's language (translated on the server or by
 * the page's own texts): the markup of ./error-list.tsx without the form messages' table, for a
 * page that would otherwise carry that table in its first view for nothing.
 */
export function ErrorItems({ id, errors }: { id?: string; errors?: Array<string | null | undefined> | null }) {
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
