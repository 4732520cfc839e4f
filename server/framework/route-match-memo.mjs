/**
 * Route matching, memoised per pathname. Remix matches the URL against the whole route
 * tree several times per page: the server runtime (`matchServerRoutes`), the static handler's
 * `query`, React Router's `useRoutes` while rendering, and the root's partial manifest
 * (~/framework/app-scripts.server, once per parent path). Each `matchRoutes` call flattens and ranks
 * all 81 routes and compiles a regular expression per candidate branch: about 1.5-2 ms of CPU
 * each, for an answer that depends only on the tree and the pathname.
 *
 * Every one of those callers but the static handler reads `matchRoutes` off the one CommonJS
 * instance of `@remix-run/router` when it calls it (`router.matchRoutes(...)`, or react-router's
 * re-export getters), so replacing that export here, before the build is loaded, memoises them
 * all without patching node_modules. The answer is kept per route tree and pathname (+ basename):
 * - the same tree object (the server runtime's routes, a render's router.routes) is found by
 *   identity (WeakMap);
 * - the per-render copies Remix builds of the same manifest (new objects, same shape) are found
 *   by their shape: the ids, paths, index and caseSensitive flags of every route in order, the
 *   only things matching reads. A cached answer is kept as positions in the tree and re-made with
 *   the caller's route objects, with a fresh params object (shared by the matches, as the
 *   original does), so a caller never sees another caller's objects.
 * At most MAX_PATHS pathnames per shape (then that memo starts again) and MAX_SHAPES shapes.
 * `ROUTE_MATCH_MEMO=off` leaves React Router's function in place (to compare).
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router");

const MAX_PATHS = 5_000;
const MAX_SHAPES = 16;

/** @typedef {{ at: number[], pathname: string, pathnameBase: string }} KeptMatch */
/** @typedef {{ params: Record<string, string | undefined>, matches: KeptMatch[] } | null} KeptAnswer */
/** @typedef {{ answers: Map<string, KeptAnswer> }} Memo */

/** @type {WeakMap<object[], Memo>} */
const byTree = new WeakMap();
/** @type {Map<string, Memo>} */
const byShape = new Map();

/** What matching reads of a tree, as one string. */
function shape(routes) {
  let s = "";
  const walk = (list) => {
    s += "[";
    for (const r of list) {
      s += `${r.id}\u0001${r.path ?? "\u0002"}\u0001${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}`;
      if (r.children) walk(r.children);
      s += "\u0003";
    }
    s += "]";
  };
  walk(routes);
  return s;
}

function memoFor(routes) {
  let m = byTree.get(routes);
  if (m) return m;
  const key = shape(routes);
  m = byShape.get(key);
  if (!m) {
    if (byShape.size >= MAX_SHAPES) byShape.clear();
    m = { answers: new Map() };
    byShape.set(key, m);
  }
  byTree.set(routes, m);
  return m;
}

/** Positions (child indexes from the top) of every route of a tree. */
function positions(routes) {
  const at = new Map();
  const walk = (list, prefix) =>
    list.forEach((r, i) => {
      const p = [...prefix, i];
      at.set(r, p);
      if (r.children) walk(r.children, p);
    });
  walk(routes, []);
  return at;
}

export function installRouteMatchMemo(original = router.matchRoutes) {
  if (process.env.ROUTE_MATCH_MEMO === "off" || original.memoised) return;
  const memoised = function matchRoutes(routes, locationArg, basename = "/") {
    if (!Array.isArray(routes)) return original(routes, locationArg, basename);
    const location = typeof locationArg === "string" ? router.parsePath(locationArg) : locationArg;
    const pathname = location?.pathname ?? "/";
    const memo = memoFor(routes);
    const key = `${basename}\u0000${pathname}`;
    let kept = memo.answers.get(key);
    if (kept === undefined) {
      const found = original(routes, locationArg, basename);
      if (!found) kept = null;
      else {
        const at = positions(routes);
        kept = {
          params: { ...found[found.length - 1].params },
          matches: found.map((m) => ({ at: at.get(m.route), pathname: m.pathname, pathnameBase: m.pathnameBase })),
        };
        // A match outside the tree given (never, but then do not keep it).
        if (kept.matches.some((m) => !m.at)) return found;
      }
      if (memo.answers.size >= MAX_PATHS) memo.answers.clear();
      memo.answers.set(key, kept);
      if (found) return found;
    }
    if (kept === null) return null;
    const params = { ...kept.params };
    return kept.matches.map((m) => {
      let list = routes;
      let route;
      for (const i of m.at) {
        route = list[i];
        list = route.children;
      }
      return { params, pathname: m.pathname, pathnameBase: m.pathnameBase, route };
    });
  };
  memoised.memoised = true;
  memoised.original = original;
  router.matchRoutes = memoised;
}

installRouteMatchMemo();
