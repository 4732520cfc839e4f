/** The store products pagination window (spec section 2) and the GO clamp (spec section 5). */
import { describe, expect, it } from "vitest";
import { clampPage, lastPage, pageItems } from "~/components/ui/pagination";

describe("pagination", () => {
  it("shows every page when there are five or fewer", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows the first four, an ellipsis and the last page", () => {
    expect(pageItems(1, 6)).toEqual([1, 2, 3, 4, "ellipsis", 6]);
    expect(pageItems(3, 12)).toEqual([1, 2, 3, 4, "ellipsis", 12]);
    expect(pageItems(12, 12)).toEqual([1, 2, 3, 4, "ellipsis", 12]);
  });

  it("shows a current page past the first four between ellipses", () => {
    expect(pageItems(5, 12)).toEqual([1, 2, 3, 4, 5, "ellipsis", 12]);
    expect(pageItems(7, 12)).toEqual([1, 2, 3, 4, "ellipsis", 7, "ellipsis", 12]);
    expect(pageItems(11, 12)).toEqual([1, 2, 3, 4, "ellipsis", 11, 12]);
    expect(pageItems(5, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("GO is capped at the last page and never below 1", () => {
    expect(clampPage("99", 3)).toBe(3);
    expect(clampPage("0", 3)).toBe(1);
    expect(clampPage("-4", 3)).toBe(1);
    expect(clampPage("abc", 3)).toBe(1);
    expect(clampPage(null, 3)).toBe(1);
    expect(clampPage("2", 3)).toBe(2);
    expect(clampPage("2.7", 3)).toBe(2);
    expect(clampPage(" 3 ", 3)).toBe(3);
    expect(clampPage("5", 0)).toBe(1);
  });

  it("counts pages of ten", () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
    expect(lastPage(101, 10)).toBe(11);
  });
});
