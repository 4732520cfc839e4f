/**
 * The vendor's add/edit product form (spec sections 2 and 5). A plain multipart POST that works
 * without JavaScript: type, a root category and a sub-category select grouped by root (the action
 * takes the most specific), name, price, shipment size, stock, description (50-250 words) and four
 * photo slots (file inputs image[0..3]). With JavaScript: the same rules in the browser
 * (productFormSchema of app/domain/products.ts), photo previews, the duplicate check and only the
 * chosen root's sub-categories. Messages sit next to their field; nothing typed is lost on a
 * refusal. Browsers cannot refill a file input from the server, so after a refused form without
 * JavaScript the vendor is asked to pick the photos again.
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { IMAGE_ACCEPT, PRODUCT_IMAGE_SLOTS, PRODUCT_SIZES } from "~/domain/product-rules";
import { FORM_TIER_ROWS, productFormSchema } from "~/domain/products";
import { PACK_MEASURES, UNITS } from "~/domain/units";
import { wordCount } from "~/domain/validation";
import { useTranslation } from "~/i18n/react";
import { useFormMessage } from "../ui/error-list";
import { certificateMessageKey } from "~/domain/certificate-rules";
import { primaryButton } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { useHydrated } from "../ui/use-hydrated";

export interface ProductFormCategory {
  id: number;
  name: string;
  children: { id: number; name: string }[];
}

export interface ProductFormDefaults {
  type?: string;
  category?: string;
  sub_category?: string;
  name?: string;
  price?: string;
  size?: string;
  stock_quantity?: string;
  description?: string;
  unit?: string;
  pack_description?: string;
  pack_size?: string;
  pack_measure?: string;
  min_quantity?: string;
  quantity_step?: string;
  price_tiers?: Array<{ min_quantity: string; price: string }>;
  certificate_number?: string;
  /** "on": bulk goods (issue 35 item 5). */
  bulk?: string;
}

/** Measures written as symbols in every language; the others are named (seller:productForm.measures). */
const MEASURE_SYMBOL: Record<string, string> = { kg: "kg", m: "m", m2: "m²", m3: "m³", VA: "VA" };

/** An existing photo in its slot (edit). */
export interface SlotPhoto {
  position: number;
  image: string;
}

