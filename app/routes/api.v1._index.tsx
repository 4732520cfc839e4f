import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi } from "~/api/router";

export const loader = ({ request }: LoaderFunctionArgs) => handleApi(request);
export const action = ({ request }: ActionFunctionArgs) => handleApi(request);
