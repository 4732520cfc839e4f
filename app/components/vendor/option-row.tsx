/**
 * A product option on the seller's product page: its label, price and stock, and the form that
 * changes the stock and price (conform; the domain's schema in the browser once ./validators.ts has
 * loaded at the form's first focus). Fetched on demand by the page (../ui/island.tsx).
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Field } from "../ui/forms";
import { Form, useNavigation } from "@remix-run/react";
import { useLateModule, validateWith } from "../ui/late-validation";
import { formatNaira } from "~/domain/money";
import { useTranslation } from "~/i18n/react";
import { useFormMessage } from "../ui/error-list";
import type { ApiStoreProductOption } from "~/storefront/api-types";

// zod and the schemas load at a form's first focus (../ui/late-validation.ts).
const loadValidators = () => import("./validators");

/** One option: its label, price and stock, and the form that changes the stock and price. */
export function OptionRow({ option: o, lastResult }: { option: ApiStoreProductOption; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("seller");
  const say = useFormMessage();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("optionId") === String(o.id);
  const validators = useLateModule(`option-${o.id}`, loadValidators);
  const [form, fields] = useForm({
    id: `option-${o.id}`,
    lastResult,
    defaultValue: { stock_quantity: o.stock_quantity === null ? "" : String(o.stock_quantity), price: String(o.price) },
    ...validateWith(validators?.validateOptionUpdate, { shouldValidate: "onSubmit" }),
  });
  const label = `${o.variant_name}: ${o.value}`;
  return (
    <li className="py-2">
      <p>
        <span className="font-medium">{label}</span> · {formatNaira(o.price)} ·{" "}
        {o.stock_quantity === null ? <span className="text-gray-600">{t("variantForm.sharesStock")}</span> : <span>{t("variantForm.inStock", { n: o.stock_quantity })}</span>}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-1 flex flex-wrap items-start gap-2" aria-label={t("variantForm.optionForm", { label })}>
        <input type="hidden" name="intent" value="option" />
        <input type="hidden" name="optionId" value={o.id} />
        {form.errors?.length ? (
          <p role="alert" id={form.errorId} className="w-full text-sm text-red-700">
            {form.errors.map(say).join(" ")}
          </p>
        ) : null}
        <Field
          labelProps={{ children: t("variantForm.stock"), className: "block text-xs text-gray-600" }}
          inputProps={{ ...getInputProps(fields.stock_quantity, { type: "text" }), inputMode: "numeric", className: "w-24" }}
          errors={fields.stock_quantity.errors}
        />
        <Field
          labelProps={{ children: t("productForm.price"), className: "block text-xs text-gray-600" }}
          inputProps={{ ...getInputProps(fields.price, { type: "text" }), inputMode: "decimal", className: "w-28" }}
          errors={fields.price.errors}
        />
        <button type="submit" className="btn-outline mt-4 px-3 py-1.5" disabled={busy}>
          {t("variantForm.saveOption")}
        </button>
      </Form>
    </li>
  );
}
