/**
 * Demo images drawn at seed time as SVG (no downloads): product tiles with a category icon and the
 * product's short name, store logos and banners, and the "No image" placeholder. Each file is
 * stored as an original through the storage interface and indexed in the `images` table; the
 * media route rasterises originals to WebP variants on demand.
 */
import type { Queryable } from "~/db/client.server";
import { getStorage } from "~/integrations/storage.server";
import type { IconKind } from "./catalog-data";
import { drawKind } from "./drawings";
import type { ProductKind } from "./kinds";

export interface SvgImage {
  key: string;
  svg: string;
  width: number;
  height: number;
}

export const PLACEHOLDER_KEY = "static/no-image.svg";

const FONT = "sans-serif";

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string);
}

/** The product name without parenthetical notes and unit suffixes, e.g. "Dangote 3X Cement 42.5R". */
export function shortName(name: string): string {
  let s = name.replace(/\s*\([^)]*\)/g, "").trim();
  // "Dangote 3X Cement 42.5R, 50 kg bag" -> keep the part before the first comma when it is long enough
  const comma = s.indexOf(",");
  if (comma > 12) {
    const rest = s.slice(comma + 1).trim();
    // keep a short distinguishing variant such as a colour ("..., Brick Red")
    s = rest.length <= 16 && !/\d/.test(rest) ? `${s.slice(0, comma)} – ${rest}` : s.slice(0, comma);
  }
  return s.replace(/\s+/g, " ");
}

/** Greedy word wrap to at most `maxLines` lines of about `width` characters; the last line gets an ellipsis if cut. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w.length > width ? `${w.slice(0, width - 1)}…` : w));
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    const next = line ? `${line} ${w}` : w;
    if (next.length <= width || !line) line = next;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1];
  if (last.length > width - 1) last = last.slice(0, Math.max(1, last.lastIndexOf(" ")));
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

/** An icon drawn in a 300 x 300 box. */
function icon(kind: IconKind, accent: string): string {
  const light = "#fafaf9";
  const dark = "#1f2937";
  switch (kind) {
    case "cement":
      return `
  <path d="M45 40 Q150 18 255 40 L272 262 Q150 284 28 262 Z" fill="${light}"/>
  <path d="M45 40 L30 20 M255 40 L270 20" stroke="${light}" stroke-width="10" stroke-linecap="round"/>
  <rect x="36" y="112" width="228" height="70" fill="${accent}"/>
  <text x="150" y="160" font-family="${FONT}" font-size="40" font-weight="700" fill="${light}" text-anchor="middle">50 kg</text>
  <line x1="60" y1="80" x2="240" y2="80" stroke="${accent}" stroke-width="6" stroke-dasharray="10 8"/>
  <line x1="58" y1="220" x2="242" y2="220" stroke="${accent}" stroke-width="6" stroke-dasharray="10 8"/>`;
    case "roof":
      return `
  <rect x="205" y="30" width="30" height="70" fill="${dark}"/>
  <polygon points="150,15 292,140 8,140" fill="${accent}"/>
  <rect x="48" y="140" width="204" height="140" fill="${light}"/>
  <rect x="126" y="196" width="48" height="84" fill="${accent}"/>
  <rect x="70" y="170" width="38" height="38" fill="${dark}" opacity="0.7"/>
  <rect x="192" y="170" width="38" height="38" fill="${dark}" opacity="0.7"/>
  <g transform="translate(238 200) rotate(-35)">
    <rect x="-6" y="0" width="12" height="78" rx="4" fill="${dark}"/>
    <rect x="-26" y="-14" width="52" height="20" rx="4" fill="#9ca3af"/>
  </g>`;
    case "bulb":
      return `
  <circle cx="150" cy="120" r="88" fill="#fde68a"/>
  <path d="M112 190 Q150 215 188 190 L182 228 L118 228 Z" fill="#fde68a"/>
  <rect x="114" y="228" width="72" height="16" rx="4" fill="#d4d4d8"/>
  <rect x="118" y="246" width="64" height="14" rx="4" fill="#a1a1aa"/>
  <rect x="128" y="262" width="44" height="14" rx="6" fill="#71717a"/>
  <path d="M128 180 L140 120 L150 140 L160 120 L172 180" fill="none" stroke="${accent}" stroke-width="7" stroke-linejoin="round"/>
  <g stroke="${light}" stroke-width="9" stroke-linecap="round">
    <line x1="150" y1="4" x2="150" y2="22"/><line x1="32" y1="120" x2="50" y2="120"/><line x1="250" y1="120" x2="268" y2="120"/>
    <line x1="66" y1="36" x2="79" y2="49"/><line x1="234" y1="36" x2="221" y2="49"/>
  </g>`;
    case "truck":
      return `
  <rect x="8" y="80" width="184" height="130" rx="8" fill="${light}"/>
  <rect x="24" y="96" width="152" height="14" fill="${accent}" opacity="0.6"/>
  <path d="M196 118 L252 118 L290 168 L290 210 L196 210 Z" fill="${accent}"/>
  <path d="M208 130 L246 130 L272 166 L208 166 Z" fill="#bfdbfe"/>
  <rect x="0" y="210" width="296" height="16" fill="${dark}"/>
  <circle cx="70" cy="236" r="32" fill="${dark}"/><circle cx="70" cy="236" r="12" fill="#d1d5db"/>
  <circle cx="236" cy="236" r="32" fill="${dark}"/><circle cx="236" cy="236" r="12" fill="#d1d5db"/>`;
    case "pot":
      return `
  <path d="M110 60 Q95 35 112 14 M150 60 Q135 35 152 14 M190 60 Q175 35 192 14" fill="none" stroke="${light}" stroke-width="8" stroke-linecap="round" opacity="0.8"/>
  <rect x="8" y="138" width="50" height="22" rx="10" fill="${dark}"/>
  <rect x="242" y="138" width="50" height="22" rx="10" fill="${dark}"/>
  <path d="M46 110 L254 110 L254 232 Q254 268 218 268 L82 268 Q46 268 46 232 Z" fill="${light}"/>
  <rect x="46" y="150" width="208" height="22" fill="${accent}"/>
  <ellipse cx="150" cy="106" rx="116" ry="22" fill="#d6d3d1"/>
  <circle cx="150" cy="80" r="14" fill="${dark}"/>`;
    case "sofa":
      return `
  <rect x="44" y="70" width="212" height="110" rx="24" fill="${light}"/>
  <rect x="30" y="160" width="240" height="64" rx="16" fill="${accent}"/>
  <rect x="60" y="150" width="88" height="30" rx="10" fill="${light}" opacity="0.9"/>
  <rect x="152" y="150" width="88" height="30" rx="10" fill="${light}" opacity="0.9"/>
  <rect x="6" y="118" width="52" height="118" rx="22" fill="${light}"/>
  <rect x="242" y="118" width="52" height="118" rx="22" fill="${light}"/>
  <rect x="30" y="236" width="16" height="30" rx="4" fill="${dark}"/>
  <rect x="254" y="236" width="16" height="30" rx="4" fill="${dark}"/>`;
  }
}

