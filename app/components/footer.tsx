import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ErrorList } from "~/components/ui/error-list";
import { isLang, LANGUAGE_NAMES, LANGUAGES } from "~/i18n/languages";

export const SOCIAL_HANDLE = "@buildmartng";
const SOCIALS = [
  { name: "LinkedIn", href: "https://www.linkedin.com/company/buildmartng" },
  { name: "X", href: "https://x.com/buildmartng" },
  { name: "Instagram", href: "https://www.instagram.com/buildmartng" },
  { name: "Facebook", href: "https://www.facebook.com/buildmartng" },
  { name: "YouTube", href: "https://www.youtube.com/@buildmartng" },
];

/**
 * The newsletter sign-up (double opt-in: POST /newsletter mails a confirmation link). A fetcher
 * with JavaScript (the server's message appears next to the field, the page stays); a plain POST
 * without (a bad address renders /newsletter with the message next to the field and the typed
 * value). The rule (NewsletterSignupSchema, app/domain/privacy.ts) runs on the server only: this
 * form is on every page, and no validation library ships with pages that have no other form.
 */
export function NewsletterForm({ id, redirectTo, lastResult, dark = true }: { id: string; redirectTo: string; lastResult?: SubmissionResult<string[]> | null; dark?: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ result: SubmissionResult<string[]> }>({ key: id });
  const result = fetcher.data?.result ?? lastResult ?? null;
  const errors = result?.error?.email ?? undefined;
  const typed = (result?.initialValue as Record<string, unknown> | undefined)?.email;
  const inputId = `${id}-email`;
  const errorId = `${inputId}-error`;
  return (
    <fetcher.Form method="post" action="/newsletter" id={id} noValidate className="w-full max-w-md">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="source" value="footer" />
      <label htmlFor={inputId} className="sr-only">
        {t("footer.emailLabel")}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          key={typeof typed === "string" ? typed : ""}
          defaultValue={typeof typed === "string" ? typed : undefined}
          placeholder={t("footer.emailPlaceholder")}
          autoComplete="email"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
          className={`min-w-0 flex-1 rounded-md px-3 py-2 text-ink placeholder:text-gray-500 ${dark ? "border-0 bg-white" : "border border-gray-300 bg-white"}`}
        />
        <button type="submit" className="btn bg-ink text-white hover:bg-black" disabled={fetcher.state !== "idle"}>
          {t("footer.subscribe")}
        </button>
      </div>
      <div className={dark ? "mt-1 rounded bg-white px-2 text-sm empty:hidden" : "mt-1 empty:hidden"}>
        <ErrorList id={errorId} errors={errors} />
      </div>
    </fetcher.Form>
  );
}

/**
 * The language switch: a plain form (POST /language sets the cookie and comes back here). The
 * document is reloaded even with JavaScript on, so the new language's messages come with it.
 */
export function LanguageSwitch({ redirectTo }: { redirectTo: string }) {
  const { t, i18n } = useTranslation();
  const current = isLang(i18n.language) ? i18n.language : "en";
  return (
    <Form method="post" action="/language" reloadDocument className="mt-4 flex flex-wrap items-center gap-2" data-testid="language-switch">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor="footer-language" className="text-sm">
        {t("footer.language")}
      </label>
      <select id="footer-language" name="lang" defaultValue={current} key={current} className="rounded border-0 bg-white px-2 py-1 text-sm text-ink">
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
      <button type="submit" className="rounded border border-gray-500 px-3 py-1 text-sm hover:bg-gray-700">
        {t("footer.changeLanguage")}
      </button>
    </Form>
  );
}

export function Footer({ lite }: { lite: boolean }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const { t } = useTranslation();
  return (
    <footer className="mt-12 border-t border-gray-200 bg-ink text-gray-200">
      <section className="bg-brand-800 text-white" aria-labelledby="newsletter-heading">
        <div className="container-page flex flex-col gap-3 py-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="newsletter-heading" className="text-lg font-bold">
              {t("footer.newsletterHeading")}
            </h2>
            <p className="text-sm text-white">{t("footer.newsletterText")}</p>
          </div>
          <NewsletterForm id="newsletter-footer" redirectTo={here} />
        </div>
      </section>
      <div className="container-page grid gap-8 py-8 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">BuildMart NG</p>
          <p className="mt-2 text-sm">{t("footer.about")}</p>
          <address className="mt-3 text-sm not-italic" data-user-text>
            Plot 1203, Ahmadu Bello Way,
            <br />
            Central Business District, Abuja, FCT
          </address>
        </div>
        <nav aria-label={t("footer.company")}>
          <h2 className="font-semibold text-white">{t("footer.company")}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li><Link className="hover:underline" to="/about">{t("footer.aboutUs")}</Link></li>
            <li><Link className="hover:underline" to="/terms">{t("footer.terms")}</Link></li>
            <li><Link className="hover:underline" to="/privacy">{t("footer.privacy")}</Link></li>
            <li><Link className="hover:underline" to="/contact">{t("footer.contact")}</Link></li>
          </ul>
        </nav>
        <nav aria-label={t("footer.help")}>
          <h2 className="font-semibold text-white">{t("footer.help")}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li><Link className="hover:underline" to="/calculators">{t("footer.calculators")}</Link></li>
            <li><Link className="hover:underline" to="/faq">{t("footer.faq")}</Link></li>
            <li><Link className="hover:underline" to="/secure-shopping">{t("footer.secureShopping")}</Link></li>
            <li><a className="hover:underline" href="mailto:help@buildmart.ng">help@buildmart.ng</a></li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{t("footer.followUs", { handle: SOCIAL_HANDLE })}</h2>
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
            {SOCIALS.map((s) => (
              <li key={s.name}>
                <a className="hover:underline" href={s.href} rel="noopener noreferrer">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
          <LanguageSwitch redirectTo={here} />
          <Form method="post" action="/lite" className="mt-4">
            <input type="hidden" name="redirectTo" value={here} />
            <input type="hidden" name="lite" value={lite ? "0" : "1"} />
            <button type="submit" className="rounded border border-gray-500 px-3 py-1 text-sm hover:bg-gray-700" data-testid="lite-toggle">
              {lite ? t("footer.liteOn") : t("footer.liteOff")}
            </button>
          </Form>
        </div>
      </div>
      <p className="border-t border-gray-700 py-4 text-center text-xs text-gray-400">{t("footer.copyright", { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
