/**
 * 'Write a review': rating 1-5 as radio inputs and a text, a plain POST (works without JS). The
 * rules live in app/domain/reviews.ts (the action parses with ReviewFormSchema, the API with
 * ReviewBodySchema); the browser checks the same limits through native constraints, and the
 * server's field errors show next to the fields (useReplyForm: conform without a validator in the browser).
 */
import { useTranslation } from "~/i18n/react";
import { Form, useNavigation } from "@remix-run/react";
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from "~/domain/review-rules";
import { type Reply, formProps, textareaProps, useReplyForm } from "~/components/ui/reply-form";

export function ReviewForm({
  lastResult,
  defaultValue,
}: {
  lastResult: Reply | null | undefined;
  defaultValue?: { rating: number; review_text: string } | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "review";
  const { t } = useTranslation("shop");
  const [form, fields] = useReplyForm({
    id: "review-form",
    lastResult,
    constraint: {
      rating: { required: true },
      review_text: { required: true, minLength: REVIEW_TEXT_MIN, maxLength: REVIEW_TEXT_MAX },
    },
    defaultValue: defaultValue ? { rating: String(defaultValue.rating), review_text: defaultValue.review_text } : undefined,
  });
  return (
    <Form method="post" {...formProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="review" />
      <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
        <legend className="field-label">{t("reviews.yourRating")}</legend>
        <div className="flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1 text-sm">
              <input
                type="radio"
                name={fields.rating.name}
                value={n}
                required
                defaultChecked={fields.rating.initialValue === String(n)}
                className="accent-brand-600"
              />
              {t("reviews.stars", { count: n })}
            </label>
          ))}
        </div>
        {fields.rating.errors ? (
          <p id={fields.rating.errorId} className="field-error">
            {fields.rating.errors[0]}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={fields.review_text.id} className="field-label">
          {t("reviews.yourReview")}
        </label>
        <textarea {...textareaProps(fields.review_text)} rows={4} className="field-input" />
        {fields.review_text.errors ? (
          <p id={fields.review_text.errorId} className="field-error">
            {fields.review_text.errors[0]}
          </p>
        ) : null}
      </div>
      {form.errors?.length ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <button type="submit" className="btn bg-brand-700 text-white hover:bg-orange-800" disabled={saving}>
        {saving ? t("reviews.saving") : defaultValue ? t("reviews.update") : t("reviews.submit")}
      </button>
    </Form>
  );
}
