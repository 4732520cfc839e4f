/**
 * Pieces of the sign-in pages: the logo panel layout, the Google button, and a submit button with
 * a spinner. The password field is ./password-field.tsx (it needs conform, which the pages fetch
 * with their form: ./ui/island.tsx).
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ReactNode } from "react";

export function AuthShell({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className="container-page py-6 md:py-10">
      <div className={`mx-auto grid overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm md:grid-cols-2 ${wide ? "max-w-5xl" : "max-w-4xl"}`}>
        <LogoPanel />
        <section className="px-4 py-6 sm:px-8 sm:py-8" aria-labelledby="auth-title">
          <h1 id="auth-title" className="mb-5 text-2xl font-bold">
            {title}
          </h1>
          {children}
        </section>
      </div>
    </main>
  );
}

/** The brand panel: beside the form from md up, a slim band above it on phones. */
function LogoPanel() {
  const { t } = useTranslation("account");
  return (
    <div
      className="flex items-center gap-3 bg-gradient-to-br from-brand-600 to-brand-700 px-4 py-3 text-white md:flex-col md:justify-center md:gap-4 md:p-8 md:text-center"
      data-testid="logo-panel"
    >
      <span aria-hidden className="grid h-9 w-9 place-items-center rounded-lg bg-white text-lg font-extrabold text-brand-700 shadow md:h-20 md:w-20 md:rounded-2xl md:text-4xl">
        B
      </span>
      <p className="text-lg font-extrabold tracking-tight md:text-2xl">BuildMart NG</p>
      <p className="hidden max-w-xs text-sm text-white/90 md:block">{t("tagline")}</p>
    </div>
  );
}

export function SubmitButton({ children, action, className = "btn-primary w-full py-2.5" }: { children: ReactNode; action?: string; className?: string }) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && (!action || nav.formAction === action);
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy || undefined}>
      {busy ? <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-white/60 border-t-transparent" /> : null}
      {children}
    </button>
  );
}

/** Starts the Google code flow with a plain POST and full-page redirects (works without JavaScript). */
export function GoogleButton({ redirectTo, label }: { redirectTo?: string; label?: string }) {
  const { t } = useTranslation("account");
  return (
    <Form method="post" action="/auth/google" reloadDocument>
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button type="submit" className="btn-outline w-full py-2.5">
        <GoogleMark />
        {label ?? t("google")}
      </button>
    </Form>
  );
}

export function OrDivider() {
  const { t } = useTranslation("account");
  return (
    <div className="my-5 flex items-center gap-3 text-xs uppercase text-gray-500" aria-hidden>
      <span className="h-px flex-1 bg-gray-200" />
      {t("or")}
      <span className="h-px flex-1 bg-gray-200" />
    </div>
  );
}

/** The link between login and register, keeping the origin and, from checkout, buy and the guest option. */
export function authSwitchHref(path: string, redirectTo: string | null | undefined, fromCheckout: boolean, buy: string | null): string {
  const q = new URLSearchParams();
  if (redirectTo) q.set("redirectTo", redirectTo);
  if (fromCheckout) q.set("checkout", "1");
  if (fromCheckout && buy) q.set("buy", buy);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/** The way back from the password and e-mail pages to the login form. */
export function BackToLogin({ className = "mt-5" }: { className?: string }) {
  const { t } = useTranslation("account");
  return (
    <p className={`${className} text-center text-sm`}>
      <Link to="/auth/login" className="font-semibold text-brand-700 underline">
        {t("back_to_login")}
      </Link>
    </p>
  );
}

/**
 * The foot of the login and register forms: the link to the other one (keeping where the visitor
 * was going and what they were buying) and, from a checkout, 'Checkout as guest'.
 */
export function AuthSwitch(props: { question: string; label: string; to: "/auth/login" | "/auth/register"; redirectTo: string | null | undefined; guestCheckout: boolean; buy: string | null }) {
  return (
    <>
      <p className="mt-5 text-center text-sm text-gray-600">
        {props.question}{" "}
        <Link to={authSwitchHref(props.to, props.redirectTo, props.guestCheckout, props.buy)} className="font-semibold text-brand-700 underline">
          {props.label}
        </Link>
      </p>
      {props.guestCheckout ? <GuestCheckoutLink buy={props.buy} redirectTo={props.redirectTo} /> : null}
    </>
  );
}

/** 'Checkout as guest' for a visitor who came from a buy-now or checkout button (spec section 2). */
export function GuestCheckoutLink({ buy, redirectTo }: { buy: string | null; redirectTo?: string | null }) {
  // A buy-now with an option or a quantity: the checkout it came from (redirectTo) names them.
  const from = buy && redirectTo?.startsWith("/checkout/payment?") ? new URLSearchParams(redirectTo.slice(redirectTo.indexOf("?"))) : null;
  const option = from?.get("option");
  const qty = from?.get("qty");
  const { t } = useTranslation("account");
  const to = `/checkout/payment?g=y${buy ? `&buy=${encodeURIComponent(buy)}` : ""}${option && /^\d+$/.test(option) ? `&option=${option}` : ""}${qty && /^\d{1,3}$/.test(qty) ? `&qty=${qty}` : ""}`;
  return (
    <p className="mt-4 rounded-md border border-gray-200 bg-gray-50 px-4 py-3 text-center text-sm">
      {t("guest.hurry")}{" "}
      <Link to={to} className="font-semibold text-brand-700 underline">
        {t("guest.checkout")}
      </Link>
    </p>
  );
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden>
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.3 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
