/**
 * /stores/{slug}/quotes — the store's bulk quote requests (issue 35 item 2): each with its buyer,
 * site, where it stands and whose move it is, newest first (?status=open for those waiting); and, for
 * the owner, the store's VAT registration shown on its invoices (a plain form).
 */
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  FieldError,
  fieldError,
  QuoteStatus,
  typed,
  type QuoteReply,
} from "~/components/quotes/quote-bits";
import { primaryButton } from "~/components/ui/button";
import { formatDate, formatDay } from "~/i18n/dates";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { ApiQuotePage, ApiStoreTax } from "~/storefront/api-types";
import { submitStoreTax } from "~/storefront/quotes.server";
import { readForm, unknownIntent } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";

export const handle = { i18n: ["quotes"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(
    request,
    context,
    params.slug
  );
  const open = new URL(request.url).searchParams.get("status") === "open";
  const r = await api.get<ApiQuotePage>(
    `/stores/${store.id}/quotes/?page_size=50${open ? "&status=open" : ""}`
  );
  const list = r.ok
    ? r.data
    : { count: 0, next: null, previous: null, results: [] };
  const tax = await api.get<ApiStoreTax>(`/stores/${store.id}/tax/`);
  const t = await requestT(request, "quotes");
  return data(
    {
      slug: store.slug,
      list,
      open,
      isOwner,
      tax: tax.ok ? tax.data : { vat_registered: false, tin: "" },
      title: t("store.list_title"),
    },
    { headers: await api.headers() }
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const form = await readForm(request);
  if (form.get("intent") !== "tax") throw unknownIntent();
  return submitStoreTax(
    api,
    request,
    store.id,
    `/stores/${store.slug}/quotes`,
    form
  );
}

export default function StoreQuotesRoute() {
  const { slug, list, open, isOwner, tax, title } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    | { reply?: QuoteReply }
    | undefined;
  const { t } = useTranslation("quotes");
  const reply = result?.reply;
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <p className="text-sm text-gray-700">{t("store.intro")}</p>
      <form method="get" className="text-sm">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="status"
            value="open"
            defaultChecked={open}
          />
          {t("store.open_only")}
        </label>
        <button type="submit" className="btn-outline mt-1">
          {t("store.filter")}
        </button>
      </form>
      {list.results.length ? (
        <ul className="space-y-2">
          {list.results.map((q) => (
            <li
              key={q.id}
              className="rounded-lg border border-gray-200 bg-white p-3 text-sm"
              data-testid="quote-row"
            >
              <Link
                to={`/stores/${slug}/quotes/${q.id}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                {t("thread.heading", {
                  number: q.id,
                  store: q.lines.map((l) => l.product_name).join(", "),
                })}
              </Link>{" "}
              <QuoteStatus quote={q} />
              <p className="text-gray-700">
                <span data-user-text>
                  {t("store.buyer", {
                    name:
                      q.buyer.company_name ||
                      `${q.buyer.first_name} ${q.buyer.last_name}`,
                  })}
                </span>{" "}
                · {q.site.lga}, {q.site.state} ·{" "}
                {t("thread.wanted", { date: formatDay(q.wanted_date, t) })} ·{" "}
                {formatDate(q.created_at, t, "date")}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border border-gray-200 bg-white p-4 text-sm">
          {t("store.empty")}
        </p>
      )}
      {isOwner ? (
        <form
          method="post"
          className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm"
          aria-labelledby="vat-h"
        >
          <h2 id="vat-h" className="text-base font-semibold">
            {t("store.vat_heading")}
          </h2>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="vat_registered"
              defaultChecked={
                reply
                  ? typed(reply, "vat_registered") === "on"
                  : tax.vat_registered
              }
            />
            {t("store.vat_registered")}
          </label>
          <div>
            <label htmlFor="vat-tin" className="field-label">
              {t("store.tin")}
            </label>
            <input
              id="vat-tin"
              name="tin"
              defaultValue={typed(reply, "tin") ?? tax.tin}
              className="field-input"
              aria-describedby="vat-tin-e"
            />
            <FieldError id="vat-tin-e" message={fieldError(reply, "tin")} />
          </div>
          <button
            type="submit"
            name="intent"
            value="tax"
            className={primaryButton}
          >
            {t("store.vat_save")}
          </button>
        </form>
      ) : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.title ?? "Quotes"} | BuildMart NG` },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
