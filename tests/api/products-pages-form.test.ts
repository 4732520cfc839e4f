/**
 * The add/edit product form's rules (productFormSchema, app/domain/products.ts), as the page's
 * action and the browser run them: the spec's photo messages per slot (type, size, the same file
 * twice), a photo needed to add but not to edit, a category or sub-category needed, every message
 * at once. Pure: no database.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, PRODUCT_MESSAGES, productFormSchema } from "~/domain/products";

const words = (n: number) => Array.from({ length: n }, () => "cement").join(" ");
const png = (name: string, size = 10, type = "image/png") => new File([new Uint8Array(size)], name, { type });

function formOf(fields: Record<string, string | File>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

const valid = { type: "sale", category: "1", name: "Roofing sheet", price: "1500", size: "large", stock_quantity: "4", description: words(60) };

describe("product form rules", () => {
  it("issue 34: takes the unit, minimum, step and ladder rows; blank rows are skipped, a bad rung's message is on its row", () => {
    const ok = parseWithZod(
      formOf({ ...valid, stock_quantity: "100", unit: "bag", pack_description: "50 kg bag", pack_size: "50", pack_measure: "kg", min_quantity: "1", quantity_step: "1", "price_tiers[0].min_quantity": "50", "price_tiers[0].price": "1400", "price_tiers[1].min_quantity": "", "price_tiers[1].price": "", "image[0]": png("a.png") }),
      { schema: productFormSchema("add") },
    );
    expect(ok.status).toBe("success");
    const bad = parseWithZod(
      formOf({ ...valid, unit: "bag", "price_tiers[0].min_quantity": "2", "price_tiers[0].price": "1400", "price_tiers[2].min_quantity": "3", "price_tiers[2].price": "1450", "image[0]": png("a.png") }),
      { schema: productFormSchema("add") },
    );
    expect(bad.status).toBe("error");
    expect(bad.reply().error?.["price_tiers[2].price"]).toEqual(["A larger quantity cannot cost more per unit."]);
    const half = parseWithZod(formOf({ ...valid, min_quantity: "2.5", "image[0]": png("a.png") }), { schema: productFormSchema("add") });
    expect(half.reply().error?.min_quantity).toEqual(["This unit is sold in whole numbers."]);
    const noQty = parseWithZod(formOf({ ...valid, "price_tiers[0].price": "1400", "image[0]": png("a.png") }), { schema: productFormSchema("add") });
    expect(noQty.reply().error?.["price_tiers[0].min_quantity"]).toEqual(["Each step needs a quantity above the minimum order."]);
  });

  it("answers every message at once, photo messages on their slot", () => {
    const s = parseWithZod(
      formOf({
        name: "ab",
        description: words(10),
        "image[0]": png("a.png"),
        "image[1]": png("a.png"),
        "image[2]": png("b.gif", 10, "image/gif"),
        "image[3]": png("big.png", IMAGE_MAX_BYTES + 1),
      }),
      { schema: productFormSchema("add") },
    );
    expect(s.status === "error" && s.error).toEqual({
      name: [PRODUCT_MESSAGES.nameMin],
      price: [PRODUCT_MESSAGES.priceRequired],
      size: [PRODUCT_MESSAGES.sizeRequired],
      description: [PRODUCT_MESSAGES.wordsMin],
      category: [PRODUCT_MESSAGES.categoryRequired],
      "image[1]": [IMAGE_MESSAGES.duplicate],
      "image[2]": [IMAGE_MESSAGES.type],
      "image[3]": [IMAGE_MESSAGES.size],
    });
  });

  it("adding needs a photo, editing does not; the sub-category is kept beside the root", () => {
    const add = parseWithZod(formOf(valid), { schema: productFormSchema("add") });
    expect(add.status === "error" && add.error).toEqual({ image: [IMAGE_MESSAGES.required] });
    const edit = parseWithZod(formOf({ ...valid, sub_category: "7" }), { schema: productFormSchema("edit") });
    expect(edit.status).toBe("success");
    if (edit.status === "success") expect(edit.value).toMatchObject({ category: 1, sub_category: 7, price: 150000, stock_quantity: 4, type: "sale" });
    const subOnly = parseWithZod(formOf({ ...valid, category: "", sub_category: "7", "image[2]": png("c.png") }), { schema: productFormSchema("add") });
    expect(subOnly.status).toBe("success");
  });

  it("the same name with another size or type is not a duplicate", () => {
    const s = parseWithZod(formOf({ ...valid, "image[0]": png("a.png", 10), "image[1]": png("a.png", 11), "image[2]": png("a.png", 10, "image/jpeg") }), {
      schema: productFormSchema("add"),
    });
    expect(s.status).toBe("success");
  });
});
