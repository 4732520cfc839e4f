/**
 * /users/account/addresses/edit?id={addressId} — edit one address. The id is in the URL so the
 * page works without JavaScript and on reload.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { island, islandsLoader } from "~/components/ui/island";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { Address } from "~/components/users/address-card";
import { requireUser } from "~/storefront/auth.server";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { parseWithZod, AddressFormSchema, toAddressBody } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";

function addressId(request: Request): number | null {
  const n = Number(new URL(request.url).searchParams.get("id"));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The address form and conform come on demand (components/ui/island.tsx): not in the page's first view. */
const AddressForm = island(() => import("~/components/address-form").then((m) => ({ default: m.AddressForm })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(AddressForm);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const id = addressId(request);
  if (!id) return redirect("/users/account/addresses");
  const address = await api.must(api.get<Address>(`/users/adresses/${id}/`));
  const t = await requestT(request, "account");
  return data({ address, title: t("titles.edit_address") }, { headers: await api.headers() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, user } = await requireUser(request, context);
  const id = addressId(request);
  if (!id) return redirect("/users/account/addresses", { status: 303 });
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: AddressFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const r = await api.put(`/users/adresses/${id}/`, toAddressBody(submission.value, user.id));
  if (r.status === 404) throw new Response("Not Found", { status: 404 });
  if (!r.ok) return data(submission.reply(apiErrorsToReply(r.status, r.data, Object.keys(AddressFormSchema.shape), "The address could not be saved. Please try again.")), { status: r.status === 400 ? 400 : 502 });
  return redirectWithFlash(api, "/users/account/addresses", { kind: "success", message: (await requestT(request, "account"))("addresses.updated") });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data && "title" in data ? data.title : "Edit address"} | BuildMart NG` }];

export default function EditAddressRoute() {
  const { address } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <main>
      <div className="flex items-center gap-2">
        <Link to="/users/account/addresses" className="rounded p-1 text-xl hover:bg-gray-100" aria-label={t("addresses.back")}>
          <span aria-hidden="true">←</span>
        </Link>
        <h1 className="text-xl font-bold sm:text-2xl">{t("addresses.edit_title")}</h1>
      </div>
      <section className="mt-4 rounded-lg border border-gray-200 bg-white p-4">
        <AddressForm
          id={`edit-address-${address.id}`}
          intent="update"
          lastResult={lastResult}
          defaultValue={address}
          submitLabel={t("addresses.save_changes")}
        />
      </section>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** The account texts (app/i18n/messages/<lang>/account.json). */
export const handle = { i18n: ["account"] };
