/**
 * Speed features of the real production server: lite mode from the connection's client hints
 * (the footer switch beating them), HTTP caching of pages and images (never public for a
 * signed-in visitor; 304 for an anonymous revalidation), and the client build served
 * pre-compressed by Accept-Encoding.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cookieHeader, cookiesFrom, useAppServer } from "./harness";

const app = useAppServer();
const { get, post, getBytes } = app;

describe("lite mode from client hints", () => {
  it("asks for the hints and says the page depends on them", async () => {
    const r = await get("/about");
    expect(r.status).toBe(200);
    expect(r.headers["accept-ch"]).toMatch(/ECT/);
    expect(r.headers["accept-ch"]).toMatch(/Downlink/);
    expect(r.headers["accept-ch"]).toMatch(/Save-Data/);
    for (const h of ["Save-Data", "ECT", "Downlink", "Cookie"]) expect(r.headers.vary).toContain(h);
    expect(r.body).toMatch(/<script/);
  });

  it("serves lite to a slow connection or a data saver, and full pages to a fast one", async () => {
    expect((await get("/about", { ECT: "2g" })).body).not.toMatch(/<script/i);
    expect((await get("/about", { ECT: "slow-2g" })).body).not.toMatch(/<script/i);
    expect((await get("/about", { ECT: "4g", Downlink: "0.3" })).body).not.toMatch(/<script/i);
    expect((await get("/about", { "Save-Data": "on" })).body).not.toMatch(/<script/i);
    expect((await get("/about", { ECT: "4g", Downlink: "10" })).body).toMatch(/<script/);
  });

  it("lets the footer switch override the hints either way", async () => {
    const off = await post("/lite", { lite: "0", redirectTo: "/about" });
    expect(off.status).toBe(303);
    const offJar = cookieHeader(cookiesFrom(off));
    expect(offJar).toMatch(/^lite=/);
    const slowButOff = await get("/about", { ECT: "2g", "Save-Data": "on", Cookie: offJar });
    expect(slowButOff.body).toMatch(/<script/);
    expect(slowButOff.body).toMatch(/Lite mode: (<!-- -->)?off/);

    const on = await post("/lite", { lite: "1", redirectTo: "/about" });
    const fastButOn = await get("/about", { ECT: "4g", Downlink: "10", Cookie: cookieHeader(cookiesFrom(on)) });
    expect(fastButOn.body).not.toMatch(/<script/i);
    expect(fastButOn.body).toMatch(/Lite mode: (<!-- -->)?on/);
  });
});

describe("lite pages carry what their first paint needs", () => {
  it("inline the page's own rules of the stylesheet, allowed by their hash in the CSP, while full pages link it whole", async () => {
    const lite = await get("/building-materials", { "Save-Data": "on" });
    expect(lite.status).toBe(200);
    expect(lite.body).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const style = /<style data-lite-css="">([\s\S]*?)<\/style>/.exec(lite.body);
    expect(style).toBeTruthy();
    const css = style![1];
    expect(css).toContain(".container-page");
    const hash = crypto.createHash("sha256").update(css, "utf8").digest("base64");
    const styleSrc = /style-src ([^;]+)/.exec(String(lite.headers["content-security-policy"] ?? ""))?.[1] ?? "";
    expect(styleSrc.split(" ")).toContain(`'sha256-${hash}'`);

    const full = await get("/building-materials");
    const href = /<link rel="stylesheet" href="(\/build\/_assets\/[^"]+\.css)"/.exec(full.body)?.[1];
    expect(href).toBeTruthy();
    expect(full.body).not.toMatch(/<style/);
    const whole = (await get(href!)).body;
    // Every class the lite page uses that the stylesheet styles keeps its rule; the rest is gone.
    const markup = lite.body.replace(style![0], "");
    const used = new Set(Array.from(markup.matchAll(/class="([^"]*)"/g), (m) => m[1].split(/\s+/)).flat().filter(Boolean));
    const selector = (c: string) => `.${c.replace(/[^a-zA-Z0-9_-]/g, (ch) => `\\${ch}`)}`;
    const styled = [...used].filter((c) => whole.includes(selector(c)));
    expect(styled.length).toBeGreaterThan(50);
    expect(styled.filter((c) => !css.includes(selector(c)))).toEqual([]);
    const unused = Array.from(whole.matchAll(/\.([a-z][a-z0-9-]*)\{/g), (m) => m[1]).filter((c) => !used.has(c) && !markup.includes(c));
    expect(unused.length).toBeGreaterThan(20);
    // A few stay: the kept page also holds the signed-in header's parts (filled per visitor, left
    // out of an anonymous answer), and their rules must be there for a signed-in lite visitor.
    expect(unused.filter((c) => css.includes(`.${c}{`)).length).toBeLessThan(unused.length / 10);
    expect(css.length).toBeLessThan(whole.length / 2);
  });

  it("inline a product page's small LCP image as WebP, and keep URLs on full pages", async () => {
    // The first render waits a moment for the variant (made once by sharp); a busy machine may
    // answer with its URL meanwhile, and the next answer has it inline.
    let lcp = "";
    for (let i = 0; i < 5 && !lcp.startsWith('<img src="data:'); i++) {
      lcp = /<img[^>]*fetchpriority="high"[^>]*>/.exec((await get("/products/1", { "Save-Data": "on" })).body)?.[0] ?? "";
      if (!lcp.startsWith('<img src="data:')) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(lcp).toMatch(/^<img src="data:image\/webp;base64,[A-Za-z0-9+/]+=*"/);
    expect(lcp).not.toMatch(/srcSet=/i);
    const bytes = Buffer.from(/base64,([^"]+)"/.exec(lcp)![1], "base64");
    expect(bytes.subarray(0, 4).toString()).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString()).toBe("WEBP");

    const full = await get("/products/1");
    expect(/<img[^>]*fetchpriority="high"[^>]*>/.exec(full.body)?.[0]).toMatch(/src="[^"]*\/media\/[^"]+\?w=\d+"/);
  });

  it("inline the home page's first card image, the same picture as its file, and ask for the other cards' images at low priority", async () => {
    let lite = "";
    for (let i = 0; i < 5 && !/<main[\s\S]*?<img src="data:/.test(lite); i++) {
      lite = (await get("/", { "Save-Data": "on" })).body;
      if (!/<main[\s\S]*?<img src="data:/.test(lite)) await new Promise((r) => setTimeout(r, 1000));
    }
    const imgs = Array.from(lite.slice(lite.indexOf("<main")).matchAll(/<img [^>]*>/g), (m) => m[0]);
    expect(imgs.length).toBeGreaterThan(4);
    // The first card's image is in the HTML, at high priority, not lazy: nothing to fetch before it paints.
    const [first, ...rest] = imgs;
    expect(first).toMatch(/^<img src="data:image\/webp;base64,/);
    expect(first).toMatch(/fetchpriority="high"/);
    expect(first).toMatch(/loading="eager"/);
    // The same picture a full page shows there: the bytes of that card's smallest file.
    const full = (await get("/")).body;
    const file = /<main[\s\S]*?<img [^>]*src="([^"]*\/media\/[^"]+)"/.exec(full)?.[1]?.replace(/&amp;/g, "&");
    expect(file).toBeTruthy();
    const url = new URL(file!, app.url());
    url.searchParams.set("w", "160");
    const bytes = await getBytes(url.pathname + url.search, {});
    expect(bytes.status).toBe(200);
    expect(Buffer.from(/base64,([^"]+)"/.exec(first)![1], "base64").equals(bytes.body)).toBe(true);
    expect(/alt="([^"]*)"/.exec(first)?.[1]).toBe(/<main[\s\S]*?<img [^>]*alt="([^"]*)"/.exec(full)?.[1]);
    // Every other card's image is a file, asked for at low priority: none competes with the first paint.
    for (const img of rest) {
      expect(img).toMatch(/src="[^"]*\/media\/[^"]+\?w=160"/);
      expect(img).toMatch(/fetchpriority="low"/);
    }
  });
});

describe("HTTP caching", () => {
  it("lets an anonymous catalogue page be cached and answers a revalidation with 304", async () => {
    const first = await get("/building-materials");
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"/);
    const again = await get("/building-materials", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    // The browser keeps the page it has, with the policy (and nonce) stored with it.
    expect(again.headers["content-security-policy"]).toBeUndefined();
    // A page that changed (another one here) is sent whole.
    const other = await get("/about", { "If-None-Match": etag });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it("never lets a signed-in visitor's page be stored", async () => {
    const login = await post("/auth/login", { email: "shopper@demo.buildmart.ng", password: "Shopper#2024", redirectTo: "/" });
    expect(login.status).toBe(303);
    const cookie = cookieHeader(cookiesFrom(login));
    for (const path of ["/building-materials", "/", "/about", "/users/account/addresses"]) {
      const r = await get(path, { Cookie: cookie });
      expect(r.status, path).toBe(200);
      expect(r.headers["cache-control"], path).toBe("private, no-store");
      expect(r.headers.etag, path).toBeUndefined();
    }
    const listing = await get("/building-materials", { Cookie: cookie });
    expect(listing.body).toMatch(/Log ?out|My account|Account/i);
  });

  it("keeps pages that are not the catalogue's out of shared caches", async () => {
    for (const path of ["/auth/login", "/cart", "/no-such-page-here"]) {
      const r = await get(path);
      expect(r.headers["cache-control"], path).toBe("private, no-store");
    }
  });

  it("revalidates slot-named images with an ETag", async () => {
    const html = (await get("/building-materials")).body;
    const found = html.match(/src="([^"]*\/media\/[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
    expect(found).toBeTruthy();
    const src = new URL(found!, app.url()).pathname + new URL(found!, app.url()).search;
    const img = await getBytes(src!, {});
    expect(img.status).toBe(200);
    expect(img.headers["cache-control"]).toMatch(/^public, max-age=86400/);
    const again = await getBytes(src!, { "If-None-Match": img.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("answers an image variant asked for again with the same bytes, type, caching and ETag (WebP and JPEG)", async () => {
    for (const src of ["/media/products/2-1.svg?w=160", "/media/products/2-1.svg?w=320&format=jpeg"]) {
      const first = await getBytes(src, {});
      expect(first.status, src).toBe(200);
      for (let i = 0; i < 2; i++) {
        const next = await getBytes(src, {});
        expect(next.status, src).toBe(200);
        expect(next.body.equals(first.body), src).toBe(true);
        for (const h of ["content-type", "cache-control", "etag", "content-length", "x-content-type-options"]) expect(next.headers[h], `${src} ${h}`).toBe(first.headers[h]);
      }
      expect(first.headers["content-type"]).toBe(src.includes("jpeg") ? "image/jpeg" : "image/webp");
      const again = await getBytes(src, { "If-None-Match": first.headers.etag as string });
      expect(again.status, src).toBe(304);
      expect(again.headers.etag, src).toBe(first.headers.etag);
      expect(again.body.length).toBe(0);
    }
    // Another width is another file.
    const other = await getBytes("/media/products/2-1.svg?w=320", {});
    expect(other.body.equals((await getBytes("/media/products/2-1.svg?w=160", {})).body)).toBe(false);
  });
});

describe("pre-compressed client build", () => {
  it("serves brotli or gzip by Accept-Encoding, with Vary and immutable caching", async () => {
    const html = (await get("/")).body;
    // The page's scripts are named in its module script (<AppScripts>: loaded after the LCP image).
    const asset = html.match(/["'](\/build\/[^"']+\.js)["']/)?.[1];
    expect(asset).toBeTruthy();
    const plain = await getBytes(asset!, {});
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);

    const br = await getBytes(asset!, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);

    const gz = await getBytes(asset!, { "Accept-Encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);

    const css = html.match(/href="(\/build\/[^"]+\.css)"/)?.[1];
    expect(css).toBeTruthy();
    const cssBr = await getBytes(css!, { "Accept-Encoding": "br" });
    expect(cssBr.headers["content-encoding"]).toBe("br");
    expect(cssBr.headers["content-type"]).toMatch(/^text\/css/);
  });
});
