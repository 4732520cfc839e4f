/**
 * /orders/fresh-link — "Send me a fresh link" to a guest's order (docs/decisions/0029-guest-order-links.md).
 * GET: the form (`?order=` fills the order number; the expired link's page links or posts here).
 * POST: POST /api/v1/orders/guest-link/; the same "sent" answer whether or not the order matched
 * (it tells nothing), a field message for input that cannot be an order number or a contact, the
 * limit's message on 429. Works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island, islandsLoader } from "~/components/ui/island";
import { apiFor } from "~/storefront/api.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm } from "~/storefront/responses.server";
import { GuestLinkRequestSchema, parseWithZod } from "~/storefront/forms.server";
import { requestT } from "~/i18n/i18next.server";
import { GUEST_LINK_DAYS } from "~/domain/order-rules";

export const handle = { i18n: ["orders"] };

const FreshLinkForm = island(() => import("~/components/checkout/fresh-link-form").then((m) => ({ default: m.FreshLinkForm })));
export const clientLoader = islandsLoader(FreshLinkForm);

export async function loader({ request }: LoaderFunctionArgs) {
  const order = new URL(request.url).searchParams.get("order") ?? "";
  const t = await requestT(request, "orders");
  return data({ order: order.slice(0, 40), title: t("freshLinkTitle") }, { headers: { "X-Robots-Tag": "noindex" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: GuestLinkRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const api = await apiFor(request, context);
  const r = await api.post("/orders/guest-link/", submission.value, { auth: false });
  if (!r.ok) return data({ result: submission.reply(apiErrorsToReply(r.status, r.data, ["order_number", "contact"])), sent: false }, { status: r.status === 429 ? 429 : 400 });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function FreshLinkRoute() {
  const { order } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("orders");
  return (
    <main className="container-page max-w-lg space-y-4 py-6">
      <h1 className="text-2xl font-bold">{t("freshLinkTitle")}</h1>
      {answer?.sent ? (
        <p className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-800" role="status">
          {t("freshLinkSent", { days: GUEST_LINK_DAYS })}
        </p>
      ) : (
        <>
          <p className="text-sm text-gray-700">{t("freshLinkIntro")}</p>
          <FreshLinkForm lastResult={answer?.result} orderNumber={order} />
        </>
      )}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.title ?? "Get a fresh order link"} | BuildMart NG` },
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
