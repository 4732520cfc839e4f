/**
 * /users/orders/{orderId}/return/{itemId} — Return an item (issue 11, "Returns and refunds"): the
 * item, then a plain multipart POST form: the reason (select), what is wrong (details) and an
 * optional photo (JPEG, PNG or WebP up to 5 MB; the image messages of spec section 5). The rules
 * and messages are app/domain/returns.ts; the API checks everything again. Typed text is kept when
 * the form comes back with errors (the photo must be chosen again: browsers never refill a file).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { primaryButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/forms";
import { Spinner } from "~/components/ui/spinner";
import { orderDate } from "~/components/users/order-format";
import { formatNaira } from "~/domain/money";
import { IMAGE_ACCEPT } from "~/domain/products";
import type { Api } from "~/storefront/api.server";
import type { ApiOrderReturns } from "~/storefront/api-types";
import { requireUser } from "~/storefront/auth.server";
import { loadOrder } from "~/storefront/checkout.server";
import { apiErrorsToReply } from "~/storefront/form-reply";
import { readForm, redirectWithFlash } from "~/storefront/responses.server";
import { formProps, selectProps, textareaProps, useReplyForm } from "~/components/ui/reply-form";
import { orderNumber } from "~/domain/order-rules";
import { RETURN_REASONS, RETURN_STATUS_LABELS, returnRefusal } from "~/domain/returns";
import { parseWithZod, ReturnFormSchema } from "~/storefront/forms.server";

const FIELDS = ["reason", "details", "photo"] as const;

async function itemOf(api: Api, orderId: string, itemId: string) {
  const order = await loadOrder(api, orderId);
  if (!order) throw new Response("Not Found", { status: 404 });
  const item = order.order_items.find((i) => i.id === itemId);
  if (!item) throw new Response("Not Found", { status: 404 });
  const returns = await api.must(api.get<ApiOrderReturns>(`/orders/${order.id}/returns/`));
  const existing = returns.results.find((r) => r.order_item_id === item.id) ?? null;
  const until = returns.returnable.find((r) => r.order_item_id === item.id)?.return_by ?? null;
  // Why the item cannot be returned (the domain's message), or null when it can.
  const refusal = until
    ? null
    : (returnRefusal({ status: item.status, deliveredAt: order.steps.Delivered, hasReturn: !!existing }, returns.window_days) ??
      "This item cannot be returned.");
  return { order, item, existing, until, refusal };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context);
  const { order, item, existing, until, refusal } = await itemOf(api, params.orderId ?? "", params.itemId ?? "");
  return data(
    {
      orderId: order.id,
      item: { id: item.id, name: item.product_name, quantity: item.quantity, total: item.quantity * item.item_price, image: item.image },
      existing: existing ? { status: existing.status, vendor_message: existing.vendor_message } : null,
      until,
      refusal,
    },
    { headers: await api.headers() },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context);
  const { order, item } = await itemOf(api, params.orderId ?? "", params.itemId ?? "");
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: ReturnFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const body = new FormData();
  body.set("reason", submission.value.reason);
  body.set("details", submission.value.details);
  const photo = form.get("photo");
  if (photo instanceof Blob && photo.size > 0) body.set("photo", photo, photo instanceof File ? photo.name : "photo");
  const r = await api.send(`POST`, `/orders/${order.id}/items/${item.id}/return/`, { form: body });
  if (r.status === 401) throw await api.signedOut();
  if (r.status === 404) throw new Response("Not Found", { status: 404 });
  if (!r.ok)
    return data(submission.reply(apiErrorsToReply(r.status, r.data, FIELDS, "The return could not be sent. Please try again.")), {
      status: r.status >= 500 ? 502 : 400,
    });
  return redirectWithFlash(api, `/users/orders/${order.id}`, { kind: "success", message: `Return requested for ${item.product_name}` });
}

export default function ReturnItemRoute() {
  const { orderId, item, existing, until, refusal } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useReplyForm({ id: `return-${item.id}`, lastResult, constraint: { reason: {}, details: {}, photo: {} } });
  const back = `/users/orders/${orderId}`;
  return (
    <main className="space-y-4">
      <Link to={back} className="text-sm font-semibold text-brand-700 hover:underline">
        ← Order {orderNumber(orderId)}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">Return item</h1>
      <div className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-4">
        {item.image ? <img src={`${item.image}?w=160`} alt="" width={56} height={56} className="h-14 w-14 rounded object-cover" /> : null}
        <div>
          <p className="font-medium">{item.name}</p>
          <p className="text-sm text-gray-600">
            Quantity {item.quantity} · {formatNaira(item.total)}
          </p>
        </div>
      </div>
      {refusal ? (
        <div className="rounded-lg border border-gray-200 bg-white p-4">
          <p data-testid="return-refusal">{existing ? `${RETURN_STATUS_LABELS[existing.status]}.` : refusal}</p>
          {existing?.vendor_message ? <p className="mt-1 text-sm text-gray-700">The seller says: {existing.vendor_message}</p> : null}
          <Link to={back} className="btn-outline mt-3">
            Back to the order
          </Link>
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" {...formProps(form)} noValidate className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
          {until ? <p className="text-sm text-gray-600">You can ask for a return until {orderDate(until)}.</p> : null}
          {form.errors?.length ? (
            <p role="alert" id={form.errorId} className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
              {form.errors[0]}
            </p>
          ) : null}
          <div>
            <label htmlFor={fields.reason.id} className="field-label">
              Reason
            </label>
            <select {...selectProps(fields.reason)} className="field-input">
              <option value="">Choose a reason</option>
              {RETURN_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
          </div>
          <div>
            <label htmlFor={fields.details.id} className="field-label">
              What is wrong?
            </label>
            <textarea {...textareaProps(fields.details)} rows={4} className="field-input" />
            <ErrorList id={fields.details.errorId} errors={fields.details.errors} />
          </div>
          <div>
            <label htmlFor={fields.photo.id} className="field-label">
              Photo (optional)
            </label>
            <input
              id={fields.photo.id}
              name={fields.photo.name}
              type="file"
              accept={IMAGE_ACCEPT}
              aria-invalid={fields.photo.errors?.length ? true : undefined}
              aria-describedby={fields.photo.errors?.length ? fields.photo.errorId : undefined}
              className="field-input"
            />
            <p className="mt-1 text-xs text-gray-500">JPEG, PNG or WebP, up to 5 MB.</p>
            <ErrorList id={fields.photo.errorId} errors={fields.photo.errors} />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? <Spinner /> : null}
              Request return
            </button>
            <Link to={back} className="btn-outline">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Return item | BuildMart NG" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
