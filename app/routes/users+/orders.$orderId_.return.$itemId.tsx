/**
 * /users/orders/{orderId}/return/{itemId} — Return an item ("Returns and refunds"): the
 * item, then a plain multipart POST form (components/users/return-item.tsx, shared with the guest's
 * page orders+/$orderId_.return.$itemId.tsx): the reason (select), what is wrong (details) and an
 * optional photo (JPEG, PNG or WebP up to 5 MB; the image messages of spec section 5). The rules
 * and messages are app/domain/returns.ts; the API checks everything again. Typed text is kept when
 * the form comes back with errors (the photo must be chosen again: browsers never refill a file).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { requireUser } from "~/storefront/auth.server";
import { returnItemOf, returnPageData, submitReturn } from "~/storefront/returns.server";
import { requestT } from "~/i18n/i18next.server";

export const handle = { i18n: ["orders"] };

/** The page's content and conform come on demand (components/ui/island.tsx): not in its first view. */
const ReturnItemView = island(() => import("~/components/users/return-item").then((m) => ({ default: m.ReturnItemView })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(ReturnItemView);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const r = await returnItemOf(api, params.orderId ?? "", params.itemId ?? "");
  const t = await requestT(request, "orders");
  return data({ ...returnPageData(r), title: t("returnPage.title") }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const { order, item } = await returnItemOf(api, params.orderId ?? "", params.itemId ?? "");
  return submitReturn(api, request, order, item, `/users/orders/${order.id}`);
}

export default function ReturnItemRoute() {
  const { title: _title, ...d } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return <ReturnItemView {...d} back={`/users/orders/${d.orderId}`} action={`/users/orders/${d.orderId}/return/${d.item.id}`} lastResult={lastResult} />;
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Return item"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
