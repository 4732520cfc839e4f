import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). */
export const handle = { cache: "public" };

export const meta: MetaFunction = () => [
  { title: "Contact Us | BuildMart NG" },
  {
    name: "description",
    content:
      "Contact BuildMart NG: e-mail help@buildmart.ng, call +234 809 000 1234, or visit us at Plot 1203, Ahmadu Bello Way, Central Business District, Abuja.",
  },
];

export default function ContactPage() {
  return (
    <StaticPage
      title="Contact Us"
      intro="Have a question about an order, a payment, a return or your store? Our support team is here to help."
    >
      <section aria-labelledby="contact-details">
        <h2 id="contact-details">How to reach us</h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg border border-gray-200 p-4">
            <dt className="text-sm font-semibold text-gray-900">E-mail</dt>
            <dd className="mt-1 text-gray-700">
              <a href="mailto:help@buildmart.ng">help@buildmart.ng</a>
              <span className="mt-1 block text-sm text-gray-500">We aim to reply within one working day.</span>
            </dd>
          </div>
          <div className="rounded-lg border border-gray-200 p-4">
            <dt className="text-sm font-semibold text-gray-900">Phone</dt>
            <dd className="mt-1 text-gray-700">
              <a href="tel:+2348090001234">+234 809 000 1234</a>
              <span className="mt-1 block text-sm text-gray-500">Calls during opening hours.</span>
            </dd>
          </div>
          <div className="rounded-lg border border-gray-200 p-4">
            <dt className="text-sm font-semibold text-gray-900">Office address</dt>
            <dd className="mt-1 text-gray-700">
              <address className="not-italic leading-relaxed">
                BuildMart NG
                <br />
                Plot 1203, Ahmadu Bello Way
                <br />
                Central Business District
                <br />
                Abuja, FCT
              </address>
            </dd>
          </div>
          <div className="rounded-lg border border-gray-200 p-4">
            <dt className="text-sm font-semibold text-gray-900">Opening hours (WAT)</dt>
            <dd className="mt-1 leading-relaxed text-gray-700">
              Monday to Friday: 8:00 am to 6:00 pm
              <br />
              Saturday: 9:00 am to 3:00 pm
              <br />
              Closed on Sundays and public holidays
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="social">
        <h2 id="social">Social media</h2>
        <p>
          Follow <strong>@buildmartng</strong> on X, Instagram, Facebook, LinkedIn and YouTube for new products, deals
          and building tips. For questions about a specific order, please e-mail us rather than posting your details
          publicly.
        </p>
      </section>

      <section aria-labelledby="before-you-contact">
        <h2 id="before-you-contact">Help us help you faster</h2>
        <ul>
          <li>Include your order number (shown on your order page and in your confirmation e-mail).</li>
          <li>Use the e-mail address or phone number linked to your account or guest order.</li>
          <li>For damaged or wrong items, attach clear photos of the goods and the packaging.</li>
          <li>
            For a suspicious advert or seller, include the store name or a link to the advert. See{" "}
            <Link to="/secure-shopping">Secure Shopping</Link> for tips on spotting scams.
          </li>
        </ul>
        <p>
          Many questions about payments, delivery, returns and selling are answered in our{" "}
          <Link to="/faq">Frequently Asked Questions</Link>.
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
