/** Product writes: request/response schemas and answer types. No server imports. */
import * as z from "zod";
import { PACK_MEASURES, UNITS } from "~/domain/units";
import { ProductFieldsSchema, ProductOptionSchema } from "~/domain/products";
import { pagedOf } from "../catalog/schemas";

/** For the OpenAPI document and the fuzz: the fields of POST /products/ (multipart; image[0..3] are files). */
/** Issue 34's trade fields (all optional: a client sending none gets "piece", no minimum, no ladder). */
const TradeWriteFields = {
  unit: z.enum(UNITS).optional().describe('The unit it is sold per (default "piece")'),
  pack_description: z.string().nullable().optional().describe('Free text shown to people: "50 kg bag", "bundle of 10"'),
  pack_size: z.union([z.number(), z.string()]).nullable().optional().describe("What ONE unit holds, in pack_measure (a bag: 50 kg)"),
  pack_measure: z.enum(PACK_MEASURES).nullable().optional(),
  min_quantity: z.union([z.number(), z.string()]).optional().describe("Minimum order (default 1)"),
  quantity_step: z.union([z.number(), z.string()]).optional().describe("Order in steps of this many from the minimum (default 1)"),
  price_tiers: z
    .union([z.array(z.object({ min_quantity: z.union([z.number(), z.string()]), price: z.union([z.number(), z.string()]) })), z.string()])
    .optional()
    .describe("Volume price ladder: from min_quantity units, price (naira) each; rising quantities, prices not rising, none above price. A JSON text in a multipart form. Empty: one price"),
};

export const ProductWriteBody = z.object({
  store: z.union([z.number(), z.string()]),
  user: z.union([z.number(), z.string()]).optional(),
  name: z.string(),
  price: z.union([z.number(), z.string()]),
  description: z.string(),
  size: z.string(),
  type: z.string().optional(),
  category: z.union([z.number(), z.string()]),
  stock_quantity: z.union([z.number(), z.string()]).optional(),
  published: z.union([z.boolean(), z.string()]).optional(),
  /** Issue 35 item 5 (additive): bulk goods, never paid at the door (pay on delivery refused for an order with one). */
  bulk: z.union([z.boolean(), z.string()]).optional(),
  /** Issue 36 item 2: the SON (MANCAP/NIS) certificate number ("" clears it) and a photo of it (multipart); required to publish in a category that asks for one. */
  certificate_number: z.string().optional(),
  certificate_image: z.any().optional(),
  ...TradeWriteFields,
});
export const ProductPatchBody = ProductWriteBody.partial();
export const ImageSlotBody = z.object({ image: z.any() });
export const OptionBody = z.object({
  value: z.string(),
  price: z.union([z.number(), z.string()]),
  variant: z.union([z.number(), z.string()]),
  product: z.union([z.number(), z.string()]),
  stock_quantity: z.union([z.number(), z.string()]).optional(),
  price_tiers: TradeWriteFields.price_tiers,
});

export const VariantSchema = z.object({ id: z.number(), name: z.string() });
export const VariantPageSchema = pagedOf(VariantSchema);
export const ProductOptionAnswer = z.object({
  id: z.number(),
  value: z.string(),
  price: z.number(),
  variant: z.number(),
  variant_name: z.string(),
  product: z.number(),
  /** The option's own stock, or null: it shares the product's stock. */
  stock_quantity: z.number().nullable(),
  /** The option's volume price ladder (naira), rising; empty: one price. */
  price_tiers: z.array(z.object({ min_quantity: z.number(), price: z.number() })),
});
export const ProductImageAnswer = z.object({ id: z.number(), image: z.string(), product: z.number(), position: z.number() });

export const ProductImageList = z.array(ProductImageAnswer);
export const ProductOptionList = z.array(ProductOptionAnswer);

export type ApiVariant = z.infer<typeof VariantSchema>;
export type ApiProductOption = z.infer<typeof ProductOptionAnswer>;
export type ApiProductImage = z.infer<typeof ProductImageAnswer>;
export { ProductFieldsSchema, ProductOptionSchema };

/** POST /products/{id}/certificate-report/ (issue 36 item 2): the report kept; the number the product showed. */
export const CertificateReportAnswer = z.object({ id: z.number(), product: z.number(), certificate_number: z.string().nullable(), created_at: z.string() });
