/**
 * /users/account/addresses — the address book (heading 'Account'; spec sections 2, 4, 5).
 * Intents: create (the add form, hidden at 3 addresses), default, delete (after the on-page
 * confirmation of ?delete={id}). Everything is a plain POST that works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useOutlet, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { island, islandsLoader } from "~/components/ui/island";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AddressCard, type Address } from "~/components/users/address-card";
import type { Api } from "~/storefront/api.server";
import { requireUser } from "~/storefront/auth.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { MAX_ADDRESSES } from "~/domain/address-rules";
import { parseWithZod, AddressFormSchema, toAddressBody } from "~/storefront/forms.server";
import { requestFormMessage, requestT } from "~/i18n/i18next.server";
import { newAddressDefaults } from "~/storefront/address-defaults.server";

/** The address form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const AddressForm = island(() => import("~/components/address-form").then((m) => ({ default: m.AddressForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(AddressForm);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const addresses = await api.must(api.get<Address[]>(`/users/${user.id}/addresses/`));
  const t = await requestT(request, "account");
  const newAddress = addresses.length < MAX_ADDRESSES ? await newAddressDefaults(api, user, addresses.length) : null;
  return data({ addresses, newAddress, title: t("titles.addresses") }, { headers: await api.headers() });
}

const done = (api: Api, kind: "success" | "error", message: string) => redirectWithFlash(api, "/users/account/addresses", { kind, message });

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const t = await requestT(request, "account");

  if (intent === "create") {
    const submission = parseWithZod(form, { schema: AddressFormSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const r = await api.post("/users/adresses/", toAddressBody(submission.value, user.id));
    // The limit (a top-level array body) comes from a stale page: the form is hidden at 3 addresses.
    if (!r.ok && Array.isArray(r.data)) return done(api, "error", await requestFormMessage(request, String(r.data[0])));
    if (!r.ok) return data(submission.reply(apiErrorsToReply(r.status, r.data, Object.keys(AddressFormSchema.shape), "The address could not be saved. Please try again.")), { status: r.status === 400 ? 400 : 502 });
    return done(api, "success", t("addresses.added"));
  }

  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) return done(api, "error", t("addresses.choose_first"));
  if (intent === "default") {
    const r = await api.patch(`/users/adresses/${id}/`, { is_default: true });
    return r.ok ? done(api, "success", t("addresses.default_updated")) : done(api, "error", t("addresses.default_failed"));
  }
  if (intent === "delete") {
    const r = await api.delete(`/users/adresses/${id}/`);
    return r.ok || r.status === 404 ? done(api, "success", t("addresses.deleted")) : done(api, "error", t("addresses.delete_failed"));
  }
  throw unknownIntent();
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Account — addresses"} | BuildMart NG` }];

export default function AddressesRoute() {
  const { addresses, newAddress } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [params] = useSearchParams();
  const confirmId = Number(params.get("delete"));
  const full = addresses.length >= MAX_ADDRESSES;
  // /users/account/addresses/edit is a child route (file users.account.addresses.edit.tsx): it
  // replaces the list rather than sitting under it.
  const child = useOutlet();
  const { t } = useTranslation("account");
  if (child) return child;
  return (
    <main>
      <h1 className="text-xl font-bold sm:text-2xl">{t("addresses.heading")}</h1>
      <h2 className="mt-4 text-lg font-semibold">{t("addresses.book")}</h2>
      {addresses.length === 0 ? (
        <p className="mt-2 text-gray-600">{t("addresses.none")}</p>
      ) : (
        <ul className="mt-2 grid gap-3 sm:grid-cols-2" aria-label={t("addresses.saved")}>
          {addresses.map((a) => (
            <AddressCard key={a.id} address={a} confirmingDelete={confirmId === a.id} />
          ))}
        </ul>
      )}
      {full ? (
        <p className="mt-4 text-sm text-gray-600" data-testid="address-limit">
          {t("addresses.limit", { max: MAX_ADDRESSES })}
        </p>
      ) : (
        <section aria-labelledby="add-address-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="add-address-heading" className="mb-3 text-lg font-semibold">
            {t("addresses.add_heading")}
          </h2>
          {/* keyed by the count: a saved address resets the form (and its default checkbox) */}
          <AddressForm
            key={addresses.length}
            id="add-address"
            intent="create"
            lastResult={lastResult}
            defaultValue={{ ...newAddress, is_default: addresses.length === 0 }}
            submitLabel={t("addresses.save")}
          />
        </section>
      )}
      <section aria-labelledby="your-data-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
        <h2 id="your-data-heading" className="text-lg font-semibold">
          {t("addresses.your_data")}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t("addresses.your_data_text")}</p>
        <div className="mt-3 flex flex-wrap gap-4 text-sm font-medium">
          <a href="/users/account/export" className="text-brand-700 underline" download>
            {t("addresses.download")}
          </a>
          <Link to="/users/account/delete" className="text-red-700 underline">
            {t("addresses.delete_account")}
          </Link>
        </div>
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
