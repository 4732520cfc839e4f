import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { StaticPage } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** Anonymous visitors may get this page from a browser or CDN cache (~/ops/http-cache.server). */
export const handle = { cache: "public" };

export const meta: MetaFunction = () => [
  { title: "About Us | BuildMart NG" },
  {
    name: "description",
    content:
      "BuildMart is a Nigerian online marketplace for building materials, professional services, electronics and logistics, connecting buyers with trusted vendors across the country.",
  },
];

export default function AboutPage() {
  return (
    <StaticPage
      title="About BuildMart"
      intro="BuildMart is an online marketplace made in Nigeria for everyone who builds, renovates or furnishes a home, from the first block to the last light fitting."
    >
      <section aria-labelledby="who-we-are">
        <h2 id="who-we-are">Who we are</h2>
        <p>
          Anyone who has built a house in Nigeria knows the routine: days spent moving between markets comparing prices,
          uncertain quality, unreliable artisans and the trouble of getting heavy materials to site. BuildMart brings
          all of that into one place. We are a multi-vendor marketplace where homeowners, contractors, developers and
          landlords can find the materials, equipment and people they need, compare offers from different sellers and
          order with confidence.
        </p>
        <p>
          We are headquartered in Abuja and work with independent vendors, from small neighbourhood shops to
          established distributors, who sell and deliver across Nigeria.
        </p>
      </section>

      <section aria-labelledby="what-you-find">
        <h2 id="what-you-find">What you will find</h2>
        <ul>
          <li>
            <strong>Building materials</strong>: cement, blocks, sand and granite, iron rods, roofing sheets, tiles,
            paint, plumbing and electrical supplies, doors, windows and finishing materials.
          </li>
          <li>
            <strong>Professional and handyman services</strong>: architects, surveyors, masons, electricians, plumbers,
            carpenters, painters, tilers and other skilled workers.
          </li>
          <li>
            <strong>Electronics</strong>: generators, inverters and solar systems, air conditioners, kitchen and home
            appliances, lighting and security equipment.
          </li>
          <li>
            <strong>Logistics</strong>: haulage, delivery and moving services to get goods from the seller to your site
            or home.
          </li>
        </ul>
        <p>
          Adverts are either for <strong>sale</strong> or for <strong>rent</strong>, so you can buy what you need to
          keep and hire equipment such as scaffolding, mixers or generators only for as long as the job takes.
        </p>
      </section>

      <section aria-labelledby="how-it-works">
        <h2 id="how-it-works">How it works for buyers</h2>
        <p>
          Browse by category or search, filter by price, type and category, and add items to your cart or wishlist. You
          can check out with a free account or as a guest. Pay securely by card through Paystack, or choose Pay on
          Delivery and pay when your order arrives. Every order can be followed from Placed to Confirmed, Shipped and
          Delivered in your account.
        </p>
      </section>

      <section aria-labelledby="for-vendors">
        <h2 id="for-vendors">How it works for vendors</h2>
        <p>
          Any registered user can open a store in three short steps and start listing products for sale or rent.
          Vendors manage their products, photos and prices, receive and process orders, and get paid through the
          platform, reaching buyers far beyond their own street or market. If you sell building or home products or
          offer a trade, select <strong>Sell on BuildMart</strong> at the top of any page to get started.
        </p>
      </section>

      <section aria-labelledby="our-promise">
        <h2 id="our-promise">Our promise</h2>
        <ul>
          <li>
            <strong>Clear prices</strong> in naira, with the delivery charge shown before you pay.
          </li>
          <li>
            <strong>Safe payments</strong>, processed by Paystack, with the option to pay on delivery.
          </li>
          <li>
            <strong>Accountable sellers</strong>: vendors agree to our rules, buyers can leave reviews, and we act on
            reports of fake or misleading adverts.
          </li>
          <li>
            <strong>Real support</strong> from a team based in Nigeria when something goes wrong.
          </li>
        </ul>
        <p>
          Read more about how we protect you on our <Link to="/secure-shopping">Secure Shopping</Link> page, or see the{" "}
          <Link to="/terms">Terms and Conditions</Link> that apply to every purchase.
        </p>
      </section>

      <section aria-labelledby="get-in-touch">
        <h2 id="get-in-touch">Get in touch</h2>
        <p>
          BuildMart, Plot 1203, Ahmadu Bello Way, Central Business District, Abuja, FCT. E-mail us at{" "}
          <a href="mailto:help@buildmart.ng">help@buildmart.ng</a>, follow us as @buildmartng on social media, or visit
          our <Link to="/contact">contact page</Link>.
        </p>
      </section>
    </StaticPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
