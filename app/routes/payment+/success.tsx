/**
 * /payment/success — the spec's second address of the payment result page (section 2): the same
 * page as /checkout/payment/success, with the query (order id, reference) kept.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`/checkout/payment/success${url.search}`, { status: 302 });
}
