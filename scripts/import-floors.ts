/**
 * The import floors of app/: which folder may import which. A module imports only from its own
 * floor or the floors below it, and an API area (app/api/<area>/) never imports another area:
 * what several areas do together lives one floor up, in app/workflows/. The rules are here so
 * that tests/unit/import-floors.test.ts fails on a new arrow that goes up or across, and so that
 * `npx tsx scripts/import-floors.ts` prints the arrows that are left (with `--all`, every one).
 */
import fs from "node:fs";
import path from "node:path";

/** The checkout to read (IMPORT_FLOORS_ROOT=/other/clone to count another one's arrows). */
export const ROOT = process.env.IMPORT_FLOORS_ROOT ?? path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/**
 * Floors from the bottom up; a file belongs to the first floor whose test it passes. Why each sits
 * where it does:
 * - the logger (and the request id it prints) below everything, so any module may log;
 * - domain rules are client-safe and import nothing of the server;
 * - the languages (message files, detection, the translator mail and SMS use) sit on the rules,
 *   so every floor above may speak the reader's language;
 * - base: the settings, the database and the running concerns (CSP, health, HTTP cache headers)
 *   that read the integrations' settings;
 * - the API core (router helpers, guards, errors, tokens, accounts) serves every area;
 * - an area's own modules (queries, commands, serializers, schemas), then the workflows that
 *   compose several areas, then the areas' route tables that call both;
 * - the door (router, registry, the OpenAPI area that lists every route) knows every table;
 * - the demo seed writes rows with the factories and the areas' own commands;
 * - the storefront's server modules call the API; the framework wing (patches of Remix's
 *   rendering) and components render what they answer;
 * - pages on top: routes, root, entries, background jobs, and the page cache, which sits in front
 *   of the storefront's pages (it is filled from entry.server and reads the storefront's rules).
 */
export const FLOORS: Array<{ name: string; test: (file: string) => boolean }> = [
  { name: "logger", test: (f) => f === "app/ops/logger.server.ts" || f === "app/ops/request-id.ts" },
  { name: "domain", test: (f) => f.startsWith("app/domain/") },
  { name: "i18n", test: (f) => f.startsWith("app/i18n/") },
  { name: "db", test: (f) => (f.startsWith("app/db/") && !f.startsWith("app/db/seed/")) || f === "app/config.server.ts" || f === "app/load-context.ts" },
  { name: "integrations", test: (f) => f.startsWith("app/integrations/") },
  { name: "ops", test: (f) => f.startsWith("app/ops/") && f !== PAGE_CACHE },
  { name: "api-core", test: (f) => !isApiDoor(f) && (f.startsWith("app/api/core/") || /^app\/api\/[^/]+\.tsx?$/.test(f)) },
  { name: "api-area", test: (f) => apiArea(f) !== null && !isRouteTable(f) && !isApiDoor(f) },
  { name: "workflows", test: (f) => f.startsWith("app/workflows/") },
  { name: "api-routes", test: (f) => isRouteTable(f) && !isApiDoor(f) },
  { name: "api-door", test: (f) => isApiDoor(f) },
  { name: "seed", test: (f) => f.startsWith("app/db/seed/") },
  { name: "storefront", test: (f) => f.startsWith("app/storefront/") },
  { name: "framework", test: (f) => f.startsWith("app/framework/") },
  { name: "components", test: (f) => f.startsWith("app/components/") },
  {
    name: "pages",
    test: (f) => f.startsWith("app/routes/") || f === "app/root.tsx" || f.startsWith("app/entry.") || f === "app/jobs.server.ts" || f === PAGE_CACHE,
  },
];

const PAGE_CACHE = "app/ops/page-cache.server.ts";

/** The router and the registry: they know every area's route table. */
function isApiDoor(f: string): boolean {
  return f === "app/api/core/router.ts" || f === "app/api/core/registry.ts" || f === "app/api/router.ts" || f.startsWith("app/api/schema/");
}

const NOT_AREAS = new Set(["core"]);

/** The area of a file under app/api/<area>/, or null. */
export function apiArea(f: string): string | null {
  const m = /^app\/api\/([^/]+)\//.exec(f);
  return m && !NOT_AREAS.has(m[1]) ? m[1] : null;
}

