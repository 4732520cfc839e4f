/**
 * server/framework/route-match-memo.mjs: React Router's matchRoutes memoised per route tree and pathname
 * gives exactly what the original gives, for every route of the build and for paths that match
 * nothing, on the same tree and on a fresh copy of it (as Remix makes per render): the caller's own
 * route objects, a fresh params object each time.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "./harness";

const require = createRequire(import.meta.url);
type Route = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type MatchFn = ((routes: Route[], location: string | { pathname: string }, basename?: string) => Match[] | null) & { original?: MatchFn };

let manifest: Record<string, Route>;
let matchRoutes: MatchFn;
let original: MatchFn;

/** The route tree as Remix builds it from the manifest (a new copy per call). */
function tree(parentId = ""): Route[] {
  return Object.values(manifest)
    .filter((r) => (r.parentId ?? "") === parentId)
    .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: tree(r.id) }));
}

beforeAll(async () => {
  await ensureBuild();
  const root = path.resolve(__dirname, "../..");
  const server = fs.readFileSync(path.join(root, "build/index.js"), "utf8");
  const file = server.match(/\/build\/(manifest-[A-Z0-9]+\.js)/)![1];
  const text = fs.readFileSync(path.join(root, "public/build", file), "utf8");
  manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)).routes;
  const router = require("@remix-run/router") as { matchRoutes: MatchFn };
  const before = router.matchRoutes;
  await import("../../server/framework/route-match-memo.mjs");
  matchRoutes = router.matchRoutes;
  original = matchRoutes.original ?? before;
}, 240_000);

/** Sample pathnames for every route (params filled in), plus some that match nothing or differ by case. */
function samples(): string[] {
  const out = new Set(["/", "/nope/nope/nope/nope", "/BUILDING-MATERIALS", "/building-materials/", "/a%20b/12", "/users/orders/abc/track"]);
  const full = (r: Route): string => {
    const parent = r.parentId && manifest[r.parentId] ? full(manifest[r.parentId]) : "";
    return [parent, r.path ?? ""].filter(Boolean).join("/");
  };
  for (const r of Object.values(manifest)) {
    const p = `/${full(r)}`.replace(/\/+/g, "/");
    out.add(p.replace(/:[\w-]+\??/g, "x1").replace(/\*$/, "some/thing"));
    out.add(p.replace(/:[\w-]+\??/g, "42").replace(/\*$/, ""));
  }
  return [...out];
}

const plain = (ms: Match[] | null) => ms?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase }));

describe("route matching memo", () => {
  it("is installed", () => {
    expect(matchRoutes).not.toBe(original);
  });

  it("answers as React Router does, on the same tree and on fresh copies, with the caller's route objects", () => {
    const paths = samples();
    expect(paths.length).toBeGreaterThan(50);
    const same = tree();
    for (let round = 0; round < 3; round++) {
      for (const p of paths) {
        const routes = round === 1 ? tree() : same;
        const want = original(routes, p);
        const got = matchRoutes(routes, p);
        expect(plain(got), p).toEqual(plain(want));
        if (!got || !want) continue;
        got.forEach((m, i) => expect(m.route, p).toBe(want[i].route));
        // One params object shared by the matches, as the original; never the one of another call.
        expect(new Set(got.map((m) => m.params)).size).toBe(1);
        expect(matchRoutes(routes, p)![0].params).not.toBe(got[0].params);
        // A location object and a string with a query are the same pathname.
        expect(plain(matchRoutes(routes, { pathname: p }))).toEqual(plain(want));
        expect(plain(matchRoutes(routes, `${p}?q=1#h`))).toEqual(plain(original(routes, `${p}?q=1#h`)));
      }
    }
  });

  it("does not mix trees of another shape", () => {
    const routes = tree();
    const other: Route[] = [{ id: "x", path: "", children: [{ id: "x/product", path: ":category/:productId" }] }];
    expect(matchRoutes(routes, "/electrical-supplies/320")!.at(-1)!.route.id).toBe("routes/_shop+/$category.$productId._index");
    expect(matchRoutes(other, "/electrical-supplies/320")!.at(-1)!.route.id).toBe("x/product");
    expect(matchRoutes(other, "/about")).toBeNull();
  });
});
