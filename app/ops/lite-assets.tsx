/**
 * What a lite page (app/storefront/lite.ts) carries inside its HTML instead of fetching: the
 * stylesheet's text and its LCP image as a `data:` URI, so nothing render-blocking and nothing on
 * a second connection stands between the HTML and the largest paint. entry.server.tsx provides
 * it (~/ops/lite-assets.server.ts); in the browser there is none (lite pages run no script, and
 * full pages link the stylesheet and load images by URL as usual).
 */
import { createContext, useContext } from "react";

export interface LiteAssets {
  /** The stylesheet's text, or null when it cannot be read (the page links it instead). */
  css: string | null;
  /**
   * The image at `src` as a `data:` URI when it is small enough, else undefined (use `src`).
   * On the server it may suspend the render once per image while the bytes are read.
   */
  image(src: string): string | undefined;
}

const LiteAssetsContext = createContext<LiteAssets | null>(null);

export const LiteAssetsProvider = LiteAssetsContext.Provider;

export const useLiteAssets = () => useContext(LiteAssetsContext);