/** An area's route tables (routes.ts, store-routes.ts, header-routes.ts…): the top of an area. */
export function isRouteTable(f: string): boolean {
  return apiArea(f) !== null && /(^|-)routes\.ts$/.test(path.basename(f));
}

export function floorOf(f: string): number {
  return FLOORS.findIndex((fl) => fl.test(f));
}

const SOURCE = /\.(ts|tsx|mjs|js)$/;

export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, d), { withFileTypes: true })) {
      const rel = `${d}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (SOURCE.test(e.name) && !e.name.endsWith(".d.ts")) out.push(rel);
    }
  };
  walk(dir);
  return out;
}

/** Every module specifier a file imports or re-exports, static or dynamic (comments stripped). */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const specs: string[] = [];
  const re = /(?:\bimport\s*(?:type\s+)?(?:[\w*${}\s,]+?\s*from\s*)?|\bexport\s*(?:type\s+)?[\w*${}\s,]*?\s*from\s*|\bimport\s*\(\s*)["']([^"']+)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) specs.push(m[1]);
  return specs;
}

/** The repo-relative file a specifier names, or null for a package. */
export function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = `app/${spec.slice(2)}`;
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`, `${base}/index.ts`, `${base}/index.tsx`];
  if (base.endsWith(".js")) candidates.push(base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"));
  for (const c of candidates) if (fs.existsSync(path.join(ROOT, c)) && fs.statSync(path.join(ROOT, c)).isFile()) return c;
  return base;
}

/**
 * What one area may use of another without a workflow: its reads and its shapes. Queries,
 * serializers and schemas change nothing; `listed.ts` (may shoppers see this product) and
 * `line-delivered.server.ts` (when was this line delivered), `buyer-access.server.ts` (who acts on an order as its buyer) and the dashboard's `COUNTED_ORDER_SQL`
 * (which orders count as sales) are the one place of a rule several areas apply in SQL; `recordEvent` and the notices of notifications are the outbox every change
 * writes in its own transaction. Never another area's commands or route table.
 */
export function sharedAcrossAreas(to: string): boolean {
  const base = path.basename(to);
  if (/^(queries\.server|serialize|schemas)\.ts$/.test(base)) return true;
  return (
    to === "app/api/catalog/listed.ts" ||
    to === "app/api/orders/line-delivered.server.ts" ||
    to === "app/api/orders/buyer-access.server.ts" ||
    to === "app/api/stores/dashboard.server.ts" ||
    to === "app/api/notifications/commands.server.ts" ||
    to === "app/api/notifications/events.server.ts"
  );
}

export type Arrow = { from: string; to: string; kind: "up" | "across" | "shared" };

/**
 * Arrows between floors and areas worth naming: up (to a higher floor: never), across (into
 * another API area's commands or route table: never) and shared (another area's reads, shapes or
 * the event outbox: allowed, counted).
 * A type-only import is an arrow too: it ties the two modules' shapes together all the same.
 */
export function arrows(files = listFiles("app"), read = (f: string) => fs.readFileSync(path.join(ROOT, f), "utf8")): Arrow[] {
  const bad: Arrow[] = [];
  for (const from of files) {
    const ff = floorOf(from);
    for (const spec of importsOf(read(from))) {
      const to = resolveImport(from, spec);
      if (!to || !to.startsWith("app/")) continue;
      const tf = floorOf(to);
      const [fa, ta] = [apiArea(from), apiArea(to)];
      if (ff >= 0 && tf > ff) bad.push({ from, to, kind: "up" });
      else if (fa && ta && fa !== ta && !isApiDoor(from)) bad.push({ from, to, kind: sharedAcrossAreas(to) ? "shared" : "across" });
    }
  }
  return bad;
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  const all = arrows();
  const count = (k: Arrow["kind"]) => all.filter((a) => a.kind === k).length;
  console.log(`root ${ROOT}: upward ${count("up")}, across API areas (commands, route tables) ${count("across")}, shared reads across areas ${count("shared")}`);
  if (process.argv.includes("--all")) for (const a of all) console.log(`${a.kind}\t${a.from} -> ${a.to}`);
}
