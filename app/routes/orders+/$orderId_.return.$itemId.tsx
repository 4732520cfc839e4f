/**
 * /orders/{orderId}/return/{itemId}?t={token} — a guest asks to return a delivered item,
 * reached from the guest's order page (the signed link of the order e-mails). The same form and
 * rules as the member's page (components/users/return-item.tsx, storefront/returns.server.ts); the
 * API checks the token (a wrong or missing one: 404). The token is carried only by this page's
 * form and its way back to the order; the page is not indexed and sends no Referer.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { apiFor } from "~/storefront/api.server";
import { returnItemOf, returnPageData, submitReturn } from "~/storefront/returns.server";
import { requestT } from "~/i18n/i18next.server";

export const handle = { i18n: ["orders"] };

const PRIVATE = { "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };

function tokenOf(request: Request): string {
  const token = new URL(request.url).searchParams.get("t");
  if (!token) throw new Response("Not Found", { status: 404 });
  return token;
}

const guestOrderPath = (orderId: string, token: string) => `/orders/${orderId}?t=${encodeURIComponent(token)}`;

/** The page's content and conform come on demand (components/ui/island.tsx): not in its first view. */
const ReturnItemView = island(() => import("~/components/users/return-item").then((m) => ({ default: m.ReturnItemView })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(ReturnItemView);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const token = tokenOf(request);
  const r = await returnItemOf(api, params.orderId ?? "", params.itemId ?? "", token);
  const t = await requestT(request, "orders");
  return data({ ...returnPageData(r), token, title: t("returnPage.title") }, { headers: await api.headers(PRIVATE) });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  const token = tokenOf(request);
  const { order, item } = await returnItemOf(api, params.orderId ?? "", params.itemId ?? "", token);
  return submitReturn(api, request, order, item, guestOrderPath(order.id, token), token);
}

export default function GuestReturnItemRoute() {
  const { token, title: _title, ...d } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <div className="container-page py-4">
      <ReturnItemView
        {...d}
        back={guestOrderPath(d.orderId, token)}
        action={`/orders/${d.orderId}/return/${d.item.id}?t=${encodeURIComponent(token)}`}
        lastResult={lastResult}
      />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Return item"} | BuildMart NG` }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
