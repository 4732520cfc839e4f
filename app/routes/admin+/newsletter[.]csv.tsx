/**
 * GET /admin/newsletter.csv — the confirmed subscribers as a CSV download (email, confirmed_at,
 * source), straight from the API's admin export (escaped there, formula cells neutralised).
 * Anyone but an admin gets the API's 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/storefront/api.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  // Not JSON: the client hands the text back as `detail`.
  const body = await api.must(api.get<{ detail: string }>("/newsletter/subscribers/export/"));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body.detail, {
    headers: await api.headers({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    }),
  });
}
