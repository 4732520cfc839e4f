/**
 * /calculators/{kind}: one project calculator (issue 34 item 3). A plain GET form (works without
 * JavaScript; the result URL is the share link, with a WhatsApp link), the result with its
 * formula and assumptions in plain words, the products to buy (in stock, cheapest delivered to
 * the shopper's state, in the product's units rounded up to packs: ~/domain/calculators/packs)
 * and "Add all to cart", a plain POST that recomputes from the same query and adds every line.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { ErrorItems } from "~/components/ui/error-items";
import { canonicalState } from "~/domain/address-rules";
import { calculatorOf, type Calculator, type FieldDef } from "~/domain/calculators";
import { parseCalculatorQuery, resultQuery, type FieldError } from "~/domain/calculators/form";
import { APPLIANCE_ROWS } from "~/domain/calculators/solar";
import { formatNaira, formatNumber } from "~/domain/money";
import { NIGERIAN_STATES, stateName } from "~/domain/states";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import { apiFor, type Api } from "~/storefront/api.server";
import { addOffersToCart, basketView, offersFor, offerView } from "~/storefront/calculators.server";
import { CartError } from "~/storefront/cart.server";
import { siteOrigin } from "~/storefront/catalog.server";
import { deliveryStateFor } from "~/storefront/delivery.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";

export const handle = { i18n: ["calc"] };

/** 1234.5 → "1,234.5": figures to three decimals, as CLDR writes them in every language (~/domain/money). */
const formatValues = (values: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "number" ? formatNumber(v, 3) : v]));

/** The calculator, its form as read from `query`, the state, and (when the form is good) the result and its products. */
async function compute(api: Api, request: Request, calc: Calculator, query: URLSearchParams) {
  const form = parseCalculatorQuery(calc, query);
  const asked = canonicalState(query.get("state") ?? "");
  const state = asked ?? (await deliveryStateFor(api, request)).state;
  if (!form.ok) return { form, state, result: null, offers: [] };
  const result = calc.compute(form.values);
  const offers = await offersFor(api, result.needs, state);
  return { form, state, result, offers };
}

