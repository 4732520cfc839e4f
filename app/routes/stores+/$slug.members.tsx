/**
 * /stores/{slug}/members — the store's members (spec sections 2 and 6; Owner only: a Member gets
 * 404). Invite by e-mail (an invitation e-mail with an accept link), the list with name, email,
 * role (Owner or Member), phone, pending invitations marked, and Delete for non-owners with a
 * confirmation step (?remove={id}, then a POST) that works without JavaScript.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { localPhone } from "~/components/checkout/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { INVITE_MEMBER_CONSTRAINT } from "~/components/ui/constraints";
import { ErrorList, FormErrors } from "~/components/ui/forms";
import { useLateModule, validateWith } from "~/components/ui/late-validation";
import { Spinner } from "~/components/ui/spinner";
import type { ApiMemberInvitation, ApiStoreMember } from "~/storefront/api-types";
import { apiErrorsToReply, apiMessage } from "~/storefront/form-reply";
import { InviteMemberSchema, parseWithZod } from "~/storefront/forms.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(request, context, params.slug);
  if (!isOwner) throw notFound();
  const members = await api.must(api.get<ApiStoreMember[]>(`/stores/${store.id}/members/`));
  const removeId = Number.parseInt(new URL(request.url).searchParams.get("remove") ?? "", 10);
  const removing = members.find((m) => m.id === removeId && m.role !== "Owner") ?? null;
  return data({ slug: store.slug, storeName: store.name, members, removing }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(request, context, params.slug);
  if (!isOwner) throw notFound();
  const form = await readForm(request);
  const here = `/stores/${store.slug}/members`;
  const intent = form.get("intent");
  if (intent === "invite") {
    const submission = parseWithZod(form, { schema: InviteMemberSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const r = await api.post<ApiMemberInvitation>(`/stores/${store.id}/members/`, submission.value);
    if (r.status === 401) throw await api.signedOut();
    if (!r.ok) {
      return data(
        { result: submission.reply(apiErrorsToReply(r.status, r.data, ["email"], "The invitation could not be sent.")) },
        { status: r.status >= 500 ? 502 : r.status === 404 ? 404 : 400, headers: await api.headers() },
      );
    }
    return redirectWithFlash(api, here, {
      kind: "success",
      message: r.status === 200 ? `The invitation to ${r.data.email} was sent again.` : `Invitation sent to ${r.data.email}.`,
    });
  }
  if (intent === "delete") {
    const id = Number.parseInt(String(form.get("memberId") ?? ""), 10);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
    const r = await api.delete(`/stores/${store.id}/members/${id}/`);
    if (r.status === 401) throw await api.signedOut();
    if (!r.ok) return redirectWithFlash(api, here, { kind: "error", message: r.status === 404 ? "That member was already removed." : apiMessage(r.data, "The member could not be removed.") });
    return redirectWithFlash(api, here, { kind: "success", message: "The member was removed." });
  }
  throw unknownIntent();
}

// zod and the schema load at the form's first focus (components/ui/late-validation.ts).
const loadValidators = () => import("~/components/vendor/validators");

export default function StoreMembersRoute() {
  const { slug, storeName, members, removing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
  return (
    <section className="space-y-4" aria-labelledby="members-h">
      <h1 id="members-h" className="text-xl font-bold sm:text-2xl">
        Members
      </h1>
      <p className="text-sm text-gray-600">Members manage {storeName}&apos;s products and orders; only the Owner manages members and the store&apos;s details.</p>
      <Form method="post" {...getFormProps(form)} className="rounded-lg border border-gray-200 bg-white p-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.email.id} className="field-label">
          Invite a member
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            {...getInputProps(fields.email, { type: "email" })}
            placeholder="Enter a member's email to invite"
            autoComplete="off"
            inputMode="email"
            aria-invalid={fields.email.errors?.length ? true : undefined}
            aria-describedby={fields.email.errors?.length ? fields.email.errorId : undefined}
            className="field-input flex-1"
          />
          <button type="submit" name="intent" value="invite" className={primaryButton} disabled={inviting}>
            {inviting ? <Spinner /> : null}
            Invite
          </button>
        </div>
        <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
        <p className="mt-1 text-xs text-gray-500">They get an e-mail with a link to accept, valid for 7 days.</p>
      </Form>
      {removing ? (
        <div role="alertdialog" aria-labelledby="remove-h" className="rounded-lg border border-red-300 bg-red-50 p-4">
          <h2 id="remove-h" className="font-semibold text-red-900">
            Remove {removing.first_name || removing.last_name ? `${removing.first_name} ${removing.last_name}`.trim() : removing.email}?
          </h2>
          <p className="mt-1 text-sm text-red-900">
            {removing.accepted ? "They will no longer see or manage this store." : "The invitation link will stop working."}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post" action={here}>
              <input type="hidden" name="memberId" value={removing.id} />
              <button type="submit" name="intent" value="delete" className="btn bg-red-700 text-white hover:bg-red-800">
                Yes, remove
              </button>
            </Form>
            <Link to={here} className="btn-outline">
              Cancel
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
                <p className="font-semibold">{name || (m.accepted ? m.email : "Invited")}</p>
                <p className="break-all text-gray-600">{m.email}</p>
                {m.phone ? <p className="text-gray-600">{localPhone(m.phone)}</p> : null}
              </div>
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${m.role === "Owner" ? "bg-brand-50 text-brand-800" : "bg-gray-100 text-gray-800"}`}>{m.role}</span>
              {!m.accepted ? (
                <span className="rounded bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="member-pending">
                  Invitation pending
                </span>
              ) : null}
              {m.role !== "Owner" ? (
                <Link to={`${here}?remove=${m.id}`} className="font-semibold text-red-700 hover:underline" aria-label={`Delete ${name || m.email}`}>
                  Delete
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Members | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
