/**
 * The patches of Remix internals (app/framework/, server/framework/; docs/framework.md) were
 * written against these exact versions and these internal shapes. An upgrade fails here first, so
 * whoever upgrades re-checks each patch (or deletes it) instead of finding out in production.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appModuleScript } from "~/framework/app-scripts.server";

const require = createRequire(import.meta.url);
const version = (pkg: string) => JSON.parse(fs.readFileSync(path.join(process.cwd(), "node_modules", pkg, "package.json"), "utf8")).version as string;

describe("Remix internals the framework patches rely on", () => {
  it("are the versions the patches were written for", () => {
    expect({
      "@remix-run/dev": version("@remix-run/dev"),
      "@remix-run/react": version("@remix-run/react"),
      "@remix-run/router": version("@remix-run/router"),
      "react-router-dom": version("react-router-dom"),
    }).toEqual({ "@remix-run/dev": "2.17.5", "@remix-run/react": "2.17.5", "@remix-run/router": "1.23.3", "react-router-dom": "6.30.4" });
  });

  it("still export the compiler plugins the build patches wrap, and the patches take", async () => {
    await import("../../server/framework/build-patches.mjs");
    const empty = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js");
    const polyfill = require("@remix-run/dev/dist/compiler/js/plugins/browserNodeBuiltinsPolyfill.js");
    expect(typeof empty.emptyModulesPlugin).toBe("function");
    expect(empty.emptyModulesPlugin.sideEffectFree).toBe(true);
    expect(typeof polyfill.browserNodeBuiltinsPolyfillPlugin).toBe("function");
    expect(polyfill.browserNodeBuiltinsPolyfillPlugin.compileHints).toBe(true);
  });

  it("still call matchRoutes off the one @remix-run/router instance the memo replaces", async () => {
    const router = require("@remix-run/router");
    const original = router.matchRoutes;
    expect(typeof original).toBe("function");
    expect(original.length).toBeGreaterThanOrEqual(2); // (routes, location, basename = "/")
    const serverRuntime = fs.readFileSync(require.resolve("@remix-run/server-runtime/dist/routeMatching.js"), "utf8");
    expect(serverRuntime).toMatch(/router\.matchRoutes\(/);
  });

  it("still give <AppScripts> the contexts it reads", async () => {
    const react = await import("@remix-run/react");
    const rrd = await import("react-router-dom");
    expect(react.UNSAFE_RemixContext).toBeTruthy();
    expect(rrd.UNSAFE_DataRouterContext).toBeTruthy();
    expect(rrd.UNSAFE_DataRouterStateContext).toBeTruthy();
  });
});

describe("the script loader's off-switch", () => {
  const manifest = { entry: { imports: [], module: "/build/entry.client.js" }, routes: { root: { id: "root", module: "/build/root.js", imports: [] } }, url: "/build/manifest.js", version: "1" };
  const routes = [{ id: "root", path: "/" }];
  const router = { state: { matches: [{ route: routes[0] }], location: { pathname: "/" } }, routes, basename: "/" };
  const script = () => appModuleScript(manifest as never, router as never, [{ route: routes[0] }] as never);
  afterEach(() => {
    delete process.env.DEFER_SCRIPTS;
  });

  it("waits for the LCP image by default", () => {
    expect(script()).toContain('document.querySelector(\'img[fetchpriority="high"]\')');
    expect(script().trimEnd().endsWith("once();")).toBe(false);
  });

  it("starts at once with DEFER_SCRIPTS=off", () => {
    process.env.DEFER_SCRIPTS = "off";
    expect(script()).not.toContain("fetchpriority");
    expect(script().trimEnd().endsWith("once();")).toBe(true);
  });
});
