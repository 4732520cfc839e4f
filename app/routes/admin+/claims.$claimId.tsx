/**
 * /admin/claims/{claimId} — one claim for an admin (the link of the admins' notices and e-mails): its
 * thread and, while it waits for BuildMart, the ruling form. Admin pages stay English.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ClaimRulingForm, ClaimThread } from "~/components/claims/claim-thread";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { orderNumber } from "~/domain/order-rules";
import type { ApiClaim } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { submitClaimRuling } from "~/storefront/claims.server";

export const handle = { i18n: ["orders"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const id = params.claimId ?? "";
  if (!/^\d{1,9}$/.test(id)) throw new Response("Not Found", { status: 404 });
  const claim = await api.must(api.get<ApiClaim>(`/admin/claims/${id}/`));
  return data({ claim }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  return submitClaimRuling(api, request, `/admin/claims/${params.claimId ?? ""}`);
}

export default function AdminClaimRoute() {
  const { claim } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <main className="space-y-4">
      <Link to="/admin/claims" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Claims
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">
        Claim {claim.id} · order {orderNumber(claim.order_id)}
      </h1>
      <ClaimThread claim={claim} photo={(pid) => `/claim-photo/admin/0/${claim.id}/${pid}`} />
      {claim.status === "answered" || claim.status === "escalated" ? <ClaimRulingForm claim={claim} action={`/admin/claims/${claim.id}`} lastResult={result?.reply} /> : null}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Claim · Admin | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
