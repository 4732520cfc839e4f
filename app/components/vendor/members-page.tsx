/**
 * /stores/{slug}/members' content: the invite form (conform; the domain's schema in the browser
 * once ./validators.ts has loaded at the form's first focus), the removal's confirmation and the
 * members. Fetched on demand by the page (../ui/island.tsx).
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ApiStoreMember } from "~/storefront/api-types";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { localPhone } from "~/components/checkout/format";
import { primaryButton } from "../ui/button";
import { INVITE_MEMBER_CONSTRAINT } from "../ui/constraints";
import { ErrorList, FormErrors } from "../ui/forms";
import { useLateModule, validateWith } from "../ui/late-validation";
import { Spinner } from "../ui/spinner";
import { useTranslation } from "~/i18n/react";

// zod and the schemas load at a form's first focus (../ui/late-validation.ts).
const loadValidators = () => import("./validators");

/** What the page's loader answers (routes/stores+/$slug.members.tsx). */
export interface MembersData {
  slug: string;
  storeName: string;
  members: ApiStoreMember[];
  removing: ApiStoreMember | null;
}

export function MembersPage() {
  const { slug, storeName, members, removing } = useLoaderData() as MembersData;
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const navigation = useNavigation();
  const inviting = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const validators = useLateModule("invite-member", loadValidators);
  const [form, fields] = useForm({
    id: "invite-member",
    lastResult: actionData?.result,
    constraint: INVITE_MEMBER_CONSTRAINT,
    ...validateWith(validators?.validateInviteMember, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  const here = `/stores/${slug}/members`;
  const { t } = useTranslation("seller");
  const role = (r: string) => (r === "Owner" || r === "Member" ? t(`members.role.${r}`) : r);
  return (
    <section className="space-y-4" aria-labelledby="members-h">
      <h1 id="members-h" className="text-xl font-bold sm:text-2xl">
        {t("members.title")}
      </h1>
      <p className="text-sm text-gray-600">{t("members.intro", { store: storeName })}</p>
      <Form method="post" {...getFormProps(form)} className="rounded-lg border border-gray-200 bg-white p-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.email.id} className="field-label">
          {t("members.invite")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            {...getInputProps(fields.email, { type: "email" })}
            placeholder={t("members.placeholder")}
            autoComplete="off"
            inputMode="email"
            aria-invalid={fields.email.errors?.length ? true : undefined}
            aria-describedby={fields.email.errors?.length ? fields.email.errorId : undefined}
            className="field-input flex-1"
          />
          <button type="submit" name="intent" value="invite" className={primaryButton} disabled={inviting}>
            {inviting ? <Spinner /> : null}
            {t("members.inviteButton")}
          </button>
        </div>
        <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
        <p className="mt-1 text-xs text-gray-500">{t("members.inviteHint")}</p>
      </Form>
      {removing ? (
        <div role="alertdialog" aria-labelledby="remove-h" className="rounded-lg border border-red-300 bg-red-50 p-4">
          <h2 id="remove-h" className="font-semibold text-red-900">
            {t("members.removeTitle", { name: removing.first_name || removing.last_name ? `${removing.first_name} ${removing.last_name}`.trim() : removing.email })}
          </h2>
          <p className="mt-1 text-sm text-red-900">
            {removing.accepted ? t("members.removeAccepted") : t("members.removePending")}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post" action={here}>
              <input type="hidden" name="memberId" value={removing.id} />
              <button type="submit" name="intent" value="delete" className="btn bg-red-700 text-white hover:bg-red-800">
                {t("members.yesRemove")}
              </button>
            </Form>
            <Link to={here} className="btn-outline">
              {t("members.cancel")}
            </Link>
          </div>
        </div>
      ) : null}
      <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white" data-testid="members">
        {members.map((m) => {
          const name = `${m.first_name} ${m.last_name}`.trim();
          return (
            <li key={m.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm" data-testid="member-row">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{name || (m.accepted ? m.email : t("members.invited"))}</p>
                <p className="break-all text-gray-600">{m.email}</p>
                {m.phone ? <p className="text-gray-600">{localPhone(m.phone)}</p> : null}
              </div>
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${m.role === "Owner" ? "bg-brand-50 text-brand-800" : "bg-gray-100 text-gray-800"}`}>{role(m.role)}</span>
              {!m.accepted ? (
                <span className="rounded bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="member-pending">
                  {t("members.pending")}
                </span>
              ) : null}
              {m.role !== "Owner" ? (
                <Link to={`${here}?remove=${m.id}`} className="font-semibold text-red-700 hover:underline" aria-label={t("members.deleteLabel", { name: name || m.email })}>
                  {t("members.delete")}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
