/**
 * `<AppScripts>`: Remix's `<Scripts>` (2.17.5, single fetch, lazy route discovery) with one
 * change: the page's JavaScript is requested only once the LCP image has loaded (the image with
 * `fetchpriority="high"`, see product-card.tsx) and a frame has been painted with it, instead of
 * at once through `<link rel="modulepreload">` and static imports. So scripts never compete with
 * the LCP image for the phone's bandwidth, and the page paints its largest content as soon as lite
 * mode does (`npm run bench:lighthouse`). A page without such an image starts them right
 * after parsing. The same files are loaded, in parallel (modulepreload links are added when the
 * load starts), then, once all are here, evaluated one module per task rather than as one graph
 * in one long task, and hydration is unchanged: the context script (loader data, the single-fetch
 * stream) runs where Remix puts it, and `window.__remixRouteModules` is filled before
 * `entry.client` is imported, exactly as Remix's module script does.
 *
 * Until the scripts run, the page is the server's HTML, which works on its own (every link and
 * form works without JavaScript). It assumes the future flags of remix.config.js (single fetch,
 * lazy route discovery) and says so if they change. The module script is built on the server
 * only (./app-scripts.server.ts), so its text is not in the browser bundle.
 *
 * Off-switch: DEFER_SCRIPTS=off (server setting) starts the load at once, as Remix's own
 * `<Scripts>` does. It can go with the move to Vite / React Router 7, whose `<Scripts>` can be
 * given this behaviour without copying it; tests/unit/framework-patches.test.ts fails when the
 * Remix it copies changes.
 */
import { UNSAFE_RemixContext } from "@remix-run/react";
import { useContext, useEffect, useMemo } from "react";
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext } from "react-router-dom";
import { appContextScript, appModuleScript } from "./app-scripts.server";

let hydrated = false;

export function AppScripts({ nonce }: { nonce?: string }) {
  // Always set under <RemixServer> and <RemixBrowser>.
  const remix = useContext(UNSAFE_RemixContext)!;
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  useEffect(() => {
    hydrated = true;
  }, []);
  const { manifest, serverHandoffString, renderMeta, future, isSpaMode } = remix;
  const router = dataRouter?.router;
  const staticContext = dataRouter?.staticContext;
  const isStatic = !!dataRouter?.static;
  // Let <RemixServer> know the scripts are rendered, so it streams the single-fetch data.
  if (renderMeta) renderMeta.didRenderScripts = true;
  const scripts = useMemo(() => {
    if (!future.v3_singleFetch || !future.v3_lazyRouteDiscovery || isSpaMode) {
      throw new Error("<AppScripts> follows Remix's <Scripts> for single fetch with lazy route discovery (remix.config.js)");
    }
    const matches = state?.matches ?? [];
    let contextScript = " ";
    let moduleScript = " ";
    // Only while rendering on the server (the .server module is not in the browser bundle).
    if (staticContext) contextScript = appContextScript(serverHandoffString);
    if (isStatic && router) moduleScript = appModuleScript(manifest, router, matches);
    return (
      <>
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: contextScript }} />
        <script nonce={nonce} type="module" async suppressHydrationWarning dangerouslySetInnerHTML={{ __html: moduleScript }} />
      </>
    );
    // Rendered once for hydration, like Remix's <Scripts>; afterwards nothing changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return hydrated ? null : scripts;
}

