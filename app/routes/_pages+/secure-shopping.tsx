import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). */
export const handle = { cache: "public" };

export const meta: MetaFunction = () => [
  { title: "Secure Shopping | BuildMart NG" },
  {
    name: "description",
    content:
      "How BuildMart NG keeps you safe: secure card payments through Paystack, account security, spotting scams and fake sellers, safe pay on delivery, data protection and reporting problems.",
  },
];

const topics = [
  { id: "secure-payments", title: "Secure payments with Paystack" },
  { id: "account-security", title: "Keeping your account safe" },
  { id: "scams-and-fake-sellers", title: "Spotting scams and fake sellers" },
  { id: "pay-on-delivery", title: "Paying on delivery safely" },
  { id: "data-protection", title: "How we protect your data" },
  { id: "reporting-problems", title: "Reporting a problem" },
] as const;

function heading(index: number) {
  const t = topics[index];
  return <h2 id={t.id}>{t.title}</h2>;
}

export default function SecureShoppingPage() {
  return (
    <StaticPage
      title="Secure Shopping"
      intro="Your safety matters to us. Here is how BuildMart protects your money and your information, and what you can do to shop with confidence."
    >
      <nav aria-label="Security topics">
        <ul className="grid list-none! gap-2 pl-0! sm:grid-cols-2 [&>li]:m-0!">
          {topics.map((t) => (
            <li key={t.id}>
              <a
                href={`#${t.id}`}
                className="block rounded-lg border border-gray-200 px-4 py-3 no-underline! hover:bg-gray-50"
              >
                {t.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="secure-payments">
        {heading(0)}
        <p>
          Card payments on BuildMart are handled by Paystack, a licensed Nigerian payment processor certified to the PCI
          DSS security standard. When you pay by card you are redirected to Paystack&rsquo;s secure checkout, where your
          card details are entered and protected with encryption. Your bank may ask you to confirm the payment with a
          one-time password (OTP) or PIN.
        </p>
        <ul>
          <li>BuildMart never sees or stores your full card number, expiry date, CVV or PIN.</li>
          <li>
            Before entering card details, check that the address bar shows a padlock and that the page belongs to
            paystack.com or buildmart.ng.
          </li>
          <li>
            Never share an OTP or PIN with anyone, including people claiming to be from BuildMart, a vendor or your
            bank.
          </li>
        </ul>
      </section>

      <section aria-labelledby="account-security">
        {heading(1)}
        <p>
          Your account holds your orders, addresses and store. Protect it with a strong password that is at least 8
          characters long, mixes letters, numbers and special characters, and is not used on any other website.
        </p>
        <ul>
          <li>Do not share your password. BuildMart staff will never ask for it.</li>
          <li>Log out when you use a shared or public computer, for example at a business centre or cyber café.</li>
          <li>
            If you forget your password, use <Link to="/forget-password">Forgot Password</Link> on the login page; we
            will send a reset link only to the e-mail address on your account.
          </li>
          <li>
            If you notice orders, addresses or store changes you did not make, reset your password and contact us
            immediately.
          </li>
        </ul>
      </section>

      <section aria-labelledby="scams-and-fake-sellers">
        {heading(2)}
        <p>
          Most vendors on BuildMart are honest businesses, but fraudsters sometimes try to lure buyers away from the
          platform. Be careful if a seller:
        </p>
        <ul>
          <li>asks you to pay by bank transfer to a personal account, or to pay outside BuildMart checkout;</li>
          <li>
            offers a price far below the market rate, for example cement, iron rods or solar panels at half the usual
            price;
          </li>
          <li>pressures you to pay quickly &ldquo;before the price goes up&rdquo; or to &ldquo;secure&rdquo; stock;</li>
          <li>asks for a deposit for an item you have not seen, or refuses to let you inspect goods on delivery;</li>
          <li>contacts you through messages or calls pretending to be BuildMart support.</li>
        </ul>
        <p>
          Payments made outside the BuildMart checkout are not covered by our refund process. Check a vendor&rsquo;s
          reviews before large orders, and remember that BuildMart only contacts you from addresses ending in
          @buildmart.ng.
        </p>
      </section>

      <section aria-labelledby="pay-on-delivery">
        {heading(3)}
        <p>
          Pay on Delivery lets you see your goods before you hand over any money. To use it safely:
        </p>
        <ul>
          <li>Check that the order number the delivery agent gives you matches an order in your account.</li>
          <li>
            Inspect the items before paying: count bags, sheets and lengths, check brands and sizes, and look for damage
            or expired products.
          </li>
          <li>
            Pay only the amount shown on your order, including the delivery charge. Do not pay extra fees you were not
            told about at checkout.
          </li>
          <li>Ask for a receipt or delivery note, and keep it with your order details.</li>
          <li>If something is wrong, you may refuse the delivery and contact us straight away.</li>
        </ul>
      </section>

      <section aria-labelledby="data-protection">
        {heading(4)}
        <p>
          We process your personal data in line with the Nigeria Data Protection Act 2023. We collect only what we need
          to run your account and deliver your orders, share your name, phone number and delivery address only with the
          vendor and delivery partner handling your order, and never sell your data. Our website uses encrypted (HTTPS)
          connections, passwords are stored in hashed form, and access to customer data is limited to staff who need it.
        </p>
        <p>
          You have the right to access, correct or delete your personal data and to object to marketing. Read our{" "}
          <Link to="/privacy">Privacy Policy</Link> for full details.
        </p>
      </section>

      <section aria-labelledby="reporting-problems">
        {heading(5)}
        <p>
          If you spot a suspicious advert or seller, receive a message you think is a scam, notice unusual activity on
          your account, or have a problem with an order, tell us as soon as possible. E-mail{" "}
          <a href="mailto:help@buildmart.ng">help@buildmart.ng</a> with your order number (if any), the name of the
          store or a link to the advert, and screenshots. We investigate every report and may suspend sellers while we
          do so.
        </p>
        <p>
          If you shared your card details or OTP with someone by mistake, call your bank immediately to block the card.
          You can also find our phone number and opening hours on the <Link to="/contact">contact page</Link>.
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
