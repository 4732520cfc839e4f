/**
 * The JavaScript each page loads on its first view, from the client build's manifest (what
 * `<AppScripts>` preloads: the entry and its imports, then every route module of the match with
 * its imports; app/ops/app-scripts.server.ts), in gzip bytes (level 6, as `npm run bench:pages`).
 * Islands (components/ui/island.tsx) are not counted: they load at the first interaction.
 * The budget is 100 KB per storefront page (docs/architecture.md, "Client JavaScript").
 *
 *   npx remix build && npx tsx scripts/first-view-js.ts      # every route, largest first;
 *                                                             # exits 1 when one is over budget
 */
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";

export const BUDGET_BYTES = 100 * 1024;

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface FirstView {
  route: string;
  bytes: number;
  files: string[];
}

/** `publicDir` holds `build/` (remix.config.js's assetsBuildDirectory is public/build). */
export function readManifest(publicDir: string): Manifest {
  const dir = path.join(publicDir, "build");
  const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => /^manifest-[A-Z0-9]+\.js$/.test(f)) : undefined;
  if (!file) throw new Error(`no client build in ${dir}: run \`npx remix build\` first`);
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

/** Every route's first-view files and their gzip bytes, largest first. */
export function firstViews(publicDir: string): FirstView[] {
  const m = readManifest(publicDir);
  const sizes = new Map<string, number>();
  const gz = (u: string) => {
    let n = sizes.get(u);
    if (n === undefined) {
      n = zlib.gzipSync(fs.readFileSync(path.join(publicDir, u)), { level: 6 }).length;
      sizes.set(u, n);
    }
    return n;
  };
  const views = Object.keys(m.routes).map((id) => {
    const chain: string[] = [];
    for (let r: string | undefined = id; r; r = m.routes[r]?.parentId) chain.unshift(r);
    const files = new Set([m.entry.module, ...m.entry.imports]);
    for (const r of chain) for (const f of [m.routes[r].module, ...(m.routes[r].imports ?? [])]) files.add(f);
    return { route: id, files: [...files], bytes: [...files].reduce((n, f) => n + gz(f), 0) };
  });
  return views.sort((a, b) => b.bytes - a.bytes);
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  const views = firstViews(path.resolve("public"));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const v of views) console.log(`${kb(v.bytes).padStart(9)} ${String(v.files.length).padStart(3)} files  ${v.route}${v.bytes > BUDGET_BYTES ? "  OVER" : ""}`);
  const over = views.filter((v) => v.bytes > BUDGET_BYTES);
  console.log(`\n${over.length} of ${views.length} routes over ${kb(BUDGET_BYTES)} of gzip JavaScript on first view`);
  process.exitCode = over.length ? 1 : 0;
}
