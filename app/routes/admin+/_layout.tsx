/**
 * /admin — the admin area's layout: admins only (requireAdmin: anonymous visitors go to
 * the login page, everyone else gets a 404), with the admin menu. Pages render their main content.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAdmin } from "~/storefront/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, context);
  return data(null, { headers: await api.headers() });
}

const MENU = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/stores", label: "Stores" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/categories", label: "Categories" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/payments", label: "Payments" },
  { to: "/admin/payouts", label: "Payouts" },
  { to: "/admin/deliveries", label: "Deliveries" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/claims", label: "Claims" },
  { to: "/admin/certificates", label: "Certificates" },
  { to: "/admin/quotes", label: "Quotes" },
  { to: "/admin/newsletter", label: "Newsletter" },
  { to: "/admin/audit", label: "Audit log" },
] as const;

export default function AdminLayout() {
  return (
    <div className="container-page py-4">
      <div className="flex flex-col gap-4 lg:flex-row">
        <nav aria-label="Admin" className="shrink-0 lg:w-48">
          <p className="mb-2 hidden px-3 text-sm font-semibold text-gray-600 lg:block">Admin</p>
          {/* On phones and tablets the items wrap onto rows: nothing off-screen at 320 px. */}
          <ul className="flex flex-wrap gap-1 rounded-lg border border-gray-200 bg-white p-1 lg:flex-col lg:flex-nowrap" data-testid="admin-menu">
            {MENU.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={"end" in item ? item.end : false}
                  className={({ isActive }) => `block rounded px-3 py-2 text-sm font-medium hover:bg-brand-50 ${isActive ? "bg-brand-50 text-brand-700" : "text-ink"}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
