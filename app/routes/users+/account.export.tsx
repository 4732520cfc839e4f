/**
 * GET /users/account/export — "Download my data": the caller's own data from the API
 * (GET /users/{id}/export/, self only) as a JSON file download. Private, never cached.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { ApiPersonalData } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const body = await api.must(api.get<ApiPersonalData>(`/users/${user.id}/export/`));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(body, null, 2), {
    headers: await api.headers({
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="buildmart-my-data-${day}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    }),
  });
}
