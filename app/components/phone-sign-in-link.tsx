/** "Use your phone number": the way from /auth/login to /auth/phone. */
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

export function PhoneSignInLink({ redirectTo }: { redirectTo?: string | null }) {
  const { t } = useTranslation("account");
  return (
    <p className="mt-4 text-center">
      <Link to={redirectTo ? `/auth/phone?redirectTo=${encodeURIComponent(redirectTo)}` : "/auth/phone"} className="btn-outline inline-block w-full py-2.5 text-center">
        {t("use_phone")}
      </Link>
    </p>
  );
}
