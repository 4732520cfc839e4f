/** Product writes: request/response schemas and answer types. No server imports. */
import * as z from "zod";
import { ProductFieldsSchema, ProductOptionSchema } from "~/domain/products";
import { pagedOf } from "../catalog/schemas";

/** For the OpenAPI document and the fuzz: the fields of POST /products/ (multipart; image[0..3] are files). */
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
});
export const ProductPatchBody = ProductWriteBody.partial();
export const ImageSlotBody = z.object({ image: z.any() });
export const OptionBody = z.object({
  value: z.string(),
  price: z.union([z.number(), z.string()]),
  variant: z.union([z.number(), z.string()]),
  product: z.union([z.number(), z.string()]),
  stock_quantity: z.union([z.number(), z.string()]).optional(),
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
});
export const ProductImageAnswer = z.object({ id: z.number(), image: z.string(), product: z.number(), position: z.number() });

export const ProductImageList = z.array(ProductImageAnswer);
export const ProductOptionList = z.array(ProductOptionAnswer);

export type ApiVariant = z.infer<typeof VariantSchema>;
export type ApiProductOption = z.infer<typeof ProductOptionAnswer>;
export type ApiProductImage = z.infer<typeof ProductImageAnswer>;
export { ProductFieldsSchema, ProductOptionSchema };