export function ProductForm({
  mode,
  lastResult,
  pickedBefore = 0,
  categories,
  defaultValue,
  photos = [],
  certificatePhoto = null,
  submitLabel,
}: {
  mode: "add" | "edit";
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Photos the refused submission carried (the browser cannot keep them without JavaScript). */
  pickedBefore?: number;
  categories: ProductFormCategory[];
  defaultValue?: ProductFormDefaults;
  photos?: SlotPhoto[];
  /** Issue 36 item 2: the product's SON certificate photo on file (edit), or null. */
  certificatePhoto?: string | null;
  submitLabel: string;
}) {
  const { t } = useTranslation("seller");
  const say = useFormMessage();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const [form, fields] = useForm({
    id: `product-${mode}`,
    lastResult,
    defaultValue: { type: "sale", unit: "piece", min_quantity: "1", quantity_step: "1", ...defaultValue },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema(mode) }),
  });
  const [root, setRoot] = useState(defaultValue?.category ?? "");
  const description = String(fields.description.value ?? "");
  const slotErrors = (i: number) => form.allErrors[`image[${i}]`];
  const tierErrors = (i: number, f: "min_quantity" | "price") => form.allErrors[`price_tiers[${i}].${f}`];
  // What was typed (a refused form's submission comes back as the form's initial value), else the product's ladder.
  const typedTiers = (form.initialValue as { price_tiers?: Array<Record<string, unknown> | undefined> } | undefined)?.price_tiers;
  const tierDefault = (i: number, f: "min_quantity" | "price") => {
    const typed = typedTiers?.[i]?.[f];
    return typeof typed === "string" ? typed : (defaultValue?.price_tiers?.[i]?.[f] ?? "");
  };
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} noValidate className="space-y-5">
      {form.errors?.length ? (
        <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {form.errors.map(say).join(" ")}
        </p>
      ) : null}

      <fieldset className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">{t("productForm.typeCategory")}</legend>
        <div>
          <span className="field-label">{t("productForm.type")}</span>
          <div className="flex gap-4" role="radiogroup" aria-label={t("productForm.type")}>
            {(["sale", "rent"] as const).map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input
                  {...getInputProps(fields.type, { type: "radio", value: type })}
                  id={`${fields.type.id}-${type}`}
                  className="h-4 w-4 accent-brand-600"
                />
                {t(type === "sale" ? "productForm.sale" : "productForm.rent")}
              </label>
            ))}
          </div>
          <FieldError meta={fields.type} />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <FieldBox label={t("productForm.category")} required meta={fields.category}>
            <select {...getSelectProps(fields.category)} className="field-input" onChange={(e) => setRoot(e.currentTarget.value)}>
              <option value="">{t("productForm.chooseCategory")}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </FieldBox>
          <FieldBox label={t("productForm.subCategory")} meta={fields.sub_category} hint={t("productForm.subCategoryHint")}>
            <select {...getSelectProps(fields.sub_category)} className="field-input">
              <option value="">{t("productForm.none")}</option>
              {categories
                .filter((c) => c.children.length && (!hydrated || !root || String(c.id) === root))
                .map((c) => (
                  <optgroup key={c.id} label={c.name}>
                    {c.children.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
            </select>
          </FieldBox>
        </div>
      </fieldset>

      <fieldset className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">{t("productForm.info")}</legend>
        <FieldBox label={t("productForm.name")} required meta={fields.name}>
          <input {...getInputProps(fields.name, { type: "text" })} className="field-input" />
        </FieldBox>
        <div className="grid gap-3 sm:grid-cols-2">
          <FieldBox label={t("productForm.price")} required meta={fields.price}>
            <input {...getInputProps(fields.price, { type: "text" })} inputMode="decimal" className="field-input" />
          </FieldBox>
          <FieldBox label={t("productForm.stock")} meta={fields.stock_quantity} hint={mode === "add" ? t("productForm.stockHint") : undefined}>
            <input {...getInputProps(fields.stock_quantity, { type: "number" })} min={0} inputMode="numeric" className="field-input" />
          </FieldBox>
        </div>
        <FieldBox label={t("productForm.description")} required meta={fields.description} hint={t("productForm.descriptionHint")}>
          <textarea {...getTextareaProps(fields.description)} rows={7} className="field-input" />
        </FieldBox>
        {hydrated ? (
          <p className="-mt-2 text-xs text-gray-600" aria-live="polite">
            {t("productForm.words", { n: wordCount(description) })}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-3 rounded-lg border border-gray-200 bg-white p-4" data-testid="trade-fields">
        <legend className="px-1 text-base font-semibold">{t("productForm.unitTitle")}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <FieldBox label={t("productForm.soldPer")} meta={fields.unit}>
            <select {...getSelectProps(fields.unit)} className="field-input">
              {UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`productForm.units.${u}`)}
                </option>
              ))}
            </select>
          </FieldBox>
          <FieldBox label={t("productForm.packDescription")} meta={fields.pack_description} hint={t("productForm.packDescriptionHint")}>
            <input {...getInputProps(fields.pack_description, { type: "text" })} className="field-input" />
          </FieldBox>
          <FieldBox label={t("productForm.packSize")} meta={fields.pack_size} hint={t("productForm.packSizeHint")}>
            <input {...getInputProps(fields.pack_size, { type: "text" })} inputMode="decimal" className="field-input" />
          </FieldBox>
          <FieldBox label={t("productForm.measuredIn")} meta={fields.pack_measure}>
            <select {...getSelectProps(fields.pack_measure)} className="field-input">
              <option value="">{t("productForm.none")}</option>
              {PACK_MEASURES.map((m) => (
                <option key={m} value={m}>
                  {MEASURE_SYMBOL[m] ?? t(`productForm.measures.${m}`)}
                </option>
              ))}
            </select>
          </FieldBox>
          <FieldBox label={t("productForm.minQuantity")} meta={fields.min_quantity}>
            <input {...getInputProps(fields.min_quantity, { type: "text" })} inputMode="decimal" className="field-input" />
          </FieldBox>
          <FieldBox label={t("productForm.stepQuantity")} meta={fields.quantity_step}>
            <input {...getInputProps(fields.quantity_step, { type: "text" })} inputMode="decimal" className="field-input" />
          </FieldBox>
        </div>
        <div>
          <p className="field-label">{t("productForm.tiers")}</p>
          <p className="text-xs text-gray-600">{t("productForm.tiersHint")}</p>
          <FieldError meta={fields.price_tiers} />
          <div className="mt-2 space-y-2">
            {Array.from({ length: FORM_TIER_ROWS }, (_, i) => (
              <div key={i} className="grid grid-cols-2 gap-2" data-testid={`tier-row-${i}`}>
                <TierInput name={`price_tiers[${i}].min_quantity`} label={t("productForm.tierFrom", { n: i + 1 })} defaultValue={tierDefault(i, "min_quantity")} errors={tierErrors(i, "min_quantity")} />
                <TierInput name={`price_tiers[${i}].price`} label={t("productForm.tierPrice", { n: i + 1 })} defaultValue={tierDefault(i, "price")} errors={tierErrors(i, "price")} />
              </div>
            ))}
          </div>
        </div>
      </fieldset>

      <fieldset className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">{t("productForm.size")}</legend>
        <div className="flex flex-wrap gap-4">
          {PRODUCT_SIZES.map((s) => (
            <label key={s} className="flex items-center gap-2 text-sm">
              <input {...getInputProps(fields.size, { type: "radio", value: s })} id={`${fields.size.id}-${s}`} className="h-4 w-4 accent-brand-600" />
              {t(`productForm.sizes.${s}`)}
            </label>
          ))}
        </div>
        <FieldError meta={fields.size} />
      </fieldset>

      <fieldset className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
        <legend className="px-1 text-base font-semibold">{t("productForm.photos")}</legend>
        <p className="text-sm text-gray-600">
          {t("productForm.photosHint")}
          {mode === "edit" ? ` ${t("productForm.photosEditHint")}` : ""}
        </p>
        {pickedBefore > 0 && !hydrated ? (
          <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="pick-photos-again">
            {t("productForm.pickAgain")}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {Array.from({ length: PRODUCT_IMAGE_SLOTS }, (_, i) => (
            <PhotoSlot
              key={i}
              index={i}
              existing={photos.find((p) => p.position === i)?.image}
              errors={slotErrors(i)}
              onPicked={() => form.validate({ name: `image[${i}]` })}
            />
          ))}
        </div>
        <FieldError meta={fields.image} />
      </fieldset>

      <CertificateFields number={fields.certificate_number} photo={fields.certificate_image} onFile={certificatePhoto} />

      <BulkField field={fields.bulk} />

      <button type="submit" className={primaryButton} disabled={saving}>
        {saving ? <Spinner /> : null}
        {submitLabel}
      </button>
    </Form>
  );
}

function PhotoSlot({ index, existing, errors, onPicked }: { index: number; existing?: string; errors?: string[]; onPicked: () => void }) {
  const { t } = useTranslation("seller");
  const say = useFormMessage();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const id = `product-image-${index}`;
  const shown = preview ?? existing ?? null;
  return (
    <div className="space-y-1" data-testid={`photo-slot-${index}`}>
      <div className="flex aspect-square items-center justify-center overflow-hidden rounded-md border border-dashed border-gray-300 bg-gray-50">
        {shown ? (
          <img src={preview ?? `${shown}${shown.includes("?") ? "&" : "?"}w=320`} alt={t("productForm.photo", { n: index + 1 })} className="h-full w-full object-cover" />
        ) : (
          <span className="text-xs text-gray-500">{t("productForm.photo", { n: index + 1 })}</span>
        )}
      </div>
      <label htmlFor={id} className="block text-xs font-medium text-gray-700">
        {t(existing ? "productForm.replacePhoto" : "productForm.photo", { n: index + 1 })}
      </label>
      <input
        id={id}
        name={`image[${index}]`}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className="block w-full text-xs file:mr-2 file:rounded file:border-0 file:bg-gray-200 file:px-2 file:py-1"
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          setPreview(f && f.type.startsWith("image/") ? URL.createObjectURL(f) : null);
          onPicked();
        }}
      />
      {errors?.length ? (
        <p id={`${id}-error`} className="field-error">
          {say(errors[0])}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A ladder row's field. Uncontrolled with its default (the typed value, after a refusal without
 * JavaScript, comes back through conform's `lastResult` as the form's initial value).
 */
function TierInput({ name, label, defaultValue, errors }: { name: string; label: string; defaultValue: string; errors?: string[] }) {
  const say = useFormMessage();
  const id = `product-${name.replace(/[[\].]/g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-gray-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className="field-input"
      />
      {errors?.length ? (
        <p id={`${id}-error`} className="field-error">
          {say(errors[0])}
        </p>
      ) : null}
    </div>
  );
}

/** Issue 36 item 2: the SON certificate's number and photo (needed to publish in a category that requires one). */
function CertificateFields({
  number,
  photo,
  onFile,
}: {
  number: { id: string; name: string; errorId: string; errors?: string[]; initialValue?: unknown };
  photo: { id: string; name: string; errorId: string; errors?: string[] };
  onFile: string | null;
}) {
  const { t } = useTranslation("seller");
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 bg-white p-4" data-testid="certificate-fields">
      <legend className="px-1 text-base font-semibold">SON / MANCAP</legend>
      <p className="text-sm text-gray-600">{t("certificateField.hint")}</p>
      <div>
        <label htmlFor={number.id} className="field-label">
          {t("certificateField.number")}
        </label>
        <input
          id={number.id}
          name={number.name}
          type="text"
          defaultValue={typeof number.initialValue === "string" ? number.initialValue : ""}
          autoCapitalize="characters"
          aria-invalid={number.errors?.length ? true : undefined}
          aria-describedby={number.errors?.length ? number.errorId : undefined}
          className="field-input"
        />
        <TranslatedError meta={number} />
      </div>
      <div>
        <label htmlFor={photo.id} className="field-label">
          {t("certificateField.photo")}
        </label>
        {onFile ? (
          <p className="mb-1 flex items-center gap-2 text-sm text-gray-600">
            <img src={onFile} alt="" width={48} height={64} className="h-16 w-12 rounded border border-gray-200 object-cover" />
            {t("certificateField.photoKept")}
          </p>
        ) : null}
        <input
          id={photo.id}
          name={photo.name}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-invalid={photo.errors?.length ? true : undefined}
          aria-describedby={photo.errors?.length ? photo.errorId : undefined}
          className="field-input"
        />
        <TranslatedError meta={photo} />
      </div>
    </fieldset>
  );
}

/** A field's first message, in the reader's language when it is one of the certificate's (seller:certificateField.errors). */
function TranslatedError({ meta }: { meta: { errorId: string; errors?: string[] } }) {
  const { t } = useTranslation("seller");
  const say = useFormMessage();
  const first = meta.errors?.[0];
  if (!first) return null;
  const key = certificateMessageKey(first);
  return (
    <p id={meta.errorId} className="field-error">
      {key ? t(`certificateField.errors.${key}`) : say(first)}
    </p>
  );
}

function FieldError({ meta }: { meta: { errorId: string; errors?: string[] } }) {
  const say = useFormMessage();
  return meta.errors?.length ? (
    <p id={meta.errorId} className="field-error">
      {say(meta.errors[0])}
    </p>
  ) : null;
}

function FieldBox({ label, required = false, hint, meta, children }: { label: string; required?: boolean; hint?: string; meta: { id: string; errorId: string; errors?: string[] }; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={meta.id} className="field-label">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
        {hint ? <span className="ml-1 font-normal text-gray-600">({hint})</span> : null}
      </label>
      {children}
      <FieldError meta={meta} />
    </div>
  );
}

/** Issue 35 item 5: bulk goods are never paid at the door; checkout asks for a delivery slot. */
function BulkField({ field }: { field: { id: string; name: string; initialValue?: unknown } }) {
  const { t } = useTranslation("seller");
  return (
    <fieldset className="rounded-lg border border-gray-200 bg-white p-4" data-testid="bulk-field">
      <label htmlFor={field.id} className="flex items-start gap-2">
        <input id={field.id} name={field.name} type="checkbox" defaultChecked={field.initialValue === "on"} className="mt-1 accent-brand-600" />
        <span>
          <span className="font-medium">{t("slots.bulkLabel")}</span>
          <span className="block text-sm text-gray-600">{t("slots.bulkHint")}</span>
        </span>
      </label>
    </fieldset>
  );
}
