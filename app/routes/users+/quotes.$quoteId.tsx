/**
 * /users/quotes/{quoteId} — one bulk quote, the buyer's side (issue 35 item 2): what was asked, the
 * store's offers with their figures and pro-forma links, the thread; then the buyer's moves as plain
 * forms (accept the live offer, counter once with a note, decline). Accepting makes the order at the
 * offer's prices (the API's), and the page then offers the payment pages (card, transfer, USSD). An
 * expired offer is said plainly (the page answers 410 after a refused accept). Works without JS.
 */
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { QuoteReply } from "~/components/quotes/quote-bits";
import { island, islandsLoader } from "~/components/ui/island";
import { primaryButton } from "~/components/ui/button";
import { formatNaira } from "~/domain/money";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { ApiOrder, ApiQuote } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { submitBuyerStep } from "~/storefront/quotes.server";
import { readForm, unknownIntent } from "~/storefront/responses.server";

export const handle = { i18n: ["quotes"] };

/** The thread and the forms come on demand (components/ui/island.tsx): plain forms that work before they hydrate. */
const BuyerQuoteView = island(() =>
  import("~/components/quotes/quote-thread").then((m) => ({
    default: m.BuyerQuoteView,
  }))
);
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(BuyerQuoteView);

const idOf = (v: string | undefined) =>
  v && /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) < 2_147_483_647
    ? Number(v)
    : null;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const id = idOf(params.quoteId);
  if (!id) throw new Response("Not Found", { status: 404 });
  const r = await api.get<ApiQuote>(`/quotes/${id}/`);
  if (r.status === 401) throw await api.signedOut();
  if (!r.ok) throw new Response("Not Found", { status: 404 });
  const quote = r.data;
  const order = quote.order_id
    ? await api.get<ApiOrder>(`/orders/${quote.order_id}/`)
    : null;
  const t = await requestT(request, "quotes");
  const expired = quote.shown_status === "expired";
  const refused =
    new URL(request.url).searchParams.get("expired") === "1" && expired;
  return data(
    {
      quote,
      order: order?.ok
        ? {
            id: order.data.id,
            total: order.data.total,
            paid: order.data.order_payment_status === "Complete",
          }
        : null,
      expired,
      title: t("thread.heading", { number: quote.id, store: quote.store.name }),
    },
    { status: refused ? 410 : 200, headers: await api.headers() }
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const id = idOf(params.quoteId);
  if (!id) throw new Response("Not Found", { status: 404 });
  const answer = await submitBuyerStep(
    api,
    request,
    id,
    await readForm(request)
  );
  if (!answer) throw unknownIntent();
  return answer;
}

export default function BuyerQuoteRoute() {
  const { quote, order, expired, title } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    | { intent?: string; reply?: QuoteReply }
    | undefined;
  const { t } = useTranslation("quotes");
  return (
    <main className="space-y-4">
      <Link
        to="/users/quotes"
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← {t("list.title")}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      {expired ? (
        <section
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
          data-testid="quote-expired"
        >
          <h2 className="font-semibold">{t("buyer.expired_title")}</h2>
          <p>{t("buyer.expired_body")}</p>
        </section>
      ) : null}
      {order ? (
        <section
          className="space-y-2 rounded-lg border border-green-300 bg-green-50 p-4 text-sm"
          data-testid="quote-order"
          aria-labelledby="pay-h"
        >
          <h2 id="pay-h" className="text-base font-semibold">
            {order.paid
              ? t("buyer.paid")
              : t("buyer.pay_heading", { total: formatNaira(order.total) })}
          </h2>
          {order.paid ? (
            <Link
              to={`/users/quotes/${quote.id}/invoice?kind=tax`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {t("thread.tax_invoice")}
            </Link>
          ) : (
            <div className="flex flex-wrap gap-2">
              <form method="post" action={`/users/orders/${order.id}`}>
                <button
                  type="submit"
                  name="intent"
                  value="pay"
                  className={primaryButton}
                >
                  {t("buyer.pay_card")}
                </button>
              </form>
              <form
                method="post"
                action={`/checkout/offline?order_id=${order.id}`}
              >
                <button
                  type="submit"
                  name="intent"
                  value="transfer"
                  className="btn-outline"
                >
                  {t("buyer.pay_transfer")}
                </button>
              </form>
              <Link
                to={`/checkout/offline?order_id=${order.id}&how=ussd`}
                className="btn-outline"
              >
                {t("buyer.pay_ussd")}
              </Link>
            </div>
          )}
          <Link
            to={`/users/orders/${order.id}`}
            className="block font-semibold text-brand-700 hover:underline"
          >
            {t("buyer.see_order")}
          </Link>
        </section>
      ) : null}
      <BuyerQuoteView
        quote={quote}
        lastResult={result?.reply}
        intent={result?.intent}
      />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.title ?? "Quote"} | BuildMart NG` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