const ACCENTS: Record<IconKind, string> = {
  cement: "#f59e0b",
  roof: "#dc2626",
  bulb: "#f97316",
  truck: "#facc15",
  pot: "#ef4444",
  sofa: "#14b8a6",
};

/**
 * An 800 x 800 product tile: a drawing of what the product is (its `kind`, ./kinds.ts) over its
 * short name. `n` (1-4) varies the colour, drawing size and decoration so a product's gallery
 * images are not identical; `seed` varies products of the same category; `icon` (the root
 * category's) gives the accent colour.
 */
export function productSvg(opts: {
  name: string;
  icon: IconKind;
  kind: ProductKind;
  palette: string[];
  seed: number;
  n: number;
}): string {
  const { palette, n } = opts;
  const bg = palette[(opts.seed + n - 1) % palette.length];
  const accent = ACCENTS[opts.icon];
  const scale = [1, 1.18, 0.9, 1.06][(n - 1) % 4];
  const tx = 400 - 150 * scale;
  const ty = 270 - 150 * scale;
  const lines = wrapText(shortName(opts.name), 22, 3);
  const fontSize = lines.some((l) => l.length > 19) ? 46 : 52;
  const lineH = fontSize * 1.22;
  const textTop = 560 + (3 - lines.length) * (lineH / 2);
  const deco = [
    `<circle cx="690" cy="110" r="150" fill="#ffffff" opacity="0.07"/><circle cx="90" cy="480" r="90" fill="#ffffff" opacity="0.05"/>`,
    `<circle cx="110" cy="120" r="170" fill="#ffffff" opacity="0.07"/><circle cx="720" cy="470" r="70" fill="#ffffff" opacity="0.06"/>`,
    `<rect x="-100" y="380" width="1000" height="120" fill="#ffffff" opacity="0.05" transform="rotate(-12 400 440)"/>`,
    `<circle cx="400" cy="270" r="235" fill="#ffffff" opacity="0.08"/>`,
  ][(opts.seed + n) % 4];
  const text = lines
    .map(
      (l, i) =>
        `<text x="400" y="${Math.round(textTop + i * lineH)}" font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(l)}</text>`,
    )
    .join("\n  ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${bg}"/>
  ${deco}
  <g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${scale})">${drawKind(opts.kind, accent, opts.name)}
  </g>
  ${text}
</svg>
`;
}

function initials(name: string): string {
  const words = name.replace(/[^A-Za-z ]/g, " ").split(/\s+/).filter((w) => w && w !== "and");
  return (words[0]?.[0] ?? "S") + (words[1]?.[0] ?? "");
}

/** A 400 x 400 store logo: the store's initials in a circle. */
export function storeLogoSvg(store: { name: string; colour: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="#ffffff"/>
  <circle cx="200" cy="200" r="180" fill="${store.colour}"/>
  <circle cx="200" cy="200" r="150" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.6"/>
  <text x="200" y="238" font-family="${FONT}" font-size="120" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(initials(store.name).toUpperCase())}</text>
</svg>
`;
}

