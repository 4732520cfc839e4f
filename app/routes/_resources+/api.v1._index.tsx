import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiFromRoute } from "~/storefront/api-route.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => apiFromRoute(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => apiFromRoute(request, context);
