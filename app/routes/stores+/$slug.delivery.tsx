/**
 * /stores/{slug}/delivery — delivery days and collection (issue 35 item 5, decision 0037): the
 * store publishes delivery slots for the next days (two windows a day or the whole day, a cap on
 * trucks; Sundays and public holidays skipped by the API), sees what is booked, closes a slot, and
 * offers "Collect from our yard" with the yard's address and hours. Three plain POST forms
 * (intents publish, close, collection) that work without JavaScript: the values typed come back
 * with the message next to the field. Members and the owner.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { slotText } from "~/components/slots/slot-text";
import { primaryButton } from "~/components/ui/button";
import { requestT } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { ApiStoreSlots } from "~/storefront/api-types";
import { positiveId } from "~/storefront/form-answer.server";
import { CollectionSchema, parseWithZod, SlotPublishSchema } from "~/storefront/forms.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";
// The limits come with the loader's data: the rules' module (with the delivery calendar) stays out of the page's JavaScript.
import { MAX_SLOT_DAYS, MAX_SLOT_TRUCKS, YARD_ADDRESS_MAX, YARD_HOURS_MAX } from "~/storefront/slots.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const slots = await api.must(api.get<ApiStoreSlots>(`/stores/${store.id}/slots/`));
  const t = await requestT(request, "seller");
  const limits = { days: MAX_SLOT_DAYS, trucks: MAX_SLOT_TRUCKS, address: YARD_ADDRESS_MAX, hours: YARD_HOURS_MAX };
  return data({ slots: slots.slots, collection: slots.collection, limits, title: t("slots.title") }, { headers: await api.headers() });
}

/** What a refused form answers: its intent, the values typed, and which fields were wrong. */
type Answer = { intent: "publish" | "collection"; values: Record<string, string>; fields: string[]; formError?: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store } = await requireStoreArea(request, context, params.slug);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const t = await requestT(request, "seller");
  const back = `/stores/${encodeURIComponent(store.slug)}/delivery`;
  const values = (names: string[]) => Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "").slice(0, 400)]));
  const refused = (a: Answer, status = 400) => data<Answer>(a, { status, headers: undefined });
  const apiFields = (body: unknown) => (body && typeof body === "object" && !Array.isArray(body) ? Object.keys(body) : []);

  if (intent === "publish") {
    const typed = values(["layout", "days", "cap"]);
    const submission = parseWithZod(form, { schema: SlotPublishSchema });
    if (submission.status !== "success") return refused({ intent, values: typed, fields: Object.keys(submission.error ?? {}) });
    const r = await api.post<ApiStoreSlots>(`/stores/${store.id}/slots/`, submission.value);
    if (r.status === 401) throw await api.signedOut();
    if (!r.ok) return refused({ intent, values: typed, fields: apiFields(r.data), formError: r.status === 400 ? undefined : t("slots.failed") }, r.status >= 500 ? 502 : 400);
    return redirectWithFlash(api, back, { kind: "success", message: t("slots.published") });
  }
  if (intent === "close") {
    const id = positiveId(form.get("slot_id"));
    if (!id) return redirectWithFlash(api, back, { kind: "error", message: t("slots.failed") });
    const r = await api.post<{ result: "removed" | "closed" }>(`/stores/${store.id}/slots/close/`, { slot_id: id });
    if (r.status === 401) throw await api.signedOut();
    if (!r.ok) return redirectWithFlash(api, back, { kind: "error", message: t("slots.failed") });
    return redirectWithFlash(api, back, { kind: "success", message: r.data.result === "removed" ? t("slots.removed") : t("slots.closedBooked") });
  }
  if (intent === "collection") {
    const typed = values(["enabled", "address", "hours"]);
    const submission = parseWithZod(form, { schema: CollectionSchema });
    if (submission.status !== "success") return refused({ intent, values: typed, fields: Object.keys(submission.error ?? {}) });
    const r = await api.put(`/stores/${store.id}/collection/`, submission.value);
    if (r.status === 401) throw await api.signedOut();
    if (!r.ok) return refused({ intent, values: typed, fields: apiFields(r.data), formError: r.status === 400 ? undefined : t("slots.failed") }, r.status >= 500 ? 502 : 400);
    return redirectWithFlash(api, back, { kind: "success", message: t("slots.yardSaved") });
  }
  throw unknownIntent();
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Delivery days"} | BuildMart NG` }];

const input = "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2";

function FieldMessage({ id, show, text }: { id: string; show: boolean; text: string }) {
  return show ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {text}
    </p>
  ) : null;
}

