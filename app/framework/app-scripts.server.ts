/**
 * The module script of `<AppScripts>` (./app-scripts.tsx), built during server
 * rendering only: a `.server` module, so none of this (the loader script's text, the partial
 * manifest) is shipped in the browser bundle, where `<AppScripts>` only hydrates the script
 * elements as the server wrote them.
 */
import type { UNSAFE_RemixContext } from "@remix-run/react";
import { matchRoutes, type UNSAFE_DataRouterContext, type UNSAFE_DataRouterStateContext } from "react-router-dom";

/** As Remix's markup.ts: JSON made safe inside a `<script>`. */
const ESCAPE: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };
const escapeHtml = (s: string) => s.replace(/[&><\u2028\u2029]/g, (c) => ESCAPE[c]);

/**
 * Runs in the browser: waits for the LCP image and two frames (so it has been painted; a 3 s cap,
 * and no wait on a page without one), then preloads every module in parallel (the links added four
 * per task: each starts a fetch, ~0.3 ms of main thread), waits until all are fetched and compiled
 * (their `load` events: the main thread's share of compiling, ~3.5 ms for the framework chunk, is
 * then a task of its own rather than part of the first evaluation; a browser without modulepreload,
 * Safari before 17, ignores the links and the imports fetch), evaluates them one per task (a
 * module with its not yet evaluated imports; a 4x slower phone would otherwise spend one long task
 * on the whole graph, which Lighthouse counts as blocking time), fills
 * `window.__remixRouteModules` and imports the entry, which hydrates.
 */
const START = `const yieldTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const start = async () => {
  const fetched = [];
  const waits = document.createElement("link").relList?.supports?.("modulepreload") === true;
  for (let i = 0; i < preloads.length; i += 4) {
    document.head.append(...preloads.slice(i, i + 4).map((href) => {
      const l = document.createElement("link");
      l.rel = "modulepreload";
      l.href = href;
      if (waits) fetched.push(new Promise((resolve) => { l.onload = l.onerror = resolve; }));
      return l;
    }));
    await yieldTask();
  }
  await Promise.all(fetched);
  for (const href of preloads) {
    if (href === entry) continue;
    await yieldTask();
    await import(href);
  }
  const mods = await Promise.all(routes.map(([, url]) => import(url)));
  window.__remixRouteModules = Object.fromEntries(routes.map(([id], i) => [id, mods[i]]));
  await yieldTask();
  return import(entry);
};
let started = false;
const once = () => { if (!started) { started = true; void start(); } };`;

/** Waits for the LCP image and a painted frame with it (a 3 s cap) before starting the load. */
const AFTER_LCP = `const afterPaint = () => { requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 0))); setTimeout(once, 3000); };
const lcp = document.querySelector('img[fetchpriority="high"]');
if (!lcp || lcp.complete) afterPaint();
else { lcp.addEventListener("load", afterPaint, { once: true }); lcp.addEventListener("error", afterPaint, { once: true }); setTimeout(once, 3000); }`;

/** DEFER_SCRIPTS=off: the load starts at once, as Remix's own `<Scripts>` does (to compare, or if the wait misbehaves). */
const deferOff = () => process.env.DEFER_SCRIPTS === "off";

type Matches = NonNullable<React.ContextType<typeof UNSAFE_DataRouterStateContext>>["matches"];

/** The context script, as Remix's `<Scripts>` writes it: loader data and the single-fetch stream. */
export function appContextScript(serverHandoffString: string | undefined): string {
  return `window.__remixContext = ${serverHandoffString};window.__remixContext.stream = new ReadableStream({start(controller){window.__remixContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());`;
}

/** The module script: the partial manifest, the route modules and entry to import, and START. */
export function appModuleScript(manifest: Manifest, router: Router, matches: Matches): string {
  const routes = matches.map((m) => [m.route.id, manifest.routes[m.route.id].module]);
  const preloads = [
    ...new Set([
      ...manifest.entry.imports,
      ...matches.flatMap((m) => [...(manifest.routes[m.route.id].imports ?? []), manifest.routes[m.route.id].module]),
      manifest.entry.module,
    ]),
  ];
  return [
    manifest.hmr?.runtime ? `import ${JSON.stringify(manifest.hmr.runtime)};` : "",
    `window.__remixManifest = ${escapeHtml(JSON.stringify(partialManifest(manifest, router)))};`,
    `const routes = ${escapeHtml(JSON.stringify(routes))};`,
    `const preloads = ${escapeHtml(JSON.stringify(preloads))};`,
    `const entry = ${escapeHtml(JSON.stringify(manifest.entry.module))};`,
    START,
    deferOff() ? "once();" : AFTER_LCP,
  ].join("\n");
}

type Manifest = NonNullable<React.ContextType<typeof UNSAFE_RemixContext>>["manifest"];
type Router = NonNullable<React.ContextType<typeof UNSAFE_DataRouterContext>>["router"];

/** As Remix's fog-of-war getPartialManifest: the matched routes and the parents of the path. */
function partialManifest(manifest: Manifest, router: Router) {
  const ids = new Set(router.state.matches.map((m) => m.route.id));
  const segments = router.state.location.pathname.split("/").filter(Boolean);
  const paths = ["/"];
  segments.pop();
  while (segments.length > 0) {
    paths.push(`/${segments.join("/")}`);
    segments.pop();
  }
  for (const path of paths) for (const m of matchRoutes(router.routes, path, router.basename) ?? []) ids.add(m.route.id);
  return { ...manifest, routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])) };
}
