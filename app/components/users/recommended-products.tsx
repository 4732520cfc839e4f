/** "Recommended products" under the account area's pages. */
import { useTranslation } from "~/i18n/react";
import { ProductCard, type CardProduct } from "~/components/product-card";

export function RecommendedProducts({ products, lite }: { products: CardProduct[]; lite: boolean }) {
  const { t } = useTranslation("account");
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recommended-heading" className="mt-8">
      <h2 id="recommended-heading" className="mb-2 text-lg font-bold">
        {t("recommended")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {products.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} slot="account" lite={lite} />
          </li>
        ))}
      </ul>
    </section>
  );
}
