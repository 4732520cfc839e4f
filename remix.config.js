import { createRequire } from "node:module";
import { flatRoutes } from "remix-flat-routes";

/**
 * No empty chunks in the browser build. The classic compiler swaps every `*.server` module (and
 * `@remix-run/node`) for an empty CommonJS stub in the browser build, but esbuild has to assume a
 * stub may have side effects, so a route that imports a server module for its loader keeps an
 * `import` of the stub after the loader is shaken out. A stub shared by several routes becomes
 * its own `_shared/chunk-*.js` of ~100 bytes (`e.exports={}`) that the page must fetch (5 such
 * files on a product page). A stub has no side effects by construction, so we tell esbuild so
 * (`sideEffects: false` on its resolution) and the unused imports disappear with the loader.
 * `npm run bench:pages` flags any empty chunk a page still loads. Remix 2.17.5 (pinned); if the
 * plugin's shape changes this does nothing and the bench shows the stubs again.
 */
try {
  const require = createRequire(import.meta.url);
  const plugins = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js");
  const original = plugins.emptyModulesPlugin;
  if (typeof original === "function" && !original.sideEffectFree) {
    const patched = (...args) => {
      const plugin = original(...args);
      return {
        ...plugin,
        setup(build) {
          plugin.setup({
            ...build,
            onResolve: (options, callback) =>
              build.onResolve(options, async (resolveArgs) => {
                const result = await callback(resolveArgs);
                return result && result.namespace === "empty-module" ? { ...result, sideEffects: false } : result;
              }),
            onLoad: (options, callback) => build.onLoad(options, callback),
          });
        },
      };
    };
    patched.sideEffectFree = true;
    plugins.emptyModulesPlugin = patched;
  }
} catch {
  /* another @remix-run/dev layout: keep the stubs */
}

/**
 * Routes are grouped by area with remix-flat-routes: folders ending in "+" are flat-route
 * folders (auth+/login.tsx is /auth/login); a leading underscore makes the folder pathless
 * (_shop+/cart.tsx is /cart). See docs/architecture.md.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  // Remix's own route discovery is off: remix-flat-routes reads app/routes.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.md"],
    }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
