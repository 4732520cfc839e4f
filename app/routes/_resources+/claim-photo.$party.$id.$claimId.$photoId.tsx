/**
 * /claim-photo/{store|order|admin}/{storeId|orderId|0}/{claimId}/{photoId}[?w=160…] — a claim's photo
 * for the signed-in party, through the API (GET /stores/{id}/claims/{cid}/photos/{pid}/,
 * /orders/{id}/claims/{cid}/photos/{pid}/ or /admin/claims/{cid}/photos/{pid}/), which decides who may
 * see it: the store's members, the order's buyer (or a guest order's `?t=` link token), admins.
 * Anyone else (or signed out): 404. Never cached by a shared cache.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/storefront/api.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT = /^\d{1,9}$/;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const { party, id = "", claimId = "", photoId = "" } = params;
  const ok =
    INT.test(claimId) && INT.test(photoId) && ((party === "store" && INT.test(id)) || (party === "order" && UUID.test(id)) || (party === "admin" && id === "0"));
  if (!ok) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const w = url.searchParams.get("w");
  const t = party === "order" ? url.searchParams.get("t") : null;
  const q = new URLSearchParams();
  if (w && /^\d{1,4}$/.test(w)) q.set("w", w);
  if (t) q.set("token", t);
  const query = q.size ? `?${q}` : "";
  const api = await apiFor(request, context);
  const path =
    party === "store"
      ? `/stores/${id}/claims/${claimId}/photos/${photoId}/${query}`
      : party === "admin"
        ? `/admin/claims/${claimId}/photos/${photoId}/${query}`
        : `/orders/${id}/claims/${claimId}/photos/${photoId}/${query}`;
  const res = await api.file(path);
  if (!res) throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const headers = await api.headers({ "Content-Type": res.headers.get("Content-Type") ?? "application/octet-stream", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" });
  return new Response(res.body, { headers });
}
