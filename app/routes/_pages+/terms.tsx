import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). */
export const handle = { cache: "public" };

export const meta: MetaFunction = () => [
  { title: "Terms and Conditions | BuildMart NG" },
  {
    name: "description",
    content:
      "The general terms and conditions for using BuildMart NG: accounts, terms of sale, returns and refunds, payments, store credit, promotions and content rules.",
  },
];

const sections = [
  { id: "introduction", title: "Introduction" },
  { id: "registration-and-account", title: "Registration and Account" },
  { id: "terms-of-sale", title: "Terms of Sale" },
  { id: "returns-and-refunds", title: "Returns and Refunds" },
  { id: "payments", title: "Payments" },
  { id: "store-credit", title: "Store Credit" },
  { id: "promotions", title: "Promotions" },
  { id: "rules-about-content", title: "Rules about Content" },
] as const;

function heading(index: number) {
  const s = sections[index];
  return (
    <h2 id={s.id}>
      {index + 1}. {s.title}
    </h2>
  );
}

export default function TermsPage() {
  return (
    <StaticPage
      title="General Terms and Conditions"
      intro={
        <>
          <p className="text-sm text-gray-500">Last updated January 31, 2023</p>
          <p className="mt-2">
            These terms govern your use of the BuildMart NG website and services. Please read them carefully before you
            register, buy or sell. If you do not agree with them, please do not use the marketplace.
          </p>
        </>
      }
    >
      <nav aria-labelledby="toc-heading" className="rounded-lg border border-gray-200 bg-gray-50 p-4">
        <h2 id="toc-heading" className="text-base! mb-2">
          Contents
        </h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      <section aria-labelledby="introduction">
        {heading(0)}
        <p>
          BuildMart NG (&ldquo;BuildMart&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) operates an online marketplace,
          with its office at Plot 1203, Ahmadu Bello Way, Central Business District, Abuja, FCT, on which independent
          sellers (&ldquo;vendors&rdquo;) offer building materials, professional and handyman services, electronics and
          logistics services for sale or for rent to buyers in Nigeria. By accessing the website, creating an account,
          placing an order or opening a store, you agree to these General Terms and Conditions, our{" "}
          <Link to="/privacy">Privacy Policy</Link> and any additional terms shown to you for a specific service or
          promotion.
        </p>
        <p>
          Unless an advert states that BuildMart is the seller, the contract of sale or rental is between the buyer and
          the vendor; BuildMart provides the platform, processes payments and helps resolve disputes. Nothing in these
          terms limits the rights you have as a consumer under the Federal Competition and Consumer Protection Act 2018
          or any other applicable Nigerian law. We may update these terms from time to time; the date at the top of this
          page shows the latest version, and continued use of the marketplace after a change means you accept it.
        </p>
      </section>

      <section aria-labelledby="registration-and-account">
        {heading(1)}
        <p>
          You may browse and buy as a guest, but you need an account to save addresses, keep a wishlist, follow your
          orders or open a store. You must be at least 18 years old and able to enter into a binding contract to
          register. You agree to give accurate, current and complete information, including a valid e-mail address and
          Nigerian phone number, and to keep it up to date. We may ask you to verify your e-mail address before you can
          use some features.
        </p>
        <p>
          You are responsible for keeping your password confidential and for all activity on your account. Tell us
          straight away at <a href="mailto:help@buildmart.ng">help@buildmart.ng</a> if you believe your account has been
          used without your permission. We may suspend or close accounts that give false information, break these terms,
          are used for fraud or harm other users. Vendors must also provide true business details and are responsible
          for holding any licences, registrations and permits their trade requires.
        </p>
      </section>

      <section aria-labelledby="terms-of-sale">
        {heading(2)}
        <p>
          Vendors are responsible for the accuracy of their adverts, including descriptions, photos, specifications,
          prices and availability, and for ensuring that goods are genuine, of satisfactory quality, fit for their
          described purpose and meet applicable Nigerian standards. All prices are shown in Nigerian naira (NGN) and
          include any charges the vendor has stated; the delivery charge is shown separately in your order summary
          before you confirm the order.
        </p>
        <p>
          Placing an order is an offer to buy or rent. A contract is formed when the order is confirmed, and we will
          notify you by e-mail. A vendor may decline an order, for example because the item is out of stock or the price
          was clearly shown in error, in which case any payment you made is refunded in full. For rental adverts, the
          vendor will confirm the rental period, deposit and return arrangements; you must return rented equipment on
          time and in the condition you received it, apart from fair wear and tear. Risk in the goods passes to you on
          delivery. Services are performed by the vendor according to the scope agreed in the advert and order.
        </p>
      </section>

      <section aria-labelledby="returns-and-refunds">
        {heading(3)}
        <p>
          If an item is delivered damaged, defective, incomplete, or different from its advert, report it to us within 7
          days of delivery with your order number and clear photos. Once the return is approved, the item must be
          returned unused, with its original packaging, labels and accessories. Items that have been cut, mixed, tinted,
          installed or otherwise customised to your order (for example cut tiles or rods, tinted paint, opened cement,
          made-to-measure doors and windows), perishable or hygiene-sensitive products, and services already performed
          cannot be returned unless they are faulty or not as described.
        </p>
        <p>
          Approved refunds are made to your original card within 7 to 14 working days of approval, or, where you paid on
          delivery, as store credit or by bank transfer to an account in your name. Where an item is returned because of
          the vendor&rsquo;s error, the return delivery cost is refunded too. You may cancel an order before it ships
          from your Orders page; once shipped, the returns process above applies.
        </p>
      </section>

      <section aria-labelledby="payments">
        {heading(4)}
        <p>
          You can pay by debit or credit card through our payment partner Paystack, or choose Pay on Delivery where it
          is offered. Card payments are processed on Paystack&rsquo;s secure pages; BuildMart does not receive or store
          your full card details. Your order is confirmed only once the payment has been authorised, and an order left
          with a pending card payment may be cancelled if payment is not completed.
        </p>
        <p>
          With Pay on Delivery, you must pay the full order amount, including delivery, when the goods are handed over.
          Repeatedly refusing deliveries ordered with Pay on Delivery may lead us to withdraw the option from your
          account. Vendors receive payment for completed orders, less the agreed marketplace fees, according to their
          vendor agreement. We will never ask you to pay a vendor directly outside the marketplace.
        </p>
      </section>

      <section aria-labelledby="store-credit">
        {heading(5)}
        <p>
          Store credit may be issued for approved refunds, goodwill gestures or promotions. It is held in your account,
          can be used towards future purchases on BuildMart, and is applied automatically or at checkout as shown. Store
          credit has no cash value, cannot be transferred to another account or exchanged for cash, and cannot be used
          to buy gift vouchers.
        </p>
        <p>
          Unless stated otherwise when it is issued, store credit expires 12 months after the date of issue. Store credit
          given as part of a promotion may carry extra conditions. If an order paid with store credit is refunded, the
          credit is returned to your account. We may cancel store credit obtained through fraud or in breach of these
          terms.
        </p>
      </section>

      <section aria-labelledby="promotions">
        {heading(6)}
        <p>
          From time to time BuildMart or individual vendors may run promotions such as discounts, voucher codes, free
          delivery or featured deals. Each promotion is subject to the conditions shown with it, including its start and
          end dates, eligible products, minimum spend and any limit on quantity. Unless stated otherwise, only one
          voucher can be used per order, vouchers cannot be combined with other offers, and promotions are available
          while stocks last.
        </p>
        <p>
          Voucher codes have no cash value and cannot be exchanged or resold. If you return items bought with a
          discount, the refund is based on the amount you actually paid. We may withdraw or change a promotion at any
          time, and cancel orders or vouchers where we reasonably suspect abuse, such as creating multiple accounts to
          use an offer more than once.
        </p>
      </section>

      <section aria-labelledby="rules-about-content">
        {heading(7)}
        <p>
          Content you post on BuildMart, including adverts, photos, store details, reviews and messages, must be
          accurate, lawful and your own or used with permission. You must not post content that is false or misleading,
          offers counterfeit, stolen, illegal or substandard goods, infringes anyone&rsquo;s intellectual property,
          contains hate speech, harassment, obscene material or personal data of others, includes contact details meant
          to move a sale off the platform, or contains viruses or spam. Reviews must reflect a genuine experience with
          the product or vendor.
        </p>
        <p>
          By posting content you give BuildMart a non-exclusive, royalty-free licence to display, reproduce and adapt it
          for operating and promoting the marketplace. We may edit, hide or remove content and suspend accounts that
          break these rules. To report an advert, store or review you believe breaks these rules, e-mail{" "}
          <a href="mailto:help@buildmart.ng">help@buildmart.ng</a> with a link to it and a short explanation.
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
