/**
 * Patches of Remix 2.17.5's classic compiler, applied when remix.config.js loads this file (before
 * the build starts). Each replaces one exported esbuild plugin factory of @remix-run/dev with a
 * wrapper; if the module or the export is not there, it does nothing and the build works without
 * it. Off-switches (build time): SHAKE_SERVER_STUBS=off, COMPILE_HINTS=off.
 * tests/unit/framework-patches.test.ts fails when @remix-run/dev changes under them.
 * When they can go: with the move to Vite / React Router 7 (Vite's build has no empty-module
 * stubs, and compile hints can be a small Rollup `renderChunk` plugin instead of a patch).
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

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
  const plugins = require("@remix-run/dev/dist/compiler/plugins/emptyModules.js");
  const original = plugins.emptyModulesPlugin;
  if (process.env.SHAKE_SERVER_STUBS !== "off" && typeof original === "function" && !original.sideEffectFree) {
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
 * V8 explicit compile hints in the browser build: every output script of 4 KB or more starts with
 * the magic comment `//# allFunctionsCalledOnLoad`, so Chromium (136+) compiles all of its
 * functions while the module streams in, on a background thread, instead of lazily on the main
 * thread the first time each one runs. Without it, evaluating the framework chunk (react-dom's
 * module body) was one main-thread task of ~13 ms CPU, mostly compiling, and hydration compiled
 * ~30 ms more on the main thread, which Lighthouse's 4x CPU counts as blocking time; with it, ~3 ms
 * and ~1 ms (`npm run bench:lighthouse`). Smaller files (most chunks) have too little to
 * compile to be worth their share of the first view's 100 KB (the line costs ~27 bytes gzipped).
 * Other browsers ignore the comment. The line is added when the build ends (esbuild lets an
 * `onEnd` callback change the output files; a source map gets one more empty line). It rides on
 * the plugin that polyfills Node built-ins, which only the browser build has; if that plugin's
 * shape changes this does nothing (the build works, without hints; tests/e2e/hydration.spec.ts
 * checks the framework chunk has them).
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const COMPILE_HINT_MIN_BYTES = 4096;
try {
  const plugins = require("@remix-run/dev/dist/compiler/js/plugins/browserNodeBuiltinsPolyfill.js");
  const original = plugins.browserNodeBuiltinsPolyfillPlugin;
  if (process.env.COMPILE_HINTS !== "off" && typeof original === "function" && !original.compileHints) {
    const file = (path, contents) => ({
      path,
      contents,
      get text() {
        return new TextDecoder().decode(contents);
      },
    });
    const patched = (...args) => {
      const plugin = original(...args);
      return {
        ...plugin,
        setup(build) {
          build.onEnd((result) => {
            const files = result.outputFiles ?? [];
            for (const [i, f] of files.entries()) {
              if (!/\.m?js$/.test(f.path) || f.contents.length < COMPILE_HINT_MIN_BYTES) continue;
              const text = f.text;
              if (text.startsWith(COMPILE_HINT)) continue;
              files[i] = file(f.path, new TextEncoder().encode(COMPILE_HINT + text));
              const m = files.findIndex((g) => g.path === `${f.path}.map`);
              if (m >= 0) {
                const map = JSON.parse(files[m].text);
                map.mappings = `;${map.mappings}`;
                files[m] = file(files[m].path, new TextEncoder().encode(JSON.stringify(map)));
              }
            }
          });
          return plugin.setup(build);
        },
      };
    };
    patched.compileHints = true;
    plugins.browserNodeBuiltinsPolyfillPlugin = patched;
  }
} catch {
  /* another @remix-run/dev layout: no compile hints */
}
