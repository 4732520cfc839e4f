/**
 * The checkout's DELIVERY ADDRESS block (spec section 2): the chosen address (receiver's full name,
 * phone one, street address, landmark, city, LGA, state, postal code) or 'No address' with the add form; a Change toggle lists
 * every address with Use Address, inline Edit and the DEFAULT ADDRESS tag, and ADD ADDRESS.
 * Toggles are links (?change=1, &edit={id}, &add=1: nothing changes on a GET); Use Address, Edit
 * and Add are plain POSTs with intents, so all of it works without JavaScript.
 */
import { useTranslation } from "~/i18n/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { AddressForm, type AddressDefaults } from "~/components/address-form";
import { AddressLines } from "~/components/ui/address-lines";
import { Spinner } from "~/components/ui/spinner";
import type { ApiAddress } from "~/storefront/api-types";
import { checkoutHref, localPhone } from "./format";
import { MAX_ADDRESSES } from "~/domain/address-rules";

export type CheckoutAddress = Pick<
  ApiAddress,
  "id" | "receiver_first_name" | "receiver_last_name" | "receiver_phone_one" | "receiver_phone_two" | "street_address" | "city" | "state" | "zip_code" | "lga" | "landmark" | "is_default"
>;

export function DeliveryAddressBlock({
  addresses,
  newAddress,
  chosen,
  changing,
  editId,
  adding,
  buy,
  option = null,
  qty = 1,
  lastResult,
  lastIntent,
}: {
  addresses: CheckoutAddress[];
  /** The add form's defaults: the account's name and verified phone on its first address. */
  newAddress?: AddressDefaults | null;
  chosen: CheckoutAddress | null;
  changing: boolean;
  editId: number | null;
  adding: boolean;
  buy: number | null;
  /** The buy-now product's option (?option=), kept by every link of the block. */
  option?: number | null;
  /** The buy-now quantity (?qty=), kept by every link of the block. */
  qty?: number;
  lastResult: SubmissionResult<string[]> | null | undefined;
  lastIntent: string | null;
}) {
  const { t } = useTranslation("checkout");
  const full = addresses.length >= MAX_ADDRESSES;
  const showAdd = !full && (adding || addresses.length === 0 || lastIntent === "add-address");
  return (
    <section aria-labelledby="delivery-heading" className="rounded-lg border border-gray-200 bg-white p-4" data-testid="delivery-address">
      <div className="flex items-center justify-between gap-2">
        <h2 id="delivery-heading" className="text-sm font-bold tracking-wide">
          {t("address.heading")}
        </h2>
        {addresses.length > 0 ? (
          changing ? (
            <Link to={checkoutHref(buy, {}, option, qty)} className="text-sm font-semibold text-brand-700 underline" preventScrollReset>
              {t("address.done")}
            </Link>
          ) : (
            <Link to={checkoutHref(buy, { change: "1" }, option, qty)} className="text-sm font-semibold text-brand-700 underline" preventScrollReset>
              {t("address.change")}
            </Link>
          )
        ) : null}
      </div>
      {!changing ? (
        chosen ? (
          <ChosenAddress address={chosen} />
        ) : (
          <p className="mt-2 text-sm text-gray-700" data-testid="no-address">
            {t("address.none")}
          </p>
        )
      ) : (
        <ul className="mt-3 space-y-3" aria-label={t("address.yours")}>
          {addresses.map((a) =>
            editId === a.id ? (
              <li key={a.id} className="rounded-md border border-brand-600 p-3">
                <h3 className="mb-2 font-semibold">{t("address.edit")}</h3>
                <AddressForm
                  id={`checkout-edit-${a.id}`}
                  intent="edit-address"
                  lastResult={lastIntent === "edit-address" ? lastResult : undefined}
                  defaultValue={a}
                  submitLabel={t("address.save")}
                  hiddenFields={{ id: a.id }}
                />
                <Link to={checkoutHref(buy, { change: "1" }, option, qty)} className="btn-outline mt-2" preventScrollReset>
                  {t("address.cancel")}
                </Link>
              </li>
            ) : (
              <AddressOption key={a.id} address={a} selected={chosen?.id === a.id} buy={buy} option={option} qty={qty} />
            ),
          )}
        </ul>
      )}
      {showAdd ? (
        <div className="mt-4 border-t border-gray-100 pt-4">
          <h3 className="mb-2 font-semibold">{t("address.add")}</h3>
          <AddressForm
            id="checkout-add-address"
            intent="add-address"
            lastResult={lastIntent === "add-address" ? lastResult : undefined}
            defaultValue={{ ...newAddress, is_default: addresses.length === 0 }}
            submitLabel={t("address.saveAndUse")}
          />
        </div>
      ) : changing && !full ? (
        <Link to={checkoutHref(buy, { change: "1", add: "1" }, option, qty)} className="btn-outline mt-3 w-full" preventScrollReset>
          {t("address.addButton")}
        </Link>
      ) : null}
    </section>
  );
}

function ChosenAddress({ address: a }: { address: CheckoutAddress }) {
  return (
    <address className="mt-2 text-sm not-italic text-gray-800" data-testid="chosen-address">
      <span className="font-semibold">
        {a.receiver_first_name} {a.receiver_last_name}
      </span>{" "}
      · {localPhone(a.receiver_phone_one)}
      <br />
      <AddressLines address={a} />
    </address>
  );
}

function AddressOption({ address: a, selected, buy, option, qty }: { address: CheckoutAddress; selected: boolean; buy: number | null; option: number | null; qty: number }) {
  const navigation = useNavigation();
  const { t } = useTranslation("checkout");
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "use-address" && navigation.formData?.get("id") === String(a.id);
  const name = `${a.receiver_first_name} ${a.receiver_last_name}`;
  return (
    <li className={`rounded-md border p-3 ${selected ? "border-brand-600 bg-brand-50/40" : "border-gray-200"}`} data-testid="address-option">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold">{name}</p>
        {a.is_default ? <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-bold tracking-wide text-brand-700">{t("address.default")}</span> : null}
      </div>
      <address className="mt-1 text-sm not-italic text-gray-700">
        <AddressLines address={a} />
        <br />
        {localPhone(a.receiver_phone_one)}
      </address>
      <div className="mt-2 flex flex-wrap gap-2">
        {selected ? (
          <span className="btn-outline cursor-default px-3 py-1.5 text-green-800" aria-label={t("address.selectedLabel", { name })}>
            ✓ {t("address.selected")}
          </span>
        ) : (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={a.id} />
            <button type="submit" name="intent" value="use-address" className="btn-outline px-3 py-1.5" aria-label={t("address.useLabel", { name })} disabled={pending}>
              {pending ? <Spinner /> : null}
              {t("address.use")}
            </button>
          </Form>
        )}
        <Link to={checkoutHref(buy, { change: "1", edit: String(a.id) }, option, qty)} className="btn-outline px-3 py-1.5" aria-label={t("address.editLabel", { name })} preventScrollReset>
          {t("address.editButton")}
        </Link>
      </div>
    </li>
  );
}
