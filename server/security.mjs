/**
 * Checks the HTTP server makes before Remix sees a request (see docs/architecture.md, "Server"):
 * - who the client is: the socket peer, or X-Forwarded-For only from TRUSTED_PROXIES;
 * - CSRF: a state-changing request to the storefront must come from our own origin;
 * - form posts must be forms (urlencoded or multipart with a boundary and a parseable body);
 * - legacy `?_data=` requests, which single-fetch Remix answers wrongly, are refused.
 * Each refusal is a small HTML page with a 4xx status, never a 500.
 */
import net from "node:net";
import { parseSetCookie } from "cookie";

export const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The REST API: bearer tokens and CORS, its own body parsing and errors; none of the checks here apply. */
export const isApiPath = (p) => p === "/api/v1" || p.startsWith("/api/v1/");

/** Largest urlencoded form body (bytes); larger answers 413. */
export const MAX_URLENCODED_BYTES = 1024 * 1024;
/** Largest JSON (or other non-multipart) body the API reads (bytes); larger answers 413. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Largest multipart form body (bytes, images included); larger answers 413. */
export const MAX_MULTIPART_BYTES = 20 * 1024 * 1024;

/** Names Express's "trust proxy" understands: 127.0.0.1/8 and ::1; link-local; private ranges. */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUSTED_PROXIES (comma list of IPs and CIDRs, e.g. "10.0.0.0/8, 192.0.2.7", or the names
 * loopback, linklocal, uniquelocal) as Express's "trust proxy" value, or false when empty.
 * Throws on an entry that is none of these.
 */
export function parseTrustedProxies(raw) {
  const list = String(raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (PROXY_NAMES.has(entry)) continue;
    const [ip, bits, extra] = entry.split("/");
    const family = net.isIP(ip);
    const max = family === 4 ? 32 : 128;
    const ok = family !== 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max));
    if (!ok) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range (e.g. 10.0.0.0/8)`);
  }
  return list.length ? list : false;
}

/** "::ffff:1.2.3.4" (an IPv4 peer on a dual-stack socket) as "1.2.3.4". */
export function normalizeIp(ip) {
  if (!ip) return "unknown";
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1] : ip;
}

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** A small self-contained HTML page (no script, no stylesheet) for refusals made before Remix runs. */
export function sendPage(res, status, title, text, requestId) {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} | BuildMart NG</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937">
<h1>${esc(title)}</h1>
<p>${esc(text)}</p>
<p><a href="/">Go to the home page</a></p>
<p style="color:#6b7280;font-size:.875rem">Reference: <code>${esc(requestId ?? "")}</code></p>
</body></html>`;
  res
    .status(status)
    .set({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src-attr 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    })
    .send(body);
}

const originOf = (value) => {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
};

/**
 * Why a state-changing request looks cross-site, or null when it may go on. Our origins are the
 * request's own (its Host, or X-Forwarded-Host from a trusted proxy; the scheme as Express sees
 * it, so X-Forwarded-Proto counts only from trusted proxies) and PUBLIC_URL's. Browsers send Origin with every POST; older ones send only
 * Sec-Fetch-Site or Referer; a request with none of the three is not from a browser form.
 */
export function crossSiteReason(req, publicOrigin) {
  const own = new Set([originOf(`${req.protocol}://${req.get("host")}`), publicOrigin]);
  // Behind a trusted proxy that rewrites Host, the public host is in X-Forwarded-Host.
  const forwardedHost = req.get("x-forwarded-host")?.split(",")[0].trim();
  if (forwardedHost && req.app?.get("trust proxy fn")?.(req.socket?.remoteAddress ?? "", 0)) own.add(originOf(`${req.protocol}://${forwardedHost}`));
  own.delete(null);
  const origin = req.get("origin");
  if (origin !== undefined) return own.has(originOf(origin)) ? null : `Origin ${origin.slice(0, 200)}`;
  const site = req.get("sec-fetch-site");
  if (site !== undefined) return site === "cross-site" ? "Sec-Fetch-Site: cross-site" : null;
  const referer = req.get("referer");
  if (referer !== undefined) return own.has(originOf(referer)) ? null : "Referer from another origin";
  return null;
}

