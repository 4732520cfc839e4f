/** Any path no other route claims: a real 404 with the 'We looked everywhere...' page. */
import { GeneralErrorBoundary } from "~/components/error-boundary";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
