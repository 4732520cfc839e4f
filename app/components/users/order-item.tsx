/**
 * One line of an order as the shopper sees it: the picture, the name (a link to the product
 * while it exists, when asked), the option and a detail line. The order's page lists its lines
 * with it (components/checkout/order-detail.tsx) and the pages about one line (cancel, return)
 * show it under their title (OrderItemHeader).
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { formatNaira } from "~/domain/money";
import { orderNumber } from "~/domain/order-rules";

export function OrderItemSummary({
  image,
  name,
  productId = null,
  option = null,
  children,
}: {
  image: string | null;
  name: string;
  /** Links the name to the product's page. */
  productId?: number | null;
  option?: string | null;
  /** The detail line (quantity, price, a status). */
  children: ReactNode;
}) {
  return (
    <>
      {image ? <img src={`${image}?w=160`} alt="" width={56} height={56} className="h-14 w-14 rounded object-cover" /> : null}
      <div className="min-w-0 flex-1">
        <p className="font-medium">{productId ? <Link to={`/products/${productId}`}>{name}</Link> : name}</p>
        {option ? (
          <p className="text-sm text-gray-700" data-testid="order-item-option">
            {option}
          </p>
        ) : null}
        <p className="text-sm text-gray-600">{children}</p>
      </div>
    </>
  );
}

/** The top of a page about one line of an order (cancel, return): back to the order, the title, the line. */
export function OrderItemHeader({
  orderId,
  back,
  title,
  item,
}: {
  orderId: string;
  back: string;
  title: string;
  item: { name: string; image: string | null; quantity: number; total: number };
}) {
  const { t } = useTranslation("orders");
  return (
    <>
      <Link to={back} className="text-sm font-semibold text-brand-700 hover:underline">
        ← {t("heading", { number: orderNumber(orderId) })}
      </Link>
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <div className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-4">
        <OrderItemSummary image={item.image} name={item.name}>
          {t("quantity", { quantity: item.quantity })} · {formatNaira(item.total)}
        </OrderItemSummary>
      </div>
    </>
  );
}