/** Express middleware: 403 for a cross-site POST/PUT/PATCH/DELETE outside /api/v1. */
export function csrfGuard({ publicOrigin, log }) {
  return (req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method) || isApiPath(req.path)) return next();
    const reason = crossSiteReason(req, publicOrigin);
    if (!reason) return next();
    log().warn({ requestId: res.locals.context?.requestId, method: req.method, path: req.path, reason }, "cross-site request refused");
    sendPage(res, 403, "This form came from another site", "For your safety we only accept forms sent from BuildMart NG's own pages. Nothing was changed. Please go back and try again from our site.", res.locals.context?.requestId);
  };
}

/**
 * Express middleware: single-fetch Remix answers legacy `?_data=` requests wrongly (a 4xx from an
 * action becomes a 500 or an empty 200), and our client never sends them: 400 before Remix.
 */
export function legacyDataGuard() {
  return (req, res, next) => {
    // The same test as Remix's: URLSearchParams decodes the name (%5Fdata counts).
    if (!new URL(req.originalUrl, "http://localhost").searchParams.has("_data")) return next();
    if (isApiPath(req.path)) {
      return res.status(400).json({ detail: "The _data query parameter is not supported." });
    }
    sendPage(res, 400, "Bad request", "This address uses an old data format that this site no longer answers.", res.locals.context?.requestId);
  };
}

/** The media type of a Content-Type value, lower-case, and its boundary parameter. */
export function parseContentType(value) {
  if (!value) return { type: "", boundary: null };
  const [type, ...params] = value.split(";");
  let boundary = null;
  for (const p of params) {
    const m = /^\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s";]{1,70}))\s*$/i.exec(p);
    if (m) boundary = m[1] ?? m[2];
  }
  return { type: type.trim().toLowerCase(), boundary };
}

/** Most bytes of a refused body discarded before the connection is cut. */
export const MAX_DRAIN_BYTES = MAX_MULTIPART_BYTES;

/**
 * After a 413 sent without reading the whole body: Node discards what is left of it once the
 * answer is out (so the client, still sending, gets the 413 rather than a reset, and a
 * keep-alive connection stays usable), but never more than MAX_DRAIN_BYTES: past that the
 * connection is cut. Nothing discarded is kept in memory.
 */
export function drainAtMost(req, res) {
  res.once("finish", () => {
    let seen = 0;
    const count = (chunk) => {
      seen += chunk.length;
      if (seen > MAX_DRAIN_BYTES) {
        req.off("data", count);
        req.socket?.destroy();
      }
    };
    req.on("data", count);
    req.resume();
  });
}

/**
 * The body's bytes, or null as soon as more than `limit` bytes arrived (the rest is not read:
 * the caller answers 413 and closes the connection). Throws when the stream fails.
 */
export async function readBody(req, limit) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Express middleware for POST/PUT/PATCH/DELETE outside /api/v1: the body must be a form.
 * 415 for any other content type (JSON, text, none) and for multipart without a boundary;
 * 413 over the size limits; 400 for a multipart body that does not parse. The checked body is
 * kept in `req.formBody` for the Remix handler (the stream has been read).
 */
export function formBodyGuard() {
  return async (req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method) || isApiPath(req.path)) return next();
    const requestId = res.locals.context?.requestId;
    const { type, boundary } = parseContentType(req.get("content-type"));
    const length = Number(req.get("content-length") ?? NaN);
    const tooLarge = () => {
      drainAtMost(req, res);
      sendPage(res, 413, "Form too large", "The form you sent is too large.", requestId);
    };
    if (type === "application/x-www-form-urlencoded") {
      if (length > MAX_URLENCODED_BYTES) return tooLarge();
      // Read here too, so a chunked body without Content-Length meets the same limit.
      const body = await readBody(req, MAX_URLENCODED_BYTES).catch(() => undefined);
      if (body === undefined) return sendPage(res, 400, "Bad request", "The form you sent could not be read.", requestId);
      if (body === null) return tooLarge();
      req.formBody = body;
      return next();
    }
    if (type === "multipart/form-data" && boundary) {
      if (length > MAX_MULTIPART_BYTES) return tooLarge();
      try {
        const body = await readBody(req, MAX_MULTIPART_BYTES);
        if (!body) return tooLarge();
        await new Response(body, { headers: { "Content-Type": req.get("content-type") } }).formData();
        req.formBody = body;
        return next();
      } catch {
        return sendPage(res, 400, "Bad request", "The form you sent could not be read.", requestId);
      }
    }
    const what = type === "multipart/form-data" ? "a multipart form without a boundary" : type ? `"${type.slice(0, 100)}"` : "no content type";
    sendPage(res, 415, "Unsupported form", `This address takes HTML forms (application/x-www-form-urlencoded or multipart/form-data), not ${what}.`, requestId);
  };
}

