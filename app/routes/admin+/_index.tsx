import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | BuildMart NG" }];

export default function Admin() {
  return (
    <main className="container-page py-8">
      <h1 className="text-2xl font-bold">Admin</h1>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