function calculatorFrom(params: { kind?: string }): Calculator {
  const calc = calculatorOf(params.kind);
  if (!calc) throw new Response("Not Found", { status: 404 });
  return calc;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const calc = calculatorFrom(params);
  const api = await apiFor(request, context);
  const url = new URL(request.url);
  const { form, state, result, offers } = await compute(api, request, calc, url.searchParams);
  const t = await requestT(request, "calc");
  const name = t(`names.${calc.kind}`);
  const query = form.ok ? resultQuery(calc, form.raw, state) : "";
  const shareUrl = form.ok ? `${siteOrigin(request)}/calculators/${calc.kind}?${query}` : null;
  const found = offers.flatMap((o) => (o.offer ? [o.offer] : []));
  return data(
    {
      kind: calc.kind,
      title: t("page.title", { name }),
      raw: form.raw,
      errors: form.errors,
      submitted: form.submitted,
      state,
      query,
      example: new URLSearchParams({ ...calc.example, state }).toString(),
      result: result && {
        figures: result.figures.map((f) => ({ key: f.key, value: formatNumber(f.value, 3) })),
        steps: result.steps.map((s) => ({ key: s.key, values: formatValues(s.values) })),
        assumptions: [...calc.assumptions],
      },
      lines: offers.map((o) => ({ need: o.need.key, offer: o.offer && offerView(o.offer) })),
      basket: found.length ? basketView(found, state) : null,
      shareUrl,
      whatsapp: shareUrl ? `https://wa.me/?text=${encodeURIComponent(`${t("result.shareText", { name })} ${shareUrl}`)}` : null,
    },
    // A result depends on stock and prices of the moment, and on the shopper's state.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Calculator"} | BuildMart NG` }];

/** "Add all to cart": the result's query again (field `q`), recomputed, every line added; then the cart. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const calc = calculatorFrom(params);
  const api = await apiFor(request, context);
  const form = await readForm(request);
  const query = new URLSearchParams(String(form.get("q") ?? "").slice(0, 2000));
  const t = await requestT(request, "calc");
  const back = `/calculators/${calc.kind}${query.size ? `?${query}` : ""}`;
  const { form: parsed, offers } = await compute(api, request, calc, query);
  const found = offers.flatMap((o) => (o.offer ? [o.offer] : []));
  if (!parsed.ok || found.length === 0) return redirectWithFlash(api, back, { kind: "error", message: t("flash.nothingToAdd") });
  let outcome;
  try {
    outcome = await addOffersToCart(api, request, found);
  } catch (e) {
    if (e instanceof CartError) return redirectWithFlash(api, back, { kind: "error", message: t("flash.failed") });
    throw e;
  }
  const headers = new Headers();
  if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
  if (outcome.added === 0) return redirectWithFlash(api, back, { kind: "error", message: t("flash.failed") }, { headers });
  const message = outcome.failed.length
    ? t("flash.someFailed", { added: outcome.added, names: outcome.failed.map((f) => (f.message ? `${f.name} (${f.message})` : f.name)).join("; ") })
    : t("flash.added", { count: outcome.added });
  return redirectWithFlash(api, "/cart", { kind: outcome.failed.length ? "error" : "success", message }, { headers });
}

export default function CalculatorPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("calc");
  const calc = calculatorOf(d.kind)!;
  const nav = useNavigation();
  const busy = nav.state !== "idle";
  return (
    <main className="container-page py-4">
      <p className="text-sm">
        <Link to="/calculators" className="text-brand-700 underline">
          {t("form.allCalculators")}
        </Link>
      </p>
      <h1 className="mt-1 text-xl font-bold sm:text-2xl">{d.title}</h1>
      <p className="mt-1 max-w-prose text-gray-700">{t(`blurbs.${d.kind}`)}</p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[22rem_1fr]">
        <Form method="get" className="space-y-3" noValidate aria-label={t("form.legend")}>
          {d.kind === "solar" ? <SolarFields calc={calc} raw={d.raw} errors={d.errors} /> : calc.fields.map((f) => <CalcField key={f.name} kind={d.kind} field={f} raw={d.raw} errors={d.errors} />)}
          <div>
            <label htmlFor="calc-state" className="field-label">
              {t("form.state")}
            </label>
            <select id="calc-state" name="state" defaultValue={d.state} className="field-input">
              {NIGERIAN_STATES.map((s) => (
                <option key={s} value={s}>
                  {stateName(s)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={primaryButton}>
              {t("form.calculate")}
            </button>
            <Link to={`?${d.example}`} className="text-sm text-brand-700 underline">
              {t("form.example")}
            </Link>
          </div>
        </Form>
        {d.result ? <Result /> : d.submitted ? <p className="text-gray-700" role="status">{t("form.fixErrors")}</p> : <p className="text-gray-600">{t("form.start")}</p>}
      </div>
      {busy ? <span className="sr-only" role="status">{t("form.working")}</span> : null}
    </main>
  );
}

function fieldLabel(t: (k: string, o?: Record<string, unknown>) => string, kind: string, f: FieldDef) {
  const unit = f.kind === "number" && f.unit ? ` (${t(`units.${f.unit}`)})` : "";
  return `${t(`${kind}.fields.${f.name}`)}${unit}`;
}

function errorText(t: (k: string, o?: Record<string, unknown>) => string, e: FieldError | undefined): string[] | undefined {
  return e ? [t(`errors.${e.key}`, e.values)] : undefined;
}

function CalcField({ kind, field: f, raw, errors }: { kind: string; field: FieldDef; raw: Record<string, string>; errors: Record<string, FieldError> }) {
  const { t } = useTranslation("calc");
  const id = `calc-${f.name}`;
  const err = errorText(t, errors[f.name]);
  const described = err ? `${id}-error` : undefined;
  if (f.kind === "choice")
    return (
      <div>
        <label htmlFor={id} className="field-label">
          {fieldLabel(t, kind, f)}
        </label>
        <select id={id} name={f.name} defaultValue={raw[f.name] && f.options.includes(raw[f.name]) ? raw[f.name] : f.default} className="field-input">
          {f.options.map((o) => (
            <option key={o} value={o}>
              {t(`${kind}.options.${f.name}.${o}`, { defaultValue: o.replace("x", " × ") + " cm" })}
            </option>
          ))}
        </select>
      </div>
    );
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {fieldLabel(t, kind, f)}
      </label>
      <input
        id={id}
        name={f.name}
        type="text"
        inputMode={f.kind === "number" ? "decimal" : undefined}
        defaultValue={raw[f.name] ?? (f.kind === "number" && f.default !== undefined ? String(f.default) : "")}
        aria-invalid={err ? true : undefined}
        aria-describedby={described}
        className="field-input"
      />
      {f.kind === "number" && f.optional ? <p className="mt-1 text-xs text-gray-500">{t(`${kind}.hints.${f.name}`, { defaultValue: "" })}</p> : null}
      <ErrorItems id={`${id}-error`} errors={err} />
    </div>
  );
}

function SolarFields({ calc, raw, errors }: { calc: Calculator; raw: Record<string, string>; errors: Record<string, FieldError> }) {
  const { t } = useTranslation("calc");
  const sun = calc.fields.find((f) => f.name === "sun")!;
  return (
    <>
      <p className="text-sm text-gray-700">{t("solar.rowsIntro")}</p>
      {Array.from({ length: APPLIANCE_ROWS }, (_, i) => (
        <fieldset key={i} className="rounded border border-gray-200 p-2">
          <legend className="px-1 text-sm font-medium">{t("solar.row", { n: i + 1 })}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(["name", "w", "n", "h"] as const).map((part) => {
              const f = calc.fields.find((x) => x.name === `a${i}_${part}`)!;
              const id = `calc-${f.name}`;
              const err = errorText(t, errors[f.name]);
              return (
                <div key={part} className={part === "name" ? "col-span-2" : undefined}>
                  <label htmlFor={id} className="text-xs text-gray-700">
                    {t(`solar.fields.${part}`)}
                  </label>
                  <input
                    id={id}
                    name={f.name}
                    type="text"
                    inputMode={part === "name" ? undefined : "decimal"}
                    defaultValue={raw[f.name] ?? ""}
                    aria-invalid={err ? true : undefined}
                    aria-describedby={err ? `${id}-error` : undefined}
                    className="field-input"
                  />
                  <ErrorItems id={`${id}-error`} errors={err} />
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
      <CalcField kind="solar" field={sun} raw={raw} errors={errors} />
    </>
  );
}

function Result() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("calc");
  const r = d.result!;
  const state = stateName(d.state);
  return (
    <section aria-labelledby="calc-result" className="space-y-4" data-testid="calc-result">
      <h2 id="calc-result" className="text-lg font-semibold">
        {t("result.title")}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2" data-testid="calc-figures">
        {r.figures.map((f) => (
          <li key={f.key} className="rounded bg-gray-50 p-3 font-medium">
            {t(`${d.kind}.figures.${f.key}`, { value: f.value })}
          </li>
        ))}
      </ul>
      <div>
        <h3 className="font-semibold">{t("result.how")}</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-gray-800">
          {r.steps.map((s) => (
            <li key={s.key}>{t(`${d.kind}.steps.${s.key}`, s.values)}</li>
          ))}
        </ol>
      </div>
      <div>
        <h3 className="font-semibold">{t("result.assumptions")}</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-gray-700">
          {r.assumptions.map((a) => (
            <li key={a}>{t(`${d.kind}.assumptions.${a}`)}</li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold">{t("result.buy")}</h3>
        <p className="text-sm text-gray-600">{t("result.buyIntro", { state })}</p>
        <ul className="mt-2 divide-y divide-gray-200 rounded border border-gray-200" data-testid="calc-lines">
          {d.lines.map((l) => (
            <li key={l.need} className="p-3" data-testid="calc-line">
              <p className="text-sm font-medium text-gray-600">{t(`materials.${l.need}`)}</p>
              {l.offer ? (
                <>
                  <p>
                    <span className="font-semibold" data-testid="calc-quantity">
                      {formatNumber(l.offer.quantity, 3)}
                    </span>{" "}
                    ×{" "}
                    <Link to={`/products/${l.offer.productId}`} className="text-brand-700 underline" data-testid="calc-product">
                      {l.offer.name}
                    </Link>
                    {l.offer.packDescription ? <span className="text-gray-600"> ({l.offer.packDescription})</span> : null}
                  </p>
                  <p className="text-sm text-gray-700">
                    {t("result.price", { price: formatNaira(l.offer.unitPrice), items: formatNaira(l.offer.items) })}
                    {l.offer.storeName ? ` · ${t("result.from", { store: l.offer.storeName, state: l.offer.storeState ? stateName(l.offer.storeState) : "Lagos" })}` : ""}
                  </p>
                </>
              ) : (
                <p className="text-sm text-gray-700">{t("result.none", { state })}</p>
              )}
            </li>
          ))}
        </ul>
        {d.basket ? (
          <dl className="mt-3 grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="calc-basket">
            <dt>{t("result.items")}</dt>
            <dd className="text-right">{formatNaira(d.basket.items)}</dd>
            <dt>{t("result.delivery", { state })}</dt>
            <dd className="text-right">{formatNaira(d.basket.shipping)}</dd>
            <dt className="font-semibold">{t("result.total")}</dt>
            <dd className="text-right font-semibold">{formatNaira(d.basket.total)}</dd>
          </dl>
        ) : null}
        {d.basket ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="q" value={d.query} />
            <button type="submit" className={primaryButton}>
              {t("result.addAll")}
            </button>
            <p className="mt-1 text-xs text-gray-600">{t("result.cartPrices")}</p>
          </Form>
        ) : null}
      </div>
      {d.shareUrl ? (
        <div>
          <h3 className="font-semibold">{t("result.share")}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-3">
            <a href={d.whatsapp!} className="text-brand-700 underline" target="_blank" rel="noopener noreferrer" data-testid="calc-whatsapp">
              {t("result.whatsapp")}
            </a>
          </p>
          <label htmlFor="calc-share" className="mt-2 block text-xs text-gray-600">
            {t("result.link")}
          </label>
          <input id="calc-share" readOnly value={d.shareUrl} className="field-input text-xs" />
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
