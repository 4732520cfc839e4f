import { flatRoutes } from "remix-flat-routes";

// Patches of Remix's classic compiler (no empty chunks, V8 compile hints): server/framework/.
import "./server/framework/build-patches.mjs";

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
