import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). */
export const handle = { cache: "public" };

export const meta: MetaFunction = () => [
  { title: "Privacy Policy | BuildMart NG" },
  {
    name: "description",
    content:
      "How BuildMart NG collects, uses and protects your personal data under the Nigeria Data Protection Act 2023, the cookies we use and how to exercise your rights.",
  },
];

const cookies = [
  {
    name: "__session",
    purpose:
      "Keeps you signed in and remembers short messages shown after an action. It is signed, HttpOnly and cannot be read by scripts on the page.",
    duration: "Up to 30 days, or until you log out",
  },
  {
    name: "cartId",
    purpose: "Remembers the shopping cart of a visitor who is not signed in, so items stay in the cart between visits.",
    duration: "7 days",
  },
  {
    name: "lite",
    purpose: "Remembers that you switched on lite mode, a lighter version of the site that loads without scripts.",
    duration: "1 year, or until you switch lite mode off",
  },
] as const;

export default function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      intro="This policy explains what personal data BuildMart NG collects when you use our marketplace, why we collect it, who we share it with and the rights you have under the Nigeria Data Protection Act 2023 (NDPA)."
    >
      <section aria-labelledby="who-we-are">
        <h2 id="who-we-are">1. Who we are</h2>
        <p>
          BuildMart NG (&ldquo;BuildMart&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;), Plot 1203, Ahmadu Bello Way,
          Central Business District, Abuja, FCT, runs the BuildMart online marketplace and is the data controller for the
          personal data described in this policy. Vendors who sell on BuildMart are responsible for the personal data
          they receive to fulfil your orders and must handle it in line with the NDPA and our vendor rules.
        </p>
        <p>
          For any question about this policy or your personal data, contact us at{" "}
          <a href="mailto:help@buildmart.ng">help@buildmart.ng</a>.
        </p>
      </section>

      <section aria-labelledby="data-we-collect">
        <h2 id="data-we-collect">2. Data we collect</h2>
        <ul>
          <li>
            <strong>Account data</strong>: first and last name, e-mail address, phone number and password (stored only
            in hashed form). If you sign in with a third-party provider such as Google, we receive your name and e-mail
            address from that provider.
          </li>
          <li>
            <strong>Order and delivery data</strong>: delivery addresses (receiver name, phone numbers, street, landmark,
            city, local government area, state and postal code), the items you order, cart and wishlist contents, order history, cancellations and
            returns. Guests give us a name, e-mail address, phone number and delivery address at checkout.
          </li>
          <li>
            <strong>Payment data</strong>: the payment method you choose, the amount, status and reference of each
            transaction. Card payments are made on Paystack&rsquo;s pages; we never receive or store your full card
            number, CVV or PIN.
          </li>
          <li>
            <strong>Vendor data</strong>: store name, description, logo and banner, business e-mail, phone, address,
            website and social links, business registration number, and the products you list.
          </li>
          <li>
            <strong>Content you post</strong>: reviews and ratings, and messages you send to our support team.
          </li>
          <li>
            <strong>Technical data</strong>: IP address, browser and device type, pages visited and error logs, which we
            use to keep the service running and secure.
          </li>
        </ul>
      </section>

      <section aria-labelledby="how-we-use">
        <h2 id="how-we-use">3. How we use your data and our lawful basis</h2>
        <p>The NDPA requires a lawful basis for every use of personal data. We rely on the following:</p>
        <ul>
          <li>
            <strong>Performance of a contract</strong>: to create and run your account, process orders and payments,
            arrange delivery, handle cancellations, returns and refunds, run vendor stores and provide customer support.
          </li>
          <li>
            <strong>Legal obligation</strong>: to keep financial and tax records, respond to lawful requests from
            regulators, courts and law enforcement, and meet consumer protection requirements.
          </li>
          <li>
            <strong>Legitimate interests</strong>: to keep the marketplace secure, prevent fraud and fake adverts,
            moderate reviews and adverts, and understand how the site is used so we can improve it. We only rely on this
            basis where our interests are not outweighed by your rights.
          </li>
          <li>
            <strong>Consent</strong>: to send you newsletters and marketing e-mails. You can withdraw consent at any time
            without affecting anything we did before.
          </li>
        </ul>
        <p>We do not make decisions about you based solely on automated processing that have legal or similar effects.</p>
      </section>

      <section aria-labelledby="sharing">
        <h2 id="sharing">4. Who we share your data with</h2>
        <p>We do not sell your personal data. We share it only where needed:</p>
        <ul>
          <li>
            <strong>Vendors</strong> receive the receiver name, phone number and delivery address for orders placed
            with them, only to fulfil those orders.
          </li>
          <li>
            <strong>Delivery and logistics partners</strong> receive the details needed to deliver your order.
          </li>
          <li>
            <strong>Paystack</strong> processes card payments as an independent controller under its own privacy policy.
          </li>
          <li>
            <strong>Service providers</strong> that host our website, store data and send e-mails on our behalf, bound by
            contracts that require them to protect your data.
          </li>
          <li>
            <strong>Authorities</strong> such as regulators, courts or law enforcement, where the law requires it or to
            protect our users against fraud.
          </li>
        </ul>
        <p>
          Where a service provider processes data outside Nigeria, we make sure the transfer is allowed under the NDPA,
          for example because the destination offers adequate protection or appropriate contractual safeguards are in
          place.
        </p>
      </section>

      <section aria-labelledby="retention">
        <h2 id="retention">5. How long we keep your data</h2>
        <p>
          We keep account data for as long as your account is open. When you close your account, we delete or anonymise
          your personal data within 90 days, except order and payment records, which we keep for as long as Nigerian tax
          and accounting law requires (generally six years), and data we need to resolve an open dispute or prevent
          fraud. Guest cart data expires after 7 days. Technical logs are kept for up to 12 months.
        </p>
      </section>

      <section aria-labelledby="security">
        <h2 id="security">6. How we protect your data</h2>
        <p>
          We use encrypted (HTTPS) connections, hash passwords, sign our cookies so they cannot be tampered with, and
          limit access to personal data to staff and providers who need it. If a personal data breach is likely to put
          your rights at risk, we will notify the Nigeria Data Protection Commission within 72 hours of becoming aware of
          it and tell you without undue delay where the risk to you is high.
        </p>
      </section>

      <section aria-labelledby="your-rights">
        <h2 id="your-rights">7. Your rights</h2>
        <p>Under the NDPA you have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong>: ask for a copy of the personal data we hold about you and how we use it.
          </li>
          <li>
            <strong>Rectification</strong>: correct inaccurate or incomplete data. You can update your addresses
            yourself in your account.
          </li>
          <li>
            <strong>Erasure</strong>: ask us to delete your data where we no longer need it or have no lawful basis to
            keep it.
          </li>
          <li>
            <strong>Restriction</strong>: ask us to limit how we use your data while a complaint is being resolved.
          </li>
          <li>
            <strong>Portability</strong>: receive the data you gave us in a structured, commonly used, machine-readable
            format, or have it sent to another organisation.
          </li>
          <li>
            <strong>Objection</strong>: object to processing based on legitimate interests and, at any time and without
            giving a reason, to direct marketing.
          </li>
          <li>
            <strong>Withdraw consent</strong> where we rely on your consent.
          </li>
        </ul>
        <p>
          To exercise any of these rights, e-mail <a href="mailto:help@buildmart.ng">help@buildmart.ng</a> from the
          address on your account. We may ask you to confirm your identity and will respond within 30 days, free of
          charge. If you are not satisfied with our answer, you may complain to the Nigeria Data Protection Commission.
        </p>
      </section>

      <section aria-labelledby="newsletter">
        <h2 id="newsletter">8. Newsletter and marketing</h2>
        <p>
          We only send newsletters and promotional e-mails if you opt in, either by ticking the newsletter box when you
          create an account or by entering your e-mail address in the newsletter sign-up form. The box is never ticked
          for you. We may ask you to confirm your subscription through a link sent to your e-mail address.
        </p>
        <p>
          You can unsubscribe at any time by using the unsubscribe link at the bottom of every newsletter or by e-mailing{" "}
          <a href="mailto:help@buildmart.ng">help@buildmart.ng</a>. Unsubscribing does not stop service messages such as
          order confirmations, delivery updates and password resets, which we need to send to provide the service.
        </p>
      </section>

      <section aria-labelledby="cookies">
        <h2 id="cookies">9. Cookies</h2>
        <p>
          We use only a small number of cookies that are needed for the site to work or to remember a choice you made.
          We do not use advertising or third-party tracking cookies.
        </p>
        <div className="overflow-x-auto rounded-lg border border-gray-200">
          <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
            <caption className="sr-only">Cookies used by BuildMart NG</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold text-gray-900">
                  Cookie
                </th>
                <th scope="col" className="px-4 py-2 font-semibold text-gray-900">
                  Purpose
                </th>
                <th scope="col" className="px-4 py-2 font-semibold text-gray-900">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {cookies.map((c) => (
                <tr key={c.name}>
                  <th scope="row" className="px-4 py-2 align-top font-mono font-normal text-gray-900">
                    {c.name}
                  </th>
                  <td className="px-4 py-2 align-top text-gray-700">{c.purpose}</td>
                  <td className="px-4 py-2 align-top whitespace-nowrap text-gray-700">{c.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          You can block or delete cookies in your browser settings, but if you block these cookies you will not be able
          to sign in or keep a guest cart.
        </p>
      </section>

      <section aria-labelledby="children">
        <h2 id="children">10. Children</h2>
        <p>
          BuildMart is intended for adults. We do not knowingly collect personal data from anyone under 18. If you
          believe a child has given us personal data, contact us and we will delete it.
        </p>
      </section>

      <section aria-labelledby="changes">
        <h2 id="changes">11. Changes to this policy</h2>
        <p>
          We may update this policy when our services or the law change. We will post the new version on this page and,
          for significant changes, tell you by e-mail or with a notice on the site. See also our{" "}
          <Link to="/terms">Terms and Conditions</Link> and <Link to="/secure-shopping">Secure Shopping</Link> page.
        </p>
      </section>

      <section aria-labelledby="contact-us">
        <h2 id="contact-us">12. Contact us</h2>
        <p>
          E-mail <a href="mailto:help@buildmart.ng">help@buildmart.ng</a> or write to BuildMart NG, Plot 1203, Ahmadu
          Bello Way, Central Business District, Abuja, FCT. More ways to reach us are on our{" "}
          <Link to="/contact">contact page</Link>.
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