export default function StoreDeliveryRoute() {
  const { slots, collection, limits } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const navigation = useNavigation();
  const { t } = useTranslation("seller");
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const pub = answer?.intent === "publish" ? answer : undefined;
  const yard = answer?.intent === "collection" ? answer : undefined;
  const wrong = (a: Answer | undefined, f: string) => !!a?.fields.includes(f);
  const described = (a: Answer | undefined, f: string, id: string) => (wrong(a, f) ? { "aria-invalid": true as const, "aria-describedby": id } : {});
  const layout = pub?.values.layout || "halves";
  return (
    <main className="space-y-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t("slots.title")}</h1>
      <p className="text-sm text-gray-700">{t("slots.intro")}</p>

      <Form method="post" noValidate className="max-w-xl space-y-3 rounded-lg border border-gray-200 bg-white p-3" data-testid="publish-slots-form">
        <h2 className="font-semibold">{t("slots.publishHeading")}</h2>
        {pub?.formError ? (
          <p className="text-sm text-red-700" role="alert">
            {pub.formError}
          </p>
        ) : null}
        <fieldset {...described(pub, "layout", "slot-layout-error")}>
          <legend className="text-sm font-medium">{t("slots.layout")}</legend>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input type="radio" name="layout" value="halves" defaultChecked={layout === "halves"} className="accent-brand-600" />
            {t("slots.layoutHalves")}
          </label>
          <label className="mt-1 flex items-center gap-2 text-sm">
            <input type="radio" name="layout" value="day" defaultChecked={layout === "day"} className="accent-brand-600" />
            {t("slots.layoutDay")}
          </label>
          <FieldMessage id="slot-layout-error" show={wrong(pub, "layout")} text={t("slots.errorLayout")} />
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="slot-days" className="block text-sm font-medium">
              {t("slots.days")}
            </label>
            <input id="slot-days" name="days" type="number" inputMode="numeric" min={1} max={limits.days} defaultValue={pub?.values.days ?? "14"} className={input} {...described(pub, "days", "slot-days-error")} />
            <FieldMessage id="slot-days-error" show={wrong(pub, "days")} text={t("slots.errorDays", { max: limits.days })} />
          </div>
          <div>
            <label htmlFor="slot-cap" className="block text-sm font-medium">
              {t("slots.cap")}
            </label>
            <input id="slot-cap" name="cap" type="number" inputMode="numeric" min={1} max={limits.trucks} defaultValue={pub?.values.cap ?? "2"} className={input} {...described(pub, "cap", "slot-cap-error")} />
            <FieldMessage id="slot-cap-error" show={wrong(pub, "cap")} text={t("slots.errorCap", { max: limits.trucks })} />
          </div>
        </div>
        <p className="text-xs text-gray-600">{t("slots.skipNote")}</p>
        <button type="submit" name="intent" value="publish" className={primaryButton} disabled={busy("publish")}>
          {t("slots.publish")}
        </button>
      </Form>

      <section className="rounded-lg border border-gray-200 bg-white p-3" aria-labelledby="slots-upcoming">
        <h2 id="slots-upcoming" className="font-semibold">
          {t("slots.upcoming")}
        </h2>
        {slots.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">{t("slots.none")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100" data-testid="slot-list">
            {slots.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-slot-id={s.id} data-full={s.full ? "true" : "false"}>
                <span>
                  <span className="font-medium">{slotText(s, t)}</span>
                  <span className="ml-2 text-gray-600">{t("slots.bookedOf", { booked: s.booked, cap: s.cap })}</span>
                  {s.full ? <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-semibold text-gray-700">{t("slots.full")}</span> : null}
                </span>
                <Form method="post">
                  <input type="hidden" name="slot_id" value={s.id} />
                  <button type="submit" name="intent" value="close" className="btn-outline px-2 py-1 text-xs" disabled={busy("close")}>
                    {t("slots.close")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Form method="post" noValidate className="max-w-xl space-y-3 rounded-lg border border-gray-200 bg-white p-3" data-testid="collection-form">
        <h2 className="font-semibold">{t("slots.yardHeading")}</h2>
        {yard?.formError ? (
          <p className="text-sm text-red-700" role="alert">
            {yard.formError}
          </p>
        ) : null}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="enabled" defaultChecked={yard ? yard.values.enabled === "on" : collection.enabled} className="mt-0.5 h-4 w-4 accent-brand-600" />
          {t("slots.yardEnabled")}
        </label>
        <div>
          <label htmlFor="yard-address" className="block text-sm font-medium">
            {t("slots.yardAddress")}
          </label>
          <input id="yard-address" name="address" type="text" maxLength={limits.address} defaultValue={yard?.values.address ?? collection.address} className={input} {...described(yard, "address", "yard-address-error")} />
          <FieldMessage id="yard-address-error" show={wrong(yard, "address")} text={t("slots.errorYardAddress")} />
        </div>
        <div>
          <label htmlFor="yard-hours" className="block text-sm font-medium">
            {t("slots.yardHours")}
          </label>
          <input id="yard-hours" name="hours" type="text" maxLength={limits.hours} placeholder={t("slots.yardHoursHint")} defaultValue={yard?.values.hours ?? collection.hours} className={input} {...described(yard, "hours", "yard-hours-error")} />
          <FieldMessage id="yard-hours-error" show={wrong(yard, "hours")} text={t("slots.errorYardHours")} />
        </div>
        <button type="submit" name="intent" value="collection" className={primaryButton} disabled={busy("collection")}>
          {t("slots.yardSave")}
        </button>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
