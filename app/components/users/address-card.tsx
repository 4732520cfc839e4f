/**
 * One address in the address book: DEFAULT ADDRESS tag, Edit, Set as default, Delete. Delete asks
 * first on the page itself (?delete={id}), so the confirmation works without JavaScript.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AddressLines } from "~/components/ui/address-lines";
import { Spinner } from "~/components/ui/spinner";
import type { ApiAddress } from "~/storefront/api-types";

export type Address = Pick<ApiAddress, "id" | "receiver_first_name" | "receiver_last_name" | "receiver_phone_one" | "receiver_phone_two" | "street_address" | "city" | "state" | "country" | "zip_code" | "lga" | "landmark" | "is_default">;

export function AddressCard({ address, confirmingDelete }: { address: Address; confirmingDelete: boolean }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("id") === String(address.id);
  const pendingIntent = pending ? navigation.formData?.get("intent") : null;
  const name = `${address.receiver_first_name} ${address.receiver_last_name}`;
  const { t } = useTranslation("account");
  return (
    <li
      className={`flex flex-col rounded-lg border bg-white p-4 ${address.is_default ? "border-brand-600" : "border-gray-200"}`}
      data-testid="address-card"
      aria-label={address.is_default ? t("addresses.card_label_default", { name }) : t("addresses.card_label", { name })}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{name}</p>
        {address.is_default ? (
          <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-bold tracking-wide text-brand-700">{t("addresses.default_tag")}</span>
        ) : null}
      </div>
      <address className="mt-1 text-sm not-italic text-gray-700">
        <AddressLines address={address} />, Nigeria
        <br />
        {address.receiver_phone_one}
        {address.receiver_phone_two ? ` / ${address.receiver_phone_two}` : ""}
      </address>
      {confirmingDelete ? (
        <div role="alertdialog" aria-labelledby={`confirm-${address.id}`} className="mt-3 rounded-md border border-red-200 bg-red-50 p-3">
          <p id={`confirm-${address.id}`} className="text-sm font-medium text-red-800">
            {t("addresses.confirm_delete")}
          </p>
          <div className="mt-2 flex gap-2">
            <Form method="post" action="/users/account/addresses" preventScrollReset>
              <input type="hidden" name="id" value={address.id} />
              <button type="submit" name="intent" value="delete" className="btn bg-red-700 text-white hover:bg-red-800" disabled={pending}>
                {pendingIntent === "delete" ? <Spinner /> : null}
                {t("addresses.yes_delete")}
              </button>
            </Form>
            <Link to="/users/account/addresses" className="btn-outline" preventScrollReset>
              {t("addresses.cancel")}
            </Link>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-gray-100 pt-3">
          <Link to={`/users/account/addresses/edit?id=${address.id}`} className="btn-outline px-3 py-1.5" aria-label={t("addresses.edit_of", { name })}>
            {t("addresses.edit")}
          </Link>
          <Form method="post" action="/users/account/addresses" preventScrollReset>
            <input type="hidden" name="id" value={address.id} />
            <button
              type="submit"
              name="intent"
              value="default"
              className="btn-outline px-3 py-1.5"
              disabled={address.is_default || pending}
              aria-label={address.is_default ? t("addresses.is_default") : t("addresses.set_default_of", { name })}
            >
              {pendingIntent === "default" ? <Spinner /> : null}
              {t("addresses.set_default")}
            </button>
          </Form>
          <Link
            to={`/users/account/addresses?delete=${address.id}`}
            className="btn-outline px-3 py-1.5 text-red-700"
            preventScrollReset
            aria-label={t("addresses.delete_of", { name })}
          >
            {t("addresses.delete")}
          </Link>
        </div>
      )}
    </li>
  );
}
