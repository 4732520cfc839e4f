/** /users/orders — the signed-in shopper's orders, newest first (spec section 2). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PrevNextPager } from "~/components/ui/prev-next-pager";
import { orderDate, shortOrderId } from "~/components/users/order-format";
import { statusLabel } from "~/components/users/order-status";
import { formatNaira } from "~/domain/money";
import { requestT } from "~/i18n/i18next.server";
import { requireUser } from "~/storefront/auth.server";
import type { ApiOrder, Paged } from "~/storefront/api-types";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Orders"} | BuildMart NG` }];

export const handle = { i18n: ["orders"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const r = await api.get<Paged<ApiOrder>>(
    `/orders/user/${user.id}?page=${page}`,
  );
  if (!r.ok && r.status !== 404) throw await api.failure(r, "Orders could not be loaded");
  const body = r.ok ? r.data : { count: 0, next: null, previous: null, results: [] };
  const t = await requestT(request, "orders");
  return data({ ...body, page, title: t("title") }, { headers: await api.headers() });
}

export default function OrdersRoute() {
  const { results, count, next, previous, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  return (
    <main>
      <h1 className="mb-3 text-2xl font-bold">{t("title")}</h1>
      {count === 0 ? (
        <div className="rounded-lg border border-gray-200 bg-white p-6 text-center">
          <p className="text-gray-700">{t("empty")}</p>
          <Link to="/" className="btn-primary mt-4">
            {t("continueShopping")}
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {results.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white p-4">
              <div>
                <p className="font-semibold">{t("heading", { number: shortOrderId(o.id) })}</p>
                <p className="text-sm text-gray-600">{orderDate(o.created_at, t)}</p>
                <p className="text-sm text-gray-600">
                  {o.order_items.map((i) => `${i.product_name}${i.option_label ? ` (${i.option_label})` : ""} × ${i.quantity}`).join(", ")}
                </p>
                <p className="mt-1 text-sm">
                  <span className="font-semibold">{formatNaira(o.total)}</span> · {statusLabel(t, o.order_delivery_status)} ·{" "}
                  {t("paymentIs", { status: statusLabel(t, o.order_payment_status) })}
                </p>
              </div>
              <Link to={`/users/orders/${o.id}`} className="btn-outline">
                {t("viewDetails")}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        <PrevNextPager page={page} hasPrevious={!!previous} hasNext={!!next} />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
