/**
 * Redirect targets from forms and query strings (redirectTo): only same-origin paths, judged the
 * way a browser reads them. Browsers drop ASCII tab/CR/LF anywhere in a URL and treat "\" as "/"
 * in http(s) URLs, so "/\t/evil.example" and "/\\evil.example" both mean "//evil.example", which
 * is another host. The path is also judged decoded: "/%09/evil.example%2F" is a local path to
 * us, but a server (or proxy) that decodes it before redirecting again turns it into
 * "/\t/evil.example/", which a browser reads as another host; so a path whose decoded form
 * holds a control character, a backslash or "//" is refused. Pure: used by the server and by unit tests.
 */
const DUMMY_ORIGIN = "http://redirect.invalid";

/** A same-origin path ("/x?y#z"), or `fallback` for anything that could leave the site or break a Location header. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to) return fallback;
  // Control characters (NUL, C0, DEL) other than the tab/CR/LF a browser strips: refuse outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(to)) return fallback;
  const cleaned = to.replace(/[\t\n\r]/g, "").replace(/\\/g, "/");
  if (!cleaned.startsWith("/") || cleaned.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(cleaned, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback;
  // The resolved URL is percent-encoded (non-Latin-1, spaces, quotes): always a valid Location.
  const out = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse to "//host" ("/.//host"): that would leave the site again.
  if (out.startsWith("//")) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F\\]/.test(decoded) || decoded.includes("//")) return fallback;
  return out;
}
