/**
 * /stores/{slug}/quotes/{quoteId}/invoice?offer={offerId} — the store's copy of an offer's pro-forma
 * invoice; ?kind=tax — the tax invoice of the paid order (issue 35 item 3). Prints well.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { ApiOrder, ApiQuote } from "~/storefront/api-types";
import { proforma, taxInvoice } from "~/storefront/invoices.server";
import { requireStoreArea } from "~/storefront/store-area.server";

export const handle = { i18n: ["quotes"] };

/** The invoice comes on demand (components/ui/island.tsx): the server's HTML is the whole invoice meanwhile. */
const Invoice = island(() =>
  import("~/components/quotes/invoice").then((m) => ({ default: m.Invoice }))
);
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(Invoice);

const idOf = (v: string | null | undefined) =>
  v && /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) < 2_147_483_647
    ? Number(v)
    : null;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const id = idOf(params.quoteId);
  if (!id) throw new Response("Not Found", { status: 404 });
  const r = await api.get<ApiQuote>(`/stores/${store.id}/quotes/${id}/`);
  if (!r.ok) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  let invoice = null;
  if (url.searchParams.get("kind") === "tax") {
    const order = r.data.order_id
      ? await api.get<ApiOrder>(`/orders/${r.data.order_id}/`)
      : null;
    invoice = order?.ok ? taxInvoice(r.data, order.data) : null;
  } else
    invoice = proforma(
      r.data,
      idOf(url.searchParams.get("offer")) ??
        r.data.offers[r.data.offers.length - 1]?.id ??
        0
    );
  if (!invoice) throw new Response("Not Found", { status: 404 });
  const t = await requestT(request, "quotes");
  return data(
    {
      invoice,
      back: `/stores/${store.slug}/quotes/${id}`,
      title: `${t(
        invoice.kind === "tax" ? "invoice.tax" : "invoice.proforma"
      )} ${invoice.number}`,
    },
    { headers: await api.headers() }
  );
}

export default function StoreInvoiceRoute() {
  const { invoice, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation("quotes");
  return (
    <main className="space-y-3">
      <p className="print:hidden">
        <Link
          to={back}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          ← {t("invoice.back")}
        </Link>
      </p>
      <Invoice d={invoice} />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.title ?? "Invoice"} | BuildMart NG` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