/** A 1600 x 400 store banner with the store's name, tagline and city. */
export function storeBannerSvg(store: { name: string; colour: string; tagline: string; city: string }, kind: IconKind): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
  <rect width="1600" height="400" fill="${store.colour}"/>
  <circle cx="1450" cy="60" r="260" fill="#ffffff" opacity="0.08"/>
  <circle cx="1180" cy="420" r="160" fill="#ffffff" opacity="0.06"/>
  <g transform="translate(1180 60) scale(0.95)">${icon(kind, ACCENTS[kind])}
  </g>
  <text x="90" y="170" font-family="${FONT}" font-size="78" font-weight="700" fill="#ffffff">${escapeXml(store.name)}</text>
  <text x="92" y="240" font-family="${FONT}" font-size="38" fill="#ffffff" opacity="0.9">${escapeXml(store.tagline)}</text>
  <text x="92" y="310" font-family="${FONT}" font-size="30" fill="#ffffff" opacity="0.75">${escapeXml(store.city)}, Nigeria</text>
</svg>
`;
}

/** The neutral grey "No image" tile used when a product has no photos. */
export function noImageSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="#e5e7eb"/>
  <rect x="250" y="230" width="300" height="230" rx="24" fill="none" stroke="#9ca3af" stroke-width="16"/>
  <circle cx="330" cy="300" r="30" fill="#9ca3af"/>
  <path d="M266 444 L360 350 L420 410 L470 360 L534 444 Z" fill="#9ca3af"/>
  <text x="400" y="560" font-family="${FONT}" font-size="52" font-weight="700" fill="#6b7280" text-anchor="middle">No image</text>
</svg>
`;
}

/** Writes the SVGs through the storage interface (a few at a time) and upserts their `images` rows. */
export async function storeSvgImages(q: Queryable, images: SvgImage[], concurrency = 24): Promise<void> {
  if (images.length === 0) return;
  const storage = getStorage();
  const encoder = new TextEncoder();
  const rows: Array<{ key: string; content_type: string; width: number; height: number; bytes: number }> = [];
  let next = 0;
  const worker = async () => {
    while (next < images.length) {
      const img = images[next++];
      const bytes = encoder.encode(img.svg);
      await storage.put(img.key, bytes, "image/svg+xml");
      rows.push({ key: img.key, content_type: "image/svg+xml", width: img.width, height: img.height, bytes: bytes.byteLength });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, images.length) }, worker));
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let i = 0; i < rows.length; i += 2000) {
    await q.query(
      `INSERT INTO images (key, content_type, width, height, bytes)
       SELECT key, content_type, width, height, bytes
         FROM jsonb_to_recordset($1::jsonb) AS x(key text, content_type text, width int, height int, bytes int)
       ON CONFLICT (key) DO UPDATE SET content_type = EXCLUDED.content_type, width = EXCLUDED.width,
         height = EXCLUDED.height, bytes = EXCLUDED.bytes`,
      [JSON.stringify(rows.slice(i, i + 2000))],
    );
  }
}
