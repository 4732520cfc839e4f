import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/storefront/safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-origin paths", () => {
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect("/products/?search=cement&page=2#top")).toBe("/products/?search=cement&page=2#top");
    expect(safeRedirect("/users/account/addresses", "/x")).toBe("/users/account/addresses");
  });

  it.each([
    ["/\t/evil.example", "tab between the slashes"],
    ["/\n/evil.example", "LF between the slashes"],
    ["/\r/evil.example", "CR between the slashes"],
    ["/\r\n/evil.example", "CRLF"],
    ["\t//evil.example", "leading tab"],
    ["//evil.example", "protocol-relative"],
    ["/\\evil.example", "slash backslash"],
    ["\\\\evil.example", "two backslashes"],
    ["\\/evil.example", "backslash slash"],
    ["/\\\t\\evil.example", "mixed"],
    ["https://evil.example/", "absolute"],
    ["javascript:alert(1)", "script URL"],
    ["evil.example", "relative without slash"],
    ["/\u0000/evil.example", "NUL"],
    ["/cart\u0000", "NUL at the end"],
    ["/a\u0007b", "bell"],
    ["/a\u007fb", "DEL"],
    ["", "empty"],
    ["/%09/evil.example%2F", "encoded tab between the slashes"],
    ["/%0a/evil.example", "encoded LF"],
    ["/%0D%0A/evil.example", "encoded CRLF"],
    ["/%5C/evil.example%2F", "encoded backslash"],
    ["/%5c%5cevil.example", "two encoded backslashes"],
    ["/%2F/evil.example", "encoded slash making //"],
    ["/%2F%2Fevil.example", "two encoded slashes"],
    ["/%00", "encoded NUL"],
    ["/%E0%A4%A", "malformed escape"],
  ])("refuses %j (%s)", (to) => {
    expect(safeRedirect(to)).toBe("/");
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });

  it("refuses non-strings", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
    expect(safeRedirect(new Blob(["/cart"]) as unknown, "/x")).toBe("/x");
  });

  it("encodes characters that cannot go in a Location header", () => {
    const out = safeRedirect("/products?search=ọ̀gbọ́n €");
    expect(out.startsWith("/products?search=")).toBe(true);
    expect(() => new Headers({ Location: out })).not.toThrow();
    expect(/^[\x21-\x7e]+$/.test(out)).toBe(true);
    // CR/LF inside the path are dropped (as a browser does), never passed to the header
    const crlf = safeRedirect("/cart\r\nSet-Cookie: x=1");
    expect(crlf).not.toMatch(/[\r\n]/);
    expect(() => new Headers({ Location: crlf })).not.toThrow();
  });

  it("keeps ordinary encoded paths and queries", () => {
    expect(safeRedirect("/products/?search=%2F%2Fcement%09x")).toBe("/products/?search=%2F%2Fcement%09x");
    expect(safeRedirect("/shop/caf%C3%A9")).toBe("/shop/caf%C3%A9");
    expect(safeRedirect("/users/orders?page=2")).toBe("/users/orders?page=2");
  });

  it("stays on the site after resolving dot segments", () => {
    expect(safeRedirect("/a/../../b")).toBe("/b");
    expect(safeRedirect("/./\\evil.example")).toBe("/");
  });
});
