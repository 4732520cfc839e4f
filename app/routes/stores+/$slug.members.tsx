/**
 * /stores/{slug}/members — the store's members (spec sections 2 and 6; Owner only: a Member gets
 * 404). Invite by e-mail (an invitation e-mail with an accept link), the list with name, email,
 * role (Owner or Member), phone, pending invitations marked, and Delete for non-owners with a
 * confirmation step (?remove={id}, then a POST) that works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ApiMemberInvitation, ApiStoreMember } from "~/storefront/api-types";
import { apiErrorsToReply, apiMessage } from "~/storefront/form-reply";
import { InviteMemberSchema, parseWithZod } from "~/storefront/forms.server";
import { readForm, redirectWithFlash, unknownIntent } from "~/storefront/responses.server";
import { requireStoreArea } from "~/storefront/store-area.server";
import { island, islandsLoader } from "~/components/ui/island";
import { requestFormMessage, requestT } from "~/i18n/i18next.server";

const notFound = () => new Response("Not Found", { status: 404 });

/** The page's content and conform come on demand (components/ui/island.tsx): not in its first view. */
const MembersPage = island(() => import("~/components/vendor/members-page").then((m) => ({ default: m.MembersPage })));
/** Navigations fetch the islands' code with the data (ui/island.tsx). */
export const clientLoader = islandsLoader(MembersPage);

export default function StoreMembersRoute() {
  return <MembersPage />;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(request, context, params.slug);
  if (!isOwner) throw notFound();
  const members = await api.must(api.get<ApiStoreMember[]>(`/stores/${store.id}/members/`));
  const removeId = Number.parseInt(new URL(request.url).searchParams.get("remove") ?? "", 10);
  const removing = members.find((m) => m.id === removeId && m.role !== "Owner") ?? null;
  const t = await requestT(request, "seller");
  return data({ slug: store.slug, storeName: store.name, members, removing, title: t("members.title") }, { headers: await api.headers() });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api, store, isOwner } = await requireStoreArea(request, context, params.slug);
  if (!isOwner) throw notFound();
  const form = await readForm(request);
  const here = `/stores/${store.slug}/members`;
  const intent = form.get("intent");
  const t = await requestT(request, "seller");
  if (intent === "invite") {
    const submission = parseWithZod(form, { schema: InviteMemberSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const r = await api.post<ApiMemberInvitation>(`/stores/${store.id}/members/`, submission.value);
    if (r.status === 401) throw await api.signedOut();
    if (!r.ok) {
      return data(
        { result: submission.reply(apiErrorsToReply(r.status, r.data, ["email"], t("members.notSent"))) },
        { status: r.status >= 500 ? 502 : r.status === 404 ? 404 : 400, headers: await api.headers() },
      );
    }
    return redirectWithFlash(api, here, {
      kind: "success",
      message: r.status === 200 ? t("members.flashResent", { email: r.data.email }) : t("members.flashSent", { email: r.data.email }),
    });
  }
  if (intent === "delete") {
    const id = Number.parseInt(String(form.get("memberId") ?? ""), 10);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
    const r = await api.delete(`/stores/${store.id}/members/${id}/`);
    if (r.status === 401) throw await api.signedOut();
    if (!r.ok) return redirectWithFlash(api, here, { kind: "error", message: r.status === 404 ? t("members.alreadyRemoved") : await requestFormMessage(request, apiMessage(r.data, t("members.notRemoved"))) });
    return redirectWithFlash(api, here, { kind: "success", message: t("members.removed") });
  }
  throw unknownIntent();
}


export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d?.title ?? "Members"} | BuildMart NG` }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
