/**
 * /stores/{slug}/quotes/{quoteId} — one bulk quote, the store's side (issue 35 item 2): what the
 * buyer asked (lines, site, wanted date, note), the offers and the thread; while it is open, the
 * offer form (a price per line, a reason where it is above the list price, the delivery charge to
 * the site, the delivery date, how many hours it holds, a note) and a decline with a reason. Plain
 * forms with `intent`; works without JavaScript.
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
import { lagosToday } from "~/domain/quote-rules";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { ApiQuote } from "~/storefront/api-types";
import { submitStoreStep } from "~/storefront/quotes.server";
import { readForm, unknownIntent } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";

export const handle = { i18n: ["quotes"] };

/** The thread and the forms come on demand (components/ui/island.tsx): plain forms that work before they hydrate. */
const StoreQuoteView = island(() =>
  import("~/components/quotes/quote-thread").then((m) => ({
    default: m.StoreQuoteView,
  }))
);
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(StoreQuoteView);

const idOf = (v: string | undefined) =>
  v && /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) < 2_147_483_647
    ? Number(v)
    : null;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const id = idOf(params.quoteId);
  if (!id) throw new Response("Not Found", { status: 404 });
  const quote = await api.get<ApiQuote>(`/stores/${store.id}/quotes/${id}/`);
  if (!quote.ok) throw new Response("Not Found", { status: 404 });
  const t = await requestT(request, "quotes");
  return data(
    {
      slug: store.slug,
      quote: quote.data,
      today: lagosToday(),
      title: t("thread.heading", { number: id, store: store.name }),
    },
    { headers: await api.headers() }
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const id = idOf(params.quoteId);
  if (!id) throw new Response("Not Found", { status: 404 });
  const answer = await submitStoreStep(
    api,
    request,
    store.id,
    id,
    `/stores/${store.slug}/quotes/${id}`,
    await readForm(request)
  );
  if (!answer) throw unknownIntent();
  return answer;
}

export default function StoreQuoteRoute() {
  const { slug, quote, today, title } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    | { intent?: string; reply?: QuoteReply }
    | undefined;
  const { t } = useTranslation("quotes");
  return (
    <main className="space-y-4">
      <Link
        to={`/stores/${slug}/quotes`}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← {t("store.list_title")}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <p className="text-sm" data-user-text>
        {t("store.buyer", {
          name: `${quote.buyer.first_name} ${quote.buyer.last_name}${
            quote.buyer.company_name ? `, ${quote.buyer.company_name}` : ""
          }`,
        })}{" "}
        · {quote.buyer.phone}
      </p>
      <StoreQuoteView
        quote={quote}
        slug={slug}
        today={today}
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
