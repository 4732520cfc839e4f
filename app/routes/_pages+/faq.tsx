import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { StaticPage } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). */
export const handle = { cache: "public" };

export const meta: MetaFunction = () => [
  { title: "Frequently Asked Questions | BuildMart NG" },
  {
    name: "description",
    content:
      "Answers to common questions about ordering, paying with card through Paystack or on delivery, delivery, returns, renting and selling on BuildMart NG.",
  },
];

interface Faq {
  id: string;
  question: string;
  answer: ReactNode;
}

const faqs: Faq[] = [
  {
    id: "place-order",
    question: "How do I place an order on BuildMart?",
    answer: (
      <>
        <p>
          Search for a product or browse the categories, open the advert and choose <strong>Add to Cart</strong> (or{" "}
          <strong>Buy Now</strong> for a single item). When you are ready, open your cart, check the quantities and the
          order summary, then select <strong>Checkout</strong>.
        </p>
        <p>
          At checkout, choose or add a delivery address, pick a payment method and confirm the order. You will see a
          confirmation page and receive an e-mail once the order has been placed.
        </p>
      </>
    ),
  },
  {
    id: "payment-methods",
    question: "What payment methods do you accept?",
    answer: (
      <p>
        You can pay by debit or credit card (Verve, Mastercard and Visa) through Paystack, our secure payment partner, or
        choose <strong>Pay on Delivery</strong> and pay when your order arrives. Card payments are processed on
        Paystack&rsquo;s page; BuildMart never sees or stores your full card number. All prices are in Nigerian naira
        (&#8358;).
      </p>
    ),
  },
  {
    id: "pay-on-delivery",
    question: "How does Pay on Delivery work?",
    answer: (
      <>
        <p>
          Select <strong>Pay on Delivery</strong> at checkout and your order is placed straight away without a card
          payment. You pay the amount shown on your order, including the delivery charge, when the goods are handed over
          to you.
        </p>
        <p>
          Please inspect the items before you pay and only pay for the order number shown in your account. Pay on
          Delivery may not be offered for very large, made-to-order or high-value orders.
        </p>
      </>
    ),
  },
  {
    id: "guest-checkout",
    question: "Do I need an account to buy?",
    answer: (
      <p>
        No. You can fill your cart as a visitor and choose <strong>Checkout as guest</strong>, entering your contact and
        delivery details once. With a free account you can also save up to three delivery addresses, keep a wishlist and
        follow all your orders in one place. If you sign in later, the items in your guest cart are moved into your
        account.
      </p>
    ),
  },
  {
    id: "delivery",
    question: "How much does delivery cost and how long does it take?",
    answer: (
      <p>
        The delivery charge depends on the size of the items and your delivery address, and it is shown in the order
        summary before you pay. Most orders within the same city arrive within 1 to 3 working days; deliveries to other
        states usually take 3 to 7 working days. Bulky building materials such as cement, roofing sheets or iron rods may
        need a scheduled delivery, and the vendor or our logistics partner will call you to agree a time.
      </p>
    ),
  },
  {
    id: "track-order",
    question: "How do I track my order?",
    answer: (
      <p>
        Sign in and go to <Link to="/users/orders">Orders</Link>, open the order with <strong>View Details</strong> and
        choose <strong>Track Order</strong>. You will see its progress through four steps: Placed, Confirmed, Shipped and
        Delivered. If you checked out as a guest, reply to your order confirmation e-mail or contact us with your order
        number.
      </p>
    ),
  },
  {
    id: "cancel-order",
    question: "Can I cancel an order?",
    answer: (
      <p>
        Yes, as long as the item has not been shipped. Open the order in <Link to="/users/orders">Orders</Link>, select{" "}
        <strong>Cancel Order</strong> on the item and tell us the reason. If you paid by card, the refund goes back to
        your card. If the cancel option is not shown for your order, e-mail us and we will help.
      </p>
    ),
  },
  {
    id: "sale-or-rent",
    question: "What is the difference between Sale and Rent adverts?",
    answer: (
      <p>
        A <strong>Sale</strong> advert means you buy the item and keep it. A <strong>Rent</strong> advert is for
        equipment you hire for a period, such as scaffolding, concrete mixers, generators or tools. The price shown for a
        rental is set by the vendor, who will confirm the rental period, any refundable deposit and the return
        arrangements with you. Use the Type filter on any listing to show only Sale or only Rent adverts.
      </p>
    ),
  },
  {
    id: "returns",
    question: "How do I return an item or get a refund?",
    answer: (
      <p>
        If an item arrives damaged, defective, incomplete or different from the advert, contact us within 7 days of
        delivery with your order number and photos. Some items cannot be returned once used, cut or mixed, such as
        tinted paint, cut tiles or opened bags of cement. Approved refunds are paid to your original card or as store
        credit. See section 4 of our <Link to="/terms#returns-and-refunds">Terms and Conditions</Link> for full details.
      </p>
    ),
  },
  {
    id: "become-vendor",
    question: "How can I sell on BuildMart?",
    answer: (
      <p>
        Sign in and select <strong>Sell on BuildMart</strong> in the header. The short three-step form asks for your
        contact details, your brand (store name, description, logo and banner, and your CAC registration number if you
        have one) and your social media links. Once your store is created you can add products for sale or rent, manage
        your orders and follow your sales from the store dashboard.
      </p>
    ),
  },
];

export default function FaqPage() {
  return (
    <StaticPage
      title="Frequently Asked Questions"
      intro="Quick answers about shopping, paying, delivery and selling on BuildMart. Select a question to see the answer."
    >
      <div className="divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200">
        {faqs.map((faq) => (
          <details key={faq.id} id={faq.id} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-green-700 [&::-webkit-details-marker]:hidden">
              <span>{faq.question}</span>
              <span
                aria-hidden="true"
                className="shrink-0 text-xl leading-none text-gray-500 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <div className="space-y-3 px-4 pb-4">{faq.answer}</div>
          </details>
        ))}
      </div>

      <section aria-labelledby="faq-support">
        <h2 id="faq-support">Still need help?</h2>
        <p>
          Our support team is happy to help. E-mail <a href="mailto:help@buildmart.ng">help@buildmart.ng</a> with your
          order number if you have one, or see our <Link to="/contact">contact page</Link> for our phone number and
          opening hours.
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