/** Headers on the API's own refusals made here (the router adds the same to its answers). */
const API_REFUSAL_HEADERS = { "Access-Control-Allow-Origin": "*", Vary: "Origin", "Cache-Control": "no-store" };

/**
 * Express middleware for POST/PUT/PATCH/DELETE under /api/v1: the body is read here, before any
 * route or access check runs, at most MAX_MULTIPART_BYTES for multipart/form-data and
 * MAX_JSON_BYTES for anything else (JSON, urlencoded forms). A Content-Length over the limit is
 * refused at once; a chunked body is counted as it arrives. Over the limit: 413 (see
 * drainAtMost for the unread rest). A body within the limit is read whole, so
 * a refusal the API makes afterwards (401, 404…) leaves the keep-alive connection usable. The
 * bytes are kept in `req.formBody`, replayed to Remix like a form's.
 */
export function apiBodyGuard() {
  return async (req, res, next) => {
    if (!UNSAFE_METHODS.has(req.method) || !isApiPath(req.path)) return next();
    const { type } = parseContentType(req.get("content-type"));
    const limit = type === "multipart/form-data" ? MAX_MULTIPART_BYTES : MAX_JSON_BYTES;
    const tooLarge = () => {
      drainAtMost(req, res);
      res
        .status(413)
        .set(API_REFUSAL_HEADERS)
        .json({ detail: `Request body too large: at most ${limit / (1024 * 1024)} MB.` });
    };
    const length = Number(req.get("content-length") ?? NaN);
    if (length > limit) return tooLarge();
    let body;
    try {
      body = await readBody(req, limit);
    } catch {
      return res.status(400).set({ ...API_REFUSAL_HEADERS, Connection: "close" }).json({ detail: "The request body could not be read." });
    }
    if (body === null) return tooLarge();
    req.formBody = body;
    next();
  };
}

/**
 * Express middleware: headers on every answer, static files, health checks and refusals included:
 * `X-Content-Type-Options: nosniff`, and `Strict-Transport-Security` when the site's public
 * address (PUBLIC_URL) is https.
 */
export function securityHeaders({ publicUrl }) {
  const hsts = typeof publicUrl === "string" && /^https:\/\//i.test(publicUrl.trim());
  return (req, res, next) => {
    // Read now: by the time the head goes out the socket may be gone (req.secure reads it).
    const secure = req.secure;
    // Set as the head goes out, unless the answer set its own (Remix appends its headers, so
    // setting them first would send them twice).
    const writeHead = res.writeHead;
    res.writeHead = function withSecurityHeaders(...args) {
      if (!res.hasHeader("X-Content-Type-Options")) res.setHeader("X-Content-Type-Options", "nosniff");
      if (hsts && !res.hasHeader("Strict-Transport-Security")) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      // Over https (TLS here, or X-Forwarded-Proto: https from a TRUSTED_PROXIES address, which
      // is what req.secure says with Express's "trust proxy"), every cookie is Secure.
      if (secure) {
        const cookies = res.getHeader("Set-Cookie");
        if (cookies) res.setHeader("Set-Cookie", [].concat(cookies).map(withSecure));
      }
      return writeHead.apply(this, args);
    };
    next();
  };
}

/**
 * Express middleware: a storefront path whose decoded form holds a control character or a
 * backslash ("/%09/x%2F", "/%5C/a.b") is no page of ours. Browsers and URL parsers read such a
 * path as "//host" (another site), and the router's own URL parsing throws on it: 404 here,
 * before Remix.
 */
export function oddPathGuard() {
  return (req, res, next) => {
    if (isApiPath(req.path)) return next();
    let decoded;
    try {
      decoded = decodeURIComponent(req.path);
    } catch {
      return next(); // malformed %-escapes: Express's own 400 (see the error handler)
    }
    // eslint-disable-next-line no-control-regex
    if (!/[\u0000-\u001f\u007f\\]/.test(decoded)) return next();
    sendPage(res, 404, "Page not found", "There is no page at this address. Check the link and try again.", res.locals.context?.requestId);
  };
}

/** A Set-Cookie value with the Secure attribute (added once). */
export function withSecure(cookie) {
  const value = String(cookie);
  return parseSetCookie(value).secure ? value : `${value}; Secure`;
}
