import type { useSubmit } from "@remix-run/react";

/** Submits the filter form without its empty fields, so the URL stays short and shareable. */
export function submitClean(submit: ReturnType<typeof useSubmit>, form: HTMLFormElement) {
  const fd = new FormData(form);
  const q = new URLSearchParams();
  for (const [k, v] of fd.entries()) if (typeof v === "string" && v !== "") q.append(k, v);
  submit(q, { method: "get", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
}
