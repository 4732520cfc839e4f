/**
 * `island(load)`: a component whose code is fetched on demand, not with the page (at most
 * 100 KB of JavaScript on a storefront page's first view). For parts of a page that do nothing
 * until the shopper acts on them: a form (conform's runtime comes with it), the error page.
 *
 * - Server: the module is in the server bundle; its import starts when this module is evaluated
 *   (at start-up), so every render finds it loaded and renders it in place. Nothing streams late,
 *   so the page is whole with JavaScript off.
 * - First view in the browser: the part stays the server's HTML (React keeps a Suspense boundary
 *   whose code is missing as it is: it works like the JavaScript-off page, a submit is a plain
 *   POST) and its code is fetched at the shopper's first interaction with the page (pointer, key,
 *   focus, wheel), then React hydrates it. What was typed meanwhile stays.
 * - Later renders (client navigation, an error after hydration): they follow an interaction, so
 *   the code is fetched at once (a navigation's islands are fetched with its data: islandsLoader).
 *
 * `load` is a dynamic `import()` of the module, e.g.
 * `island(() => import("./login-form").then((m) => ({ default: m.LoginForm })))`. The module must
 * not be imported statically by the page, or its code ships with the page anyway.
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { lazy, memo, Suspense, type ComponentType } from "react";

type Loaded<P> = { default: ComponentType<P> };
/** An island: the component, plus `preload()` to fetch its code ahead of its first render. */
export type Island<P> = ComponentType<P> & { preload: () => Promise<unknown> };

const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart", "wheel"] as const;
let interacted: Promise<void> | undefined;
/** Resolves `interacted` early: a navigation or fetcher under way (islandsLoader). */
let wake: (() => void) | undefined;

/**
 * Resolves at the shopper's first interaction with the page (at once if a field has focus). Every
 * navigation or fetcher by the shopper starts with one, and one a script starts counts as one
 * (islandsLoader): React holds such an update (a transition in Remix), or shows the parts it
 * reaches empty, until they have hydrated, so nothing is waited for without a fetch under way.
 */
function firstInteraction(): Promise<void> {
  interacted ??= new Promise<void>((resolve) => {
    const go = () => {
      for (const type of INTERACTIONS) document.removeEventListener(type, go, true);
      window.removeEventListener("popstate", go);
      resolve();
    };
    wake = go;
    const focused = document.activeElement;
    if (focused && focused !== document.body && focused !== document.documentElement) return resolve();
    for (const type of INTERACTIONS) document.addEventListener(type, go, { capture: true, passive: true });
    // Back/forward navigates without touching the page.
    window.addEventListener("popstate", go);
  });
  return interacted;
}

export function island<P extends object>(load: () => Promise<Loaded<P>>): Island<P> {
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const fetchModule = () => (loading ??= load().then((m) => (loaded = m)));
  if (typeof document === "undefined") void fetchModule();
  const Lazy = lazy(() => {
    const done = loaded;
    // Already here (always on the server): a thenable that resolves at once, so React renders
    // the part in this pass instead of suspending.
    // oxlint-disable-next-line unicorn/no-thenable -- a thenable is what React.lazy takes
    if (done) return { then: (resolve: (m: Loaded<P>) => void) => resolve(done) } as unknown as Promise<Loaded<P>>;
    // In the browser, at the shopper's first interaction (at once after it). Not "once the page has
    // hydrated": React hydrates a Suspense boundary after the root commits, so the first view's
    // islands asked for their code during page load (tests/e2e/first-view-js.spec.ts). A client
    // navigation's islands are here before it renders (islandsLoader, which also counts as the
    // interaction), and any later render comes after one.
    return typeof document === "undefined" ? fetchModule() : firstInteraction().then(fetchModule);
  });
  const Part = Lazy as unknown as ComponentType<P>;
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }
  // Same props, no update: a part still waiting for its code keeps its server HTML.
  return Object.assign(memo(Island) as unknown as ComponentType<P>, { preload: fetchModule });
}

/**
 * A route's `clientLoader` for a page with islands: on a client navigation (and revalidation) the
 * page's data and its islands' code are fetched together and the page shows only when both are
 * here, so an island is never missing from the new page (a form whose Place order button sits
 * outside it, a gallery's photo). Not run for the first view (no `hydrate`): that is the
 * server's HTML and its data, and the islands wait for the shopper's first interaction.
 *
 *   export const clientLoader = islandsLoader(LoginForm);
 */
export function islandsLoader(...islands: { preload: () => Promise<unknown> }[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    // A navigation or fetcher counts as the first interaction, also when a script started it and
    // not a touch (a form's requestSubmit, a scroll set by code): its update reaches the page's
    // islands still waiting for their code, and React would hold it (or show them empty) until
    // they hydrate, so they must not wait for a touch any more.
    firstInteraction();
    wake?.();
    const [data] = await Promise.all([serverLoader(), ...islands.map((i) => i.preload())]);
    return data;
  };
}
