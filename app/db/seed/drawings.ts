/**
 * One simple drawing per product kind (./kinds.ts), in a 300 x 300 box, for the seed's product
 * tiles: a roofing sheet is a corrugated sheet, iron rods are a bundle of ribbed bars, a cement
 * bag shows its weight. Flat shapes only, so a tile stays a few kilobytes and rasterises fast.
 */
import type { ProductKind } from "./kinds";

const L = "#fafaf9";
const D = "#1f2937";
const G = "#9ca3af";
const S = "#d6d3d1";
const FONT = "sans-serif";

/** The weight printed on a sack: "50 kg" from the product's name, else none. */
function sackLabel(name: string): string {
  const m = /(\d+(?:\.\d+)?)\s*kg/i.exec(name);
  return m ? `${m[1]} kg` : "";
}

function repeat(n: number, f: (i: number) => string): string {
  return Array.from({ length: n }, (_, i) => f(i)).join("");
}

/** A colour the product's name gives ("Brick Red", "Charcoal Grey"), which its drawing wears. */
const NAMED_COLOURS: Array<[RegExp, string]> = [
  [/brick red|dumbbell red|\bred\b|wine/i, "#b91c1c"],
  [/charcoal|dark slate|black/i, "#374151"],
  [/forest green|\bgreen\b/i, "#15803d"],
  [/ocean blue|sky blue|\bblue\b/i, "#2563eb"],
  [/\bgrey\b|soft grey|zigzag grey/i, "#9ca3af"],
  [/white|ivory|magnolia|cream|beige/i, "#f5f5f4"],
];

export function nameColour(name: string): string | null {
  for (const [re, colour] of NAMED_COLOURS) if (re.test(name)) return colour;
  return null;
}

export function drawKind(kind: ProductKind, accent: string, name: string): string {
  const A = nameColour(name) ?? accent;
  switch (kind) {
    case "sack": {
      const label = sackLabel(name);
      return `<path d="M45 40 Q150 18 255 40 L272 262 Q150 284 28 262 Z" fill="${L}"/>
  <path d="M45 40 L30 20 M255 40 L270 20" stroke="${L}" stroke-width="10" stroke-linecap="round"/>
  <rect x="36" y="112" width="228" height="70" fill="${A}"/>
  ${label ? `<text x="150" y="160" font-family="${FONT}" font-size="40" font-weight="700" fill="${L}" text-anchor="middle">${label}</text>` : ""}
  <line x1="60" y1="80" x2="240" y2="80" stroke="${A}" stroke-width="6" stroke-dasharray="10 8"/>
  <line x1="58" y1="220" x2="242" y2="220" stroke="${A}" stroke-width="6" stroke-dasharray="10 8"/>`;
    }
    case "pallet":
      return `<rect x="20" y="250" width="260" height="16" fill="#a16207"/><rect x="30" y="266" width="30" height="18" fill="#a16207"/><rect x="135" y="266" width="30" height="18" fill="#a16207"/><rect x="240" y="266" width="30" height="18" fill="#a16207"/>
  ${repeat(3, (r) => repeat(3, (c) => `<rect x="${28 + c * 82}" y="${178 - r * 68}" width="80" height="66" rx="12" fill="${L}" stroke="${A}" stroke-width="4"/><rect x="${28 + c * 82}" y="${203 - r * 68}" width="80" height="16" fill="${A}"/>`))}`;
    case "sand":
    case "granite": {
      const fill = kind === "sand" ? "#e7c27d" : "#9ca3af";
      const dots =
        kind === "sand"
          ? repeat(24, (i) => `<circle cx="${60 + ((i * 37) % 180)}" cy="${150 + ((i * 53) % 100)}" r="3" fill="#b45309" opacity="0.5"/>`)
          : repeat(22, (i) => `<polygon points="${60 + ((i * 41) % 180)},${150 + ((i * 29) % 100)} ${72 + ((i * 41) % 180)},${146 + ((i * 29) % 100)} ${70 + ((i * 41) % 180)},${158 + ((i * 29) % 100)}" fill="#4b5563"/>`);
      return `<path d="M10 270 Q70 120 150 95 Q230 120 290 270 Z" fill="${fill}"/>${dots}
  <rect x="10" y="268" width="280" height="12" fill="${D}" opacity="0.5"/>`;
    }
    case "mixer-truck":
      return `<rect x="196" y="130" width="90" height="90" rx="8" fill="${A}"/><rect x="212" y="144" width="56" height="36" fill="#bfdbfe"/>
  <ellipse cx="110" cy="150" rx="98" ry="62" fill="${L}" transform="rotate(-12 110 150)"/>
  <path d="M40 120 L180 175 M55 160 L170 130" stroke="${A}" stroke-width="10"/>
  <rect x="4" y="212" width="290" height="16" fill="${D}"/>
  <circle cx="60" cy="240" r="28" fill="${D}"/><circle cx="140" cy="240" r="28" fill="${D}"/><circle cx="246" cy="240" r="28" fill="${D}"/>`;
    case "drum-mixer":
      return `<ellipse cx="150" cy="120" rx="90" ry="80" fill="${A}" transform="rotate(-25 150 120)"/><ellipse cx="212" cy="80" rx="30" ry="40" fill="${D}" transform="rotate(-25 212 80)"/>
  <path d="M150 190 L110 260 M150 190 L200 260" stroke="${D}" stroke-width="12"/><circle cx="100" cy="266" r="20" fill="${D}"/><circle cx="210" cy="266" r="20" fill="${D}"/>`;
    case "block":
      return `<path d="M30 120 L200 120 L270 80 L100 80 Z" fill="#e5e7eb"/><rect x="30" y="120" width="170" height="130" fill="${S}"/>
  <path d="M200 120 L270 80 L270 210 L200 250 Z" fill="${G}"/>
  <path d="M68 88 L118 88 L96 110 L48 110 Z M150 88 L200 88 L178 110 L130 110 Z" fill="${D}" opacity="0.75"/>`;
    case "paving":
      return `<rect x="20" y="40" width="260" height="220" fill="${G}"/>${repeat(4, (r) =>
        repeat(4, (c) => `<path d="M${28 + c * 64 + (r % 2) * 20} ${48 + r * 54} h44 l-8 22 l8 22 h-44 l8 -22 Z" fill="${r % 2 ? A : "#6b7280"}" stroke="${L}" stroke-width="3"/>`),
      )}`;
    case "jerrycan":
      return `<path d="M70 70 L200 70 L240 110 L240 270 L70 270 Z" fill="${L}"/><rect x="96" y="44" width="60" height="30" rx="6" fill="${A}"/><rect x="170" y="80" width="50" height="30" rx="12" fill="none" stroke="${G}" stroke-width="12"/>
  <rect x="86" y="150" width="140" height="80" fill="${A}"/><text x="156" y="202" font-family="${FONT}" font-size="34" font-weight="700" fill="${L}" text-anchor="middle">5 L</text>`;
    case "roof-sheet": {
      // a corrugated sheet in perspective: ridges running down the sheet, its wavy front edge
      const wave = repeat(10, () => "q12 -22 24 0");
      return `<path d="M60 40 L290 40 L250 230 L20 230 Z" fill="${A}"/>
  ${repeat(10, (i) => `<path d="M${66 + i * 23} 40 L${26 + i * 23} 230" stroke="${L}" stroke-width="6" opacity="0.5"/><path d="M${76 + i * 23} 40 L${36 + i * 23} 230" stroke="${D}" stroke-width="6" opacity="0.3"/>`)}
  <path d="M20 230 ${wave} L260 262 ${repeat(10, () => "q-12 -22 -24 0")} Z" fill="${A}"/>
  <path d="M20 230 ${wave}" fill="none" stroke="${D}" stroke-width="5"/>`;
    }
    case "roof-tile":
      return `<rect x="20" y="40" width="260" height="230" fill="${D}" opacity="0.2"/>${repeat(5, (r) =>
        repeat(5, (c) => `<path d="M${20 + c * 52 + (r % 2) * 26} ${50 + r * 44} q26 -16 52 0 v40 q-26 12 -52 0 Z" fill="${A}" stroke="${D}" stroke-width="3"/>`),
      )}`;
    case "nails":
      return `<rect x="40" y="150" width="220" height="120" fill="#a16207"/><path d="M40 150 L80 110 L300 110 L260 150 Z" fill="#ca8a04"/>
  ${repeat(6, (i) => `<g transform="translate(${70 + i * 30} ${40 + (i % 2) * 12}) rotate(${i * 6 - 15})"><rect x="-4" y="0" width="8" height="110" fill="${G}"/><rect x="-14" y="-6" width="28" height="8" rx="3" fill="${D}"/></g>`)}`;
    case "gutter":
      return `<path d="M20 120 L280 90 L280 130 Q270 170 240 172 L60 192 Q26 192 20 160 Z" fill="${A}"/><path d="M20 120 L280 90" stroke="${L}" stroke-width="6"/>
  <rect x="210" y="172" width="26" height="100" fill="${A}"/><rect x="205" y="262" width="36" height="14" fill="${D}"/>`;
    case "membrane-roll":
      return `<rect x="50" y="80" width="200" height="150" fill="${D}"/><ellipse cx="50" cy="155" rx="30" ry="75" fill="#374151"/><ellipse cx="50" cy="155" rx="10" ry="26" fill="${L}"/>
  <ellipse cx="250" cy="155" rx="30" ry="75" fill="${D}"/><path d="M250 230 L290 280 L120 280 L80 230 Z" fill="#4b5563"/>`;
    case "house":
      return `<rect x="205" y="30" width="30" height="70" fill="${D}"/><polygon points="150,15 292,140 8,140" fill="${A}"/>
  <rect x="48" y="140" width="204" height="140" fill="${L}"/><rect x="126" y="196" width="48" height="84" fill="${A}"/>
  <rect x="70" y="170" width="38" height="38" fill="${D}" opacity="0.7"/><rect x="192" y="170" width="38" height="38" fill="${D}" opacity="0.7"/>`;
    case "truss":
      return `<path d="M10 230 L150 60 L290 230 Z M10 230 L290 230 M150 60 L150 230 M80 145 L150 230 M220 145 L150 230 M80 145 L80 230 M220 145 L220 230" fill="none" stroke="${G}" stroke-width="12" stroke-linejoin="round"/>`;
    case "tiles":
      return repeat(3, (r) => repeat(3, (c) => `<rect x="${22 + c * 88}" y="${22 + r * 88}" width="82" height="82" rx="4" fill="${(r + c) % 2 ? L : A}" opacity="${(r + c) % 2 ? 1 : 0.85}"/>`));
    case "planks":
      return repeat(6, (r) => {
        const cut = 80 + ((r * 70) % 150);
        return `<rect x="20" y="${30 + r * 40}" width="${cut - 24}" height="36" fill="#a16207" opacity="${0.75 + (r % 3) * 0.08}"/><rect x="${cut}" y="${30 + r * 40}" width="${280 - cut}" height="36" fill="#854d0e"/>`;
      });
    case "slab":
      return `<path d="M20 200 L200 240 L290 170 L110 130 Z" fill="#e5e7eb"/><path d="M20 200 L200 240 L200 262 L20 222 Z" fill="${G}"/><path d="M200 240 L290 170 L290 192 L200 262 Z" fill="#6b7280"/>
  <path d="M60 180 Q120 170 150 190 T250 180 M90 150 Q150 160 220 150" stroke="${G}" stroke-width="4" fill="none"/>`;
    case "pipe":
      return repeat(4, (i) => `<g transform="translate(0 ${50 + i * 55})"><rect x="30" y="0" width="240" height="36" fill="${i % 2 ? "#e5e7eb" : L}"/><ellipse cx="270" cy="18" rx="10" ry="18" fill="${G}"/><ellipse cx="270" cy="18" rx="5" ry="11" fill="${D}"/><rect x="30" y="0" width="240" height="6" fill="${L}"/></g>`);
    case "tank":
      return `<path d="M70 70 Q150 40 230 70 L240 250 Q150 280 60 250 Z" fill="${A}"/><ellipse cx="150" cy="62" rx="40" ry="12" fill="${D}"/>
  ${repeat(4, (i) => `<path d="M64 ${110 + i * 36} Q150 ${130 + i * 36} 236 ${110 + i * 36}" stroke="${D}" stroke-width="4" fill="none" opacity="0.3"/>`)}`;
    case "pump":
      return `<circle cx="110" cy="170" r="70" fill="${A}"/><circle cx="110" cy="170" r="24" fill="${D}"/><rect x="170" y="120" width="110" height="100" rx="12" fill="#2563eb"/>
  ${repeat(5, (i) => `<rect x="180" y="${130 + i * 18}" width="90" height="8" fill="${L}" opacity="0.4"/>`)}<rect x="86" y="40" width="48" height="60" fill="${G}"/><rect x="40" y="240" width="220" height="20" fill="${D}"/>`;
    case "toilet":
      return `<rect x="150" y="40" width="110" height="110" rx="12" fill="${L}"/><path d="M40 150 L260 150 Q260 220 190 230 L190 270 L110 270 L110 230 Q40 220 40 150 Z" fill="${L}"/>
  <ellipse cx="150" cy="150" rx="110" ry="20" fill="#e5e7eb"/><rect x="226" y="56" width="20" height="10" rx="4" fill="${G}"/>`;
    case "shower":
      return `<path d="M60 280 L60 60 Q60 30 100 30 L190 30" fill="none" stroke="${G}" stroke-width="16"/><ellipse cx="200" cy="60" rx="60" ry="16" fill="${G}"/>
  ${repeat(7, (i) => `<line x1="${160 + i * 13}" y1="86" x2="${150 + i * 14}" y2="200" stroke="#93c5fd" stroke-width="5" stroke-linecap="round"/>`)}<rect x="40" y="170" width="40" height="30" rx="8" fill="${D}"/>`;
    case "heater":
      return `<rect x="90" y="30" width="120" height="240" rx="56" fill="${L}"/><circle cx="150" cy="120" r="24" fill="${A}"/><rect x="120" y="190" width="60" height="10" rx="5" fill="${G}"/>
  <path d="M125 270 L125 295 M175 270 L175 295" stroke="${G}" stroke-width="10"/>`;
    case "paint":
      return `<path d="M60 90 L240 90 L228 270 L72 270 Z" fill="${L}"/><ellipse cx="150" cy="90" rx="90" ry="20" fill="#e5e7eb"/><ellipse cx="150" cy="90" rx="78" ry="14" fill="${A}"/>
  <path d="M110 90 Q112 140 124 150 Q134 130 132 92" fill="${A}"/><rect x="70" y="160" width="160" height="64" fill="${A}" opacity="0.85"/><path d="M60 90 Q150 10 240 90" fill="none" stroke="${G}" stroke-width="6"/>`;
    case "roller":
      return `<rect x="40" y="50" width="200" height="64" rx="20" fill="${A}"/><path d="M240 82 L270 82 L270 150 L150 150 L150 180" fill="none" stroke="${D}" stroke-width="10"/>
  <rect x="136" y="180" width="28" height="100" rx="10" fill="${D}"/><path d="M40 250 Q120 230 200 260" stroke="${A}" stroke-width="22" fill="none" stroke-linecap="round" opacity="0.6"/>`;
    case "cable":
      return `<circle cx="150" cy="150" r="120" fill="${A}"/>${repeat(6, (i) => `<circle cx="150" cy="150" r="${112 - i * 14}" fill="none" stroke="${D}" stroke-width="3" opacity="0.35"/>`)}
  <circle cx="150" cy="150" r="30" fill="${L}"/><path d="M262 190 Q290 240 250 280" stroke="${A}" stroke-width="14" fill="none"/><rect x="240" y="272" width="22" height="16" fill="#b45309"/>`;
    case "socket":
      return `<rect x="30" y="80" width="240" height="150" rx="16" fill="${L}" stroke="${G}" stroke-width="4"/>
  ${repeat(2, (i) => `<g transform="translate(${70 + i * 110} 110)"><rect x="0" y="0" width="50" height="24" rx="4" fill="${G}"/><rect x="8" y="44" width="8" height="20" fill="${D}"/><rect x="34" y="44" width="8" height="20" fill="${D}"/><rect x="21" y="70" width="8" height="14" fill="${D}"/></g>`)}`;
    case "breaker-board":
      return `<rect x="40" y="40" width="220" height="230" rx="10" fill="${L}" stroke="${G}" stroke-width="4"/><rect x="60" y="100" width="180" height="80" fill="#e5e7eb"/>
  ${repeat(8, (i) => `<rect x="${66 + i * 22}" y="110" width="16" height="60" fill="${D}"/><rect x="${69 + i * 22}" y="${i % 3 ? 120 : 140}" width="10" height="16" fill="${A}"/>`)}<rect x="60" y="200" width="80" height="40" fill="${A}"/>`;
    case "meter":
      return `<rect x="60" y="30" width="180" height="240" rx="14" fill="${L}" stroke="${G}" stroke-width="4"/><rect x="80" y="60" width="140" height="50" fill="#065f46"/>
  <text x="150" y="96" font-family="${FONT}" font-size="30" font-weight="700" fill="#a7f3d0" text-anchor="middle">0452.7</text>
  ${repeat(12, (i) => `<rect x="${88 + (i % 3) * 44}" y="${130 + Math.floor(i / 3) * 30}" width="36" height="22" rx="4" fill="${G}"/>`)}`;
    case "transformer":
      return `<rect x="60" y="100" width="180" height="150" fill="${G}"/>${repeat(8, (i) => `<rect x="${66 + i * 22}" y="110" width="12" height="130" fill="#6b7280"/>`)}
  ${repeat(3, (i) => `<rect x="${92 + i * 50}" y="50" width="16" height="50" fill="#92400e"/><circle cx="${100 + i * 50}" cy="46" r="10" fill="#92400e"/>`)}<rect x="50" y="250" width="200" height="20" fill="${D}"/>`;
    case "door":
      return `<rect x="70" y="20" width="160" height="270" fill="${D}"/><rect x="80" y="30" width="140" height="260" fill="${A}"/>
  <rect x="96" y="48" width="108" height="90" fill="${D}" opacity="0.25"/><rect x="96" y="158" width="108" height="110" fill="${D}" opacity="0.25"/><circle cx="200" cy="160" r="9" fill="#fcd34d"/>`;
    case "glass-door":
      return `<rect x="50" y="20" width="200" height="270" fill="#bfdbfe" opacity="0.8" stroke="${G}" stroke-width="8"/><line x1="150" y1="20" x2="150" y2="290" stroke="${G}" stroke-width="6"/>
  <rect x="128" y="110" width="8" height="90" fill="${G}"/><rect x="164" y="110" width="8" height="90" fill="${G}"/><path d="M70 60 L110 30 M70 110 L140 50" stroke="${L}" stroke-width="6" opacity="0.8"/>`;
    case "window":
      return `<rect x="30" y="40" width="240" height="220" fill="${G}"/><rect x="44" y="54" width="100" height="192" fill="#bfdbfe"/><rect x="156" y="54" width="100" height="192" fill="#93c5fd"/>
  <path d="M60 90 L110 60 M60 140 L130 80" stroke="${L}" stroke-width="6" opacity="0.8"/><rect x="20" y="258" width="260" height="14" fill="${D}"/>`;
    case "lock":
      return `<path d="M95 140 L95 95 Q95 40 150 40 Q205 40 205 95 L205 140" fill="none" stroke="${G}" stroke-width="22"/><rect x="60" y="130" width="180" height="150" rx="16" fill="#d4a017"/>
  <circle cx="150" cy="190" r="18" fill="${D}"/><rect x="143" y="200" width="14" height="40" fill="${D}"/>`;
    case "rods":
      // a bundle of ribbed reinforcing bars, seen from the side, tied with wire
      return `${repeat(7, (i) => `<g transform="translate(0 ${56 + i * 28}) rotate(-8 150 0)"><rect x="10" y="-8" width="280" height="16" rx="8" fill="#d6d3d1"/><rect x="10" y="2" width="280" height="6" rx="3" fill="#78716c"/>${repeat(14, (k) => `<line x1="${22 + k * 19}" y1="-8" x2="${30 + k * 19}" y2="8" stroke="#57534e" stroke-width="3"/>`)}</g>`)}
  <rect x="70" y="40" width="14" height="230" fill="${A}" transform="rotate(-8 77 155)"/><rect x="210" y="22" width="14" height="230" fill="${A}" transform="rotate(-8 217 137)"/>`;
    case "wire-coil":
      return repeat(8, (i) => `<ellipse cx="${150 + (i % 2) * 6}" cy="${150 + (i % 3) * 4}" rx="${120 - i * 6}" ry="${70 - i * 4}" fill="none" stroke="#d6d3d1" stroke-width="6" transform="rotate(${i * 22} 150 150)"/>`);
    case "mesh":
      return `<g transform="rotate(-10 150 150)">${repeat(8, (i) => `<line x1="${30 + i * 34}" y1="30" x2="${30 + i * 34}" y2="270" stroke="#d6d3d1" stroke-width="7"/><line x1="30" y1="${30 + i * 34}" x2="270" y2="${30 + i * 34}" stroke="#e7e5e4" stroke-width="7"/>`)}</g>`;
    case "beam":
      return `<path d="M20 70 L280 40 L280 70 L160 84 L160 200 L280 186 L280 216 L20 246 L20 216 L140 202 L140 86 L20 100 Z" fill="#6b7280" stroke="${D}" stroke-width="4" stroke-linejoin="round"/>`;
    case "wrench":
      return `<g transform="rotate(-45 150 150)"><rect x="130" y="90" width="40" height="200" rx="16" fill="${G}"/><path d="M100 20 L200 20 L200 110 L170 110 L170 60 L130 60 L130 110 L100 110 Z" fill="${G}"/></g>
  <circle cx="230" cy="230" r="40" fill="#60a5fa"/><path d="M230 196 Q250 226 230 250 Q210 226 230 196 Z" fill="${L}"/>`;
    case "bolt":
      return `<circle cx="150" cy="150" r="120" fill="${A}" opacity="0.25"/><polygon points="170,20 70,170 140,170 120,280 230,120 160,120" fill="#facc15" stroke="${D}" stroke-width="6" stroke-linejoin="round"/>`;
    case "trowel":
      return `<polygon points="40,230 200,90 270,200" fill="${G}"/><path d="M200 90 L230 60 L250 40" stroke="${D}" stroke-width="14" stroke-linecap="round"/>
  <rect x="20" y="240" width="120" height="40" fill="#b45309"/><rect x="60" y="250" width="4" height="30" fill="${L}"/><rect x="100" y="240" width="4" height="20" fill="${L}"/>`;
    case "saw":
      return `<path d="M40 200 L230 90 L260 130 L60 240 Z" fill="${G}"/>${repeat(12, (i) => `<polygon points="${60 + i * 16},${238 - i * 9.2} ${68 + i * 16},${252 - i * 9.2} ${76 + i * 16},${229 - i * 9.2}" fill="${G}"/>`)}
  <path d="M220 80 Q260 30 290 80 L270 150 L240 120 Z" fill="#b45309"/>`;
    case "drill":
      return `<rect x="40" y="90" width="170" height="70" rx="20" fill="${A}"/><rect x="210" y="112" width="70" height="26" fill="${G}"/><rect x="90" y="160" width="50" height="110" rx="12" fill="${D}"/>
  <rect x="80" y="260" width="70" height="30" rx="6" fill="${A}"/>`;
    case "ruler":
      return `<rect x="30" y="200" width="240" height="50" fill="#facc15"/>${repeat(12, (i) => `<line x1="${40 + i * 20}" y1="200" x2="${40 + i * 20}" y2="${i % 2 ? 216 : 228}" stroke="${D}" stroke-width="3"/>`)}
  <rect x="40" y="40" width="160" height="130" fill="${L}"/><path d="M60 150 L60 70 L130 70 L130 110 L180 110 L180 150 Z" fill="none" stroke="${A}" stroke-width="6"/><path d="M230 30 L260 60 L180 170 L160 180 L168 158 Z" fill="${D}"/>`;
    case "generator":
      return `<rect x="30" y="60" width="240" height="170" rx="10" fill="${A}"/><rect x="30" y="60" width="240" height="170" rx="10" fill="none" stroke="${D}" stroke-width="12"/>
  <rect x="50" y="90" width="110" height="80" rx="8" fill="${D}" opacity="0.35"/><circle cx="215" cy="130" r="30" fill="${D}" opacity="0.5"/><rect x="190" y="180" width="60" height="24" fill="${L}"/>
  <circle cx="60" cy="256" r="22" fill="${D}"/><circle cx="240" cy="256" r="22" fill="${D}"/>`;
    case "solar-panel":
      return `<path d="M40 60 L270 40 L250 220 L20 240 Z" fill="#1e3a8a"/>${repeat(5, (i) => `<path d="M${86 + i * 46} ${56 - i * 4} L${66 + i * 46} ${236 - i * 4}" stroke="#93c5fd" stroke-width="3"/>`)}${repeat(3, (i) => `<path d="M${35 - i * 5} ${105 + i * 45} L${265 - i * 5} ${85 + i * 45}" stroke="#93c5fd" stroke-width="3"/>`)}
  <path d="M135 235 L135 285 M95 285 L175 285" stroke="${G}" stroke-width="10"/><circle cx="260" cy="30" r="22" fill="#facc15"/>`;
    case "inverter":
      return `<rect x="60" y="30" width="180" height="240" rx="14" fill="${L}"/><rect x="90" y="60" width="120" height="60" rx="6" fill="#0f172a"/>
  <text x="150" y="100" font-family="${FONT}" font-size="26" font-weight="700" fill="#34d399" text-anchor="middle">230V</text>
  <circle cx="110" cy="150" r="8" fill="#22c55e"/><circle cx="140" cy="150" r="8" fill="${A}"/>${repeat(5, (i) => `<rect x="90" y="${190 + i * 14}" width="120" height="6" fill="${G}"/>`)}`;
    case "battery":
      return `<rect x="50" y="80" width="200" height="180" rx="12" fill="${D}"/><rect x="80" y="60" width="36" height="24" fill="#dc2626"/><rect x="184" y="60" width="36" height="24" fill="${G}"/>
  <rect x="70" y="120" width="160" height="60" fill="${A}"/><polygon points="160,128 132,156 150,156 140,176 170,148 152,148" fill="${L}"/>`;
    case "street-light":
      return `<rect x="140" y="100" width="14" height="190" fill="${G}"/><path d="M147 110 L230 80" stroke="${G}" stroke-width="10"/><rect x="190" y="60" width="90" height="30" rx="6" fill="${D}"/>
  <path d="M200 90 L180 170 L290 170 L270 90 Z" fill="#fde68a" opacity="0.5"/><path d="M30 30 L150 10 L140 80 L20 100 Z" fill="#1e3a8a"/>`;
    case "ac":
      return `<rect x="20" y="80" width="260" height="110" rx="24" fill="${L}"/><rect x="40" y="160" width="220" height="12" rx="6" fill="${G}"/><circle cx="250" cy="110" r="6" fill="#22c55e"/>
  ${repeat(3, (i) => `<path d="M${80 + i * 60} 200 Q${70 + i * 60} 230 ${84 + i * 60} 260" stroke="#93c5fd" stroke-width="8" fill="none" stroke-linecap="round"/>`)}`;
    case "fan":
      return `<circle cx="150" cy="110" r="90" fill="none" stroke="${G}" stroke-width="8"/>${repeat(3, (i) => `<ellipse cx="150" cy="70" rx="24" ry="42" fill="${A}" transform="rotate(${i * 120} 150 110)"/>`)}
  <circle cx="150" cy="110" r="16" fill="${D}"/><rect x="144" y="200" width="12" height="70" fill="${G}"/><ellipse cx="150" cy="276" rx="60" ry="14" fill="${D}"/>`;
    case "bulb":
      return `<circle cx="150" cy="120" r="88" fill="#fde68a"/><path d="M112 190 Q150 215 188 190 L182 228 L118 228 Z" fill="#fde68a"/>
  <rect x="114" y="228" width="72" height="16" rx="4" fill="#d4d4d8"/><rect x="118" y="246" width="64" height="14" rx="4" fill="#a1a1aa"/><rect x="128" y="262" width="44" height="14" rx="6" fill="#71717a"/>
  <path d="M128 180 L140 120 L150 140 L160 120 L172 180" fill="none" stroke="${A}" stroke-width="7" stroke-linejoin="round"/>`;
    case "chandelier":
      return `<line x1="150" y1="0" x2="150" y2="80" stroke="#d4a017" stroke-width="6"/><path d="M40 140 Q150 210 260 140" fill="none" stroke="#d4a017" stroke-width="8"/>
  ${repeat(5, (i) => `<rect x="${50 + i * 50 - 6}" y="${100 + (i === 2 ? 30 : i % 4 ? 20 : 0)}" width="12" height="30" fill="${L}"/><ellipse cx="${50 + i * 50}" cy="${94 + (i === 2 ? 30 : i % 4 ? 20 : 0)}" rx="8" ry="12" fill="#fde68a"/><path d="M${50 + i * 50} ${150 + (i === 2 ? 40 : 20)} l-8 20 l8 20 l8 -20 Z" fill="#bfdbfe"/>`)}`;
    case "lantern":
      return `<path d="M110 40 Q150 0 190 40" fill="none" stroke="${G}" stroke-width="10"/><rect x="90" y="40" width="120" height="30" rx="6" fill="${D}"/><rect x="100" y="70" width="100" height="160" fill="#fde68a"/>
  <rect x="100" y="70" width="100" height="160" fill="none" stroke="${D}" stroke-width="8"/><rect x="80" y="230" width="140" height="40" rx="8" fill="${A}"/>`;
    case "floodlight":
      return `<rect x="60" y="60" width="180" height="130" rx="10" fill="${D}"/><rect x="76" y="76" width="148" height="98" fill="#fef9c3"/>${repeat(4, (i) => `<rect x="${76 + i * 37}" y="76" width="3" height="98" fill="#fde68a"/>`)}
  <path d="M100 190 L100 240 L200 240 L200 190" fill="none" stroke="${D}" stroke-width="10"/><rect x="140" y="240" width="20" height="40" fill="${D}"/>`;
    case "cctv":
      return `<rect x="30" y="40" width="30" height="90" fill="${G}"/><path d="M60 80 L110 100" stroke="${G}" stroke-width="14"/>
  <g transform="rotate(18 180 130)"><rect x="90" y="90" width="180" height="80" rx="14" fill="${L}"/><rect x="250" y="100" width="30" height="60" rx="6" fill="${D}"/><circle cx="265" cy="130" r="12" fill="#1e3a8a"/></g><circle cx="120" cy="120" r="6" fill="#dc2626"/>`;
    case "intercom":
      return `<rect x="50" y="40" width="200" height="150" rx="12" fill="${D}"/><rect x="66" y="56" width="168" height="108" fill="#60a5fa"/><circle cx="150" cy="100" r="24" fill="${L}" opacity="0.8"/><path d="M110 164 Q150 120 190 164" fill="${L}" opacity="0.8"/>
  <rect x="100" y="210" width="100" height="70" rx="10" fill="${G}"/><circle cx="150" cy="245" r="14" fill="${D}"/>`;
    case "fence":
      return `<rect x="20" y="170" width="260" height="110" fill="#d6d3d1"/>${repeat(5, (i) => `<rect x="${30 + i * 60}" y="40" width="10" height="140" fill="${G}"/>`)}
  ${repeat(5, (i) => `<line x1="30" y1="${60 + i * 24}" x2="280" y2="${60 + i * 24}" stroke="${D}" stroke-width="3"/>`)}<polygon points="230,20 205,70 225,70 212,110 250,55 228,55" fill="#facc15"/>`;
    case "gate":
      return `<rect x="20" y="60" width="20" height="220" fill="${D}"/><rect x="260" y="60" width="20" height="220" fill="${D}"/><rect x="40" y="90" width="220" height="170" fill="none" stroke="${A}" stroke-width="10"/>
  ${repeat(9, (i) => `<rect x="${52 + i * 23}" y="90" width="8" height="170" fill="${A}"/>`)}<rect x="200" y="250" width="60" height="30" rx="4" fill="${G}"/>`;
    case "truck":
      return `<rect x="8" y="80" width="184" height="130" rx="8" fill="${L}"/><rect x="24" y="96" width="152" height="14" fill="${A}" opacity="0.6"/>
  <path d="M196 118 L252 118 L290 168 L290 210 L196 210 Z" fill="${A}"/><path d="M208 130 L246 130 L272 166 L208 166 Z" fill="#bfdbfe"/>
  <rect x="0" y="210" width="296" height="16" fill="${D}"/><circle cx="70" cy="236" r="32" fill="${D}"/><circle cx="70" cy="236" r="12" fill="#d1d5db"/>
  <circle cx="236" cy="236" r="32" fill="${D}"/><circle cx="236" cy="236" r="12" fill="#d1d5db"/>`;
    case "tipper":
      return `<path d="M10 80 L190 120 L180 210 L20 210 Z" fill="${A}"/><path d="M20 100 Q80 70 180 120 L180 130 L20 110 Z" fill="#e7c27d"/>
  <path d="M196 118 L252 118 L290 168 L290 210 L196 210 Z" fill="${L}"/><path d="M208 130 L246 130 L272 166 L208 166 Z" fill="#bfdbfe"/>
  <rect x="0" y="210" width="296" height="16" fill="${D}"/><circle cx="60" cy="236" r="30" fill="${D}"/><circle cx="130" cy="236" r="30" fill="${D}"/><circle cx="240" cy="236" r="30" fill="${D}"/>`;
    case "bus":
      return `<path d="M20 90 Q20 60 60 60 L240 60 Q290 60 290 130 L290 220 L20 220 Z" fill="${L}"/>${repeat(4, (i) => `<rect x="${36 + i * 56}" y="80" width="46" height="50" rx="4" fill="#bfdbfe"/>`)}
  <rect x="20" y="150" width="270" height="16" fill="${A}"/><circle cx="80" cy="226" r="28" fill="${D}"/><circle cx="230" cy="226" r="28" fill="${D}"/>`;
    case "trailer":
    case "container": {
      const box = `<rect x="${kind === "trailer" ? 10 : 20}" y="70" width="${kind === "trailer" ? 200 : 260}" height="140" fill="${A}"/>${repeat(kind === "trailer" ? 9 : 12, (i) => `<rect x="${(kind === "trailer" ? 18 : 28) + i * 21}" y="78" width="8" height="124" fill="${D}" opacity="0.2"/>`)}`;
      return kind === "trailer"
        ? `${box}<path d="M216 120 L262 120 L290 168 L290 214 L216 214 Z" fill="${L}"/><path d="M224 130 L256 130 L276 166 L224 166 Z" fill="#bfdbfe"/><rect x="0" y="212" width="296" height="14" fill="${D}"/>
  <circle cx="40" cy="236" r="24" fill="${D}"/><circle cx="94" cy="236" r="24" fill="${D}"/><circle cx="250" cy="236" r="24" fill="${D}"/>`
        : `${box}<rect x="20" y="210" width="260" height="16" fill="${D}"/><rect x="250" y="110" width="8" height="60" fill="${G}"/>`;
    }
    case "tanker":
      return `<rect x="10" y="90" width="190" height="110" rx="55" fill="${G}"/><rect x="40" y="70" width="40" height="24" fill="${D}"/><path d="M20 145 L190 145" stroke="#60a5fa" stroke-width="10"/>
  <path d="M206 118 L252 118 L290 168 L290 214 L206 214 Z" fill="${A}"/><rect x="0" y="210" width="296" height="14" fill="${D}"/><circle cx="60" cy="236" r="26" fill="${D}"/><circle cx="250" cy="236" r="26" fill="${D}"/>`;
    case "boxes":
      return `${[[20, 150, 130], [150, 150, 130], [80, 40, 120]]
        .map(([x, y, w]) => `<rect x="${x}" y="${y}" width="${w}" height="${w - 10}" fill="#d6a565"/><rect x="${x + w / 2 - 12}" y="${y}" width="24" height="${w - 10}" fill="#b68545"/><rect x="${x}" y="${y}" width="${w}" height="${w - 10}" fill="none" stroke="#92400e" stroke-width="4"/>`)
        .join("")}`;
    case "bike":
      return `<circle cx="70" cy="220" r="50" fill="none" stroke="${D}" stroke-width="16"/><circle cx="235" cy="220" r="50" fill="none" stroke="${D}" stroke-width="16"/>
  <path d="M70 220 L130 150 L210 150 L235 220 M130 150 L150 100 L190 100" fill="none" stroke="${A}" stroke-width="14" stroke-linejoin="round"/><rect x="20" y="110" width="80" height="60" rx="6" fill="${A}"/>`;
    case "excavator":
      return `<rect x="20" y="220" width="180" height="50" rx="25" fill="${D}"/><rect x="40" y="140" width="130" height="80" fill="#facc15"/><rect x="120" y="100" width="60" height="70" fill="#facc15"/><rect x="130" y="110" width="40" height="40" fill="#bfdbfe"/>
  <path d="M170 150 L240 60 L280 150" fill="none" stroke="#facc15" stroke-width="20" stroke-linejoin="round"/><path d="M262 150 L298 150 L290 200 L250 190 Z" fill="${D}"/>`;
    case "crane":
      return `<rect x="30" y="200" width="200" height="50" rx="8" fill="#facc15"/><circle cx="70" cy="262" r="22" fill="${D}"/><circle cx="190" cy="262" r="22" fill="${D}"/>
  <path d="M90 200 L270 30" stroke="#facc15" stroke-width="18"/><line x1="270" y1="30" x2="270" y2="170" stroke="${D}" stroke-width="4"/><rect x="255" y="170" width="30" height="26" fill="${G}"/>`;
    case "scaffold":
      return `${repeat(3, (i) => `<rect x="${40 + i * 100}" y="20" width="10" height="270" fill="${G}"/>`)}${repeat(4, (i) => `<rect x="40" y="${40 + i * 70}" width="210" height="10" fill="${G}"/><rect x="40" y="${30 + i * 70}" width="210" height="10" fill="#a16207"/>`)}
  ${repeat(2, (i) => `<line x1="${45 + i * 100}" y1="40" x2="${145 + i * 100}" y2="250" stroke="${G}" stroke-width="5"/>`)}`;
    case "compactor":
      return `<rect x="20" y="180" width="140" height="90" rx="45" fill="${G}"/><rect x="140" y="110" width="140" height="90" fill="#facc15"/><rect x="180" y="40" width="70" height="70" fill="none" stroke="${D}" stroke-width="10"/>
  <circle cx="240" cy="240" r="36" fill="${D}"/><path d="M90 200 L160 150" stroke="#facc15" stroke-width="20"/>`;
    case "cabinet":
      return `<rect x="20" y="30" width="260" height="80" fill="${L}"/><rect x="20" y="150" width="260" height="130" fill="${L}"/><rect x="14" y="140" width="272" height="14" fill="${G}"/>
  ${repeat(3, (i) => `<rect x="${28 + i * 86}" y="38" width="78" height="64" fill="${A}" opacity="0.8"/><rect x="${28 + i * 86}" y="160" width="78" height="112" fill="${A}" opacity="0.8"/><rect x="${96 + i * 86}" y="200" width="4" height="30" fill="${D}"/>`)}`;
    case "sink":
      return `<rect x="20" y="120" width="260" height="120" rx="12" fill="#d1d5db"/><rect x="40" y="136" width="100" height="88" rx="14" fill="#9ca3af"/><rect x="160" y="136" width="100" height="88" rx="14" fill="#9ca3af"/>
  <circle cx="90" cy="200" r="8" fill="${D}"/><circle cx="210" cy="200" r="8" fill="${D}"/><path d="M150 120 L150 50 Q150 30 175 30 L200 30 L200 60" fill="none" stroke="${G}" stroke-width="12"/>`;
    case "tap":
      return `<path d="M100 270 L100 120 Q100 60 160 60 L230 60 L230 110" fill="none" stroke="${G}" stroke-width="26" stroke-linecap="round"/><rect x="60" y="250" width="80" height="30" rx="8" fill="${G}"/>
  <rect x="60" y="150" width="60" height="20" rx="8" fill="${D}"/><path d="M230 130 Q222 160 230 180 Q238 160 230 130 Z" fill="#60a5fa"/>`;
    case "cooker":
      return `<rect x="50" y="60" width="200" height="220" rx="8" fill="${L}" stroke="${G}" stroke-width="4"/><rect x="50" y="60" width="200" height="40" fill="${D}"/>
  ${repeat(4, (i) => `<circle cx="${80 + i * 46}" cy="80" r="12" fill="none" stroke="${A}" stroke-width="5"/>`)}<rect x="70" y="130" width="160" height="110" rx="6" fill="${D}"/><rect x="86" y="146" width="128" height="78" fill="#f97316" opacity="0.4"/>`;
    case "gas-cylinder":
      return `<rect x="80" y="80" width="140" height="190" rx="60" fill="${A}"/><rect x="120" y="40" width="60" height="46" rx="6" fill="${G}"/><rect x="136" y="20" width="28" height="24" fill="${D}"/>
  <rect x="80" y="160" width="140" height="14" fill="${L}" opacity="0.6"/><rect x="96" y="264" width="108" height="18" fill="${D}"/>`;
    case "microwave":
      return `<rect x="20" y="70" width="260" height="160" rx="12" fill="${L}" stroke="${G}" stroke-width="4"/><rect x="36" y="88" width="170" height="124" rx="6" fill="${D}"/><rect x="50" y="102" width="142" height="96" fill="${A}" opacity="0.3"/>
  ${repeat(6, (i) => `<rect x="${222 + (i % 2) * 22}" y="${96 + Math.floor(i / 2) * 26}" width="16" height="16" rx="3" fill="${G}"/>`)}<rect x="30" y="230" width="30" height="12" fill="${D}"/><rect x="240" y="230" width="30" height="12" fill="${D}"/>`;
    case "fridge":
    case "freezer":
      return kind === "fridge"
        ? `<rect x="70" y="20" width="160" height="270" rx="14" fill="${L}" stroke="${G}" stroke-width="4"/><line x1="70" y1="110" x2="230" y2="110" stroke="${G}" stroke-width="4"/><rect x="200" y="50" width="10" height="40" rx="4" fill="${G}"/><rect x="200" y="130" width="10" height="70" rx="4" fill="${G}"/>`
        : `<rect x="20" y="100" width="260" height="170" rx="12" fill="${L}" stroke="${G}" stroke-width="4"/><rect x="20" y="90" width="260" height="30" rx="8" fill="#e5e7eb" stroke="${G}" stroke-width="4"/><rect x="120" y="126" width="60" height="10" rx="4" fill="${G}"/><circle cx="250" cy="240" r="6" fill="#22c55e"/>`;
    case "kettle":
      return `<path d="M80 110 Q80 80 150 80 Q220 80 220 110 L240 260 L60 260 Z" fill="${L}" stroke="${G}" stroke-width="4"/><path d="M220 120 Q280 140 250 220" fill="none" stroke="${D}" stroke-width="16"/>
  <path d="M80 150 L30 110" stroke="${L}" stroke-width="20" stroke-linecap="round"/><rect x="50" y="260" width="200" height="20" rx="6" fill="${D}"/><rect x="130" y="66" width="40" height="16" rx="6" fill="${D}"/>`;
    case "blender":
      return `<path d="M90 40 L210 40 L190 190 L110 190 Z" fill="#bfdbfe" opacity="0.8" stroke="${G}" stroke-width="4"/><rect x="84" y="26" width="132" height="20" rx="6" fill="${D}"/>
  <path d="M112 130 Q150 100 188 130 L190 190 L110 190 Z" fill="${A}" opacity="0.7"/><rect x="90" y="190" width="120" height="90" rx="12" fill="${D}"/><circle cx="150" cy="235" r="14" fill="${G}"/>`;
    case "stand-mixer":
      return `<rect x="60" y="250" width="200" height="30" rx="10" fill="${A}"/><rect x="200" y="120" width="50" height="140" rx="16" fill="${A}"/><path d="M60 80 Q60 40 130 40 L250 40 Q270 40 270 80 L270 130 L60 130 Z" fill="${A}"/>
  <path d="M70 160 L190 160 L175 240 L85 240 Z" fill="#d1d5db"/><rect x="124" y="130" width="12" height="50" fill="${G}"/>`;
    case "dishwasher":
      return `<rect x="50" y="30" width="200" height="250" rx="10" fill="${L}" stroke="${G}" stroke-width="4"/><rect x="50" y="30" width="200" height="40" fill="#e5e7eb"/>
  ${repeat(4, (i) => `<circle cx="${80 + i * 30}" cy="50" r="7" fill="${G}"/>`)}<rect x="90" y="90" width="120" height="10" rx="4" fill="${G}"/><circle cx="230" cy="50" r="6" fill="#22c55e"/>`;
    case "sofa":
      return `<rect x="44" y="70" width="212" height="110" rx="24" fill="${L}"/><rect x="30" y="160" width="240" height="64" rx="16" fill="${A}"/>
  <rect x="60" y="150" width="88" height="30" rx="10" fill="${L}" opacity="0.9"/><rect x="152" y="150" width="88" height="30" rx="10" fill="${L}" opacity="0.9"/>
  <rect x="6" y="118" width="52" height="118" rx="22" fill="${L}"/><rect x="242" y="118" width="52" height="118" rx="22" fill="${L}"/>
  <rect x="30" y="236" width="16" height="30" rx="4" fill="${D}"/><rect x="254" y="236" width="16" height="30" rx="4" fill="${D}"/>`;
    case "armchair":
      return `<rect x="80" y="40" width="140" height="150" rx="30" fill="${A}"/><rect x="40" y="120" width="50" height="130" rx="20" fill="${A}"/><rect x="210" y="120" width="50" height="130" rx="20" fill="${A}"/>
  <rect x="80" y="170" width="140" height="70" rx="14" fill="${L}"/><rect x="60" y="250" width="14" height="30" fill="${D}"/><rect x="226" y="250" width="14" height="30" fill="${D}"/>`;
    case "table":
    case "outdoor-set":
      return `<ellipse cx="150" cy="150" rx="130" ry="40" fill="${kind === "table" ? "#bfdbfe" : "#a16207"}" opacity="0.9"/><ellipse cx="150" cy="150" rx="130" ry="40" fill="none" stroke="${G}" stroke-width="6"/>
  <path d="M60 170 L50 280 M240 170 L250 280 M120 190 L115 260 M180 190 L185 260" stroke="${D}" stroke-width="10"/>${kind === "outdoor-set" ? `<rect x="0" y="110" width="40" height="120" rx="8" fill="#a16207"/><rect x="260" y="110" width="40" height="120" rx="8" fill="#a16207"/>` : ""}`;
    case "tv-console":
      return `<rect x="60" y="30" width="180" height="110" rx="6" fill="${D}"/><rect x="70" y="40" width="160" height="90" fill="#1e3a8a"/><rect x="140" y="140" width="20" height="20" fill="${D}"/>
  <rect x="10" y="160" width="280" height="100" fill="#a16207"/><rect x="20" y="174" width="120" height="72" fill="#854d0e"/><rect x="160" y="174" width="120" height="72" fill="#854d0e"/><rect x="20" y="260" width="12" height="20" fill="${D}"/><rect x="268" y="260" width="12" height="20" fill="${D}"/>`;
    case "rug":
      return `<path d="M30 60 L270 60 L270 240 L30 240 Z" fill="${A}"/><rect x="50" y="80" width="200" height="140" fill="none" stroke="${L}" stroke-width="8"/><path d="M150 100 L200 150 L150 200 L100 150 Z" fill="${L}" opacity="0.7"/>
  ${repeat(12, (i) => `<line x1="${36 + i * 21}" y1="240" x2="${36 + i * 21}" y2="262" stroke="${A}" stroke-width="4"/><line x1="${36 + i * 21}" y1="38" x2="${36 + i * 21}" y2="60" stroke="${A}" stroke-width="4"/>`)}`;
    case "bookshelf":
      return `<rect x="70" y="10" width="160" height="280" fill="#854d0e"/>${repeat(5, (r) => `<rect x="80" y="${20 + r * 54}" width="140" height="44" fill="#fef3c7"/>${repeat(5, (b) => `<rect x="${86 + b * 24}" y="${26 + r * 54 + (b % 2) * 6}" width="18" height="${38 - (b % 2) * 6}" fill="${["#dc2626", "#2563eb", "#16a34a", "#f59e0b", "#7c3aed"][(b + r) % 5]}"/>`)}`)}`;
    case "mattress":
      return `<path d="M20 140 L80 90 L290 90 L230 140 Z" fill="${L}"/><path d="M20 140 L230 140 L230 210 L20 210 Z" fill="#e5e7eb"/><path d="M230 140 L290 90 L290 160 L230 210 Z" fill="${S}"/>
  <rect x="20" y="160" width="210" height="10" fill="${A}"/>${repeat(6, (i) => `<circle cx="${80 + i * 32}" cy="${100 + (i % 2) * 16}" r="4" fill="${G}"/>`)}`;
    case "bed":
      return `<rect x="20" y="60" width="60" height="200" rx="10" fill="#854d0e"/><rect x="80" y="150" width="200" height="70" fill="${L}"/><rect x="80" y="130" width="200" height="40" fill="${A}"/>
  <rect x="90" y="110" width="70" height="36" rx="14" fill="${L}"/><rect x="60" y="210" width="230" height="24" fill="#854d0e"/><rect x="270" y="200" width="16" height="70" fill="#854d0e"/>`;
    case "wardrobe":
      return `<rect x="30" y="20" width="240" height="260" fill="#a16207"/>${repeat(4, (i) => `<rect x="${38 + i * 58}" y="28" width="52" height="244" fill="${i === 1 ? "#bfdbfe" : "#854d0e"}"/>`)}
  <rect x="84" y="140" width="4" height="30" fill="#fcd34d"/><rect x="212" y="140" width="4" height="30" fill="#fcd34d"/><rect x="40" y="280" width="14" height="14" fill="${D}"/><rect x="246" y="280" width="14" height="14" fill="${D}"/>`;
    case "bedside":
      return `<rect x="70" y="80" width="160" height="170" fill="#a16207"/><rect x="80" y="96" width="140" height="60" fill="#854d0e"/><rect x="130" y="122" width="40" height="8" rx="4" fill="#fcd34d"/>
  <rect x="80" y="170" width="140" height="66" fill="#854d0e"/><rect x="80" y="250" width="14" height="30" fill="${D}"/><rect x="206" y="250" width="14" height="30" fill="${D}"/><path d="M120 80 L140 30 L180 30 L200 80 Z" fill="#fde68a"/>`;
    case "pillow":
      return `<path d="M40 80 Q150 50 260 80 Q280 150 260 220 Q150 250 40 220 Q20 150 40 80 Z" fill="${A}"/><path d="M80 110 L220 110 M80 150 L220 150 M80 190 L220 190" stroke="${L}" stroke-width="8" opacity="0.6"/>`;
    case "duvet":
      return `<path d="M30 100 L270 100 L290 250 L10 250 Z" fill="${L}"/><path d="M30 100 L270 100 L275 140 L25 140 Z" fill="${A}"/>${repeat(4, (i) => `<path d="M${40 + i * 60} 170 q30 -16 60 0" stroke="${A}" stroke-width="5" fill="none"/>`)}`;
    case "bench":
      return `<rect x="20" y="120" width="260" height="26" fill="#854d0e"/><rect x="20" y="60" width="260" height="22" fill="#854d0e"/><rect x="20" y="90" width="260" height="22" fill="#a16207"/>
  <rect x="40" y="146" width="18" height="110" fill="#854d0e"/><rect x="242" y="146" width="18" height="110" fill="#854d0e"/><rect x="30" y="160" width="240" height="16" fill="#a16207"/>`;
    case "tent":
      return `<polygon points="150,30 290,120 10,120" fill="${A}"/><path d="M10 120 q35 24 70 0 q35 24 70 0 q35 24 70 0 q35 24 70 0" fill="${A}"/><rect x="20" y="120" width="10" height="160" fill="${G}"/><rect x="270" y="120" width="10" height="160" fill="${G}"/>`;
    case "umbrella":
      return `<path d="M20 140 Q150 10 280 140 Z" fill="${A}"/><path d="M20 140 q32 -18 65 0 q32 -18 65 0 q32 -18 65 0 q32 -18 65 0" fill="${L}" opacity="0.5"/><rect x="145" y="60" width="10" height="210" fill="${G}"/><ellipse cx="150" cy="276" rx="50" ry="12" fill="${D}"/>`;
    case "grass":
      return `<rect x="20" y="180" width="260" height="90" fill="#15803d"/>${repeat(40, (i) => `<path d="M${24 + i * 6.4} 180 l${(i % 3) - 1} ${-20 - (i % 5) * 8}" stroke="#22c55e" stroke-width="4"/>`)}<path d="M20 270 L280 270 L280 286 L20 286 Z" fill="#854d0e"/>`;
    case "gazebo":
      return `<polygon points="150,20 280,110 20,110" fill="#854d0e"/><rect x="36" y="110" width="14" height="170" fill="#a16207"/><rect x="250" y="110" width="14" height="170" fill="#a16207"/><rect x="143" y="110" width="14" height="170" fill="#a16207"/>
  <rect x="30" y="270" width="240" height="14" fill="#854d0e"/><path d="M50 200 L250 200" stroke="#a16207" stroke-width="8"/>`;
    case "chairs":
      return repeat(3, (i) => `<g transform="translate(${10 + i * 90} ${30 + i * 10})"><path d="M20 20 Q50 0 80 20 L76 130 L24 130 Z" fill="${A}"/><rect x="10" y="130" width="80" height="20" rx="6" fill="${A}"/><path d="M16 150 L8 240 M84 150 L92 240" stroke="${A}" stroke-width="10"/></g>`);
    case "mirror":
      return `<ellipse cx="150" cy="150" rx="100" ry="130" fill="#d4a017"/><ellipse cx="150" cy="150" rx="84" ry="114" fill="#bfdbfe"/><path d="M100 110 L150 70 M100 160 L180 90" stroke="${L}" stroke-width="8" opacity="0.8"/>`;
    case "wall-art":
      return `${repeat(3, (i) => `<rect x="${14 + i * 96}" y="60" width="84" height="180" fill="${L}" stroke="${D}" stroke-width="6"/><circle cx="${56 + i * 96}" cy="${110 + i * 20}" r="20" fill="${A}"/><path d="M${20 + i * 96} 230 L${50 + i * 96} 170 L${92 + i * 96} 230 Z" fill="#16a34a" opacity="0.8"/>`)}`;
    case "curtains":
      return `<rect x="10" y="30" width="280" height="12" rx="6" fill="${D}"/>${repeat(2, (s) => `<path d="M${20 + s * 140} 42 L${140 + s * 140} 42 L${(s ? 190 : 110)} 280 L${(s ? 280 : 20)} 280 Z" fill="${A}"/>${repeat(4, (i) => `<line x1="${40 + s * 140 + i * 26}" y1="42" x2="${36 + s * 140 + i * 28}" y2="280" stroke="${D}" stroke-width="3" opacity="0.3"/>`)}`)}`;
    case "plant":
      return `<path d="M100 200 L200 200 L190 280 L110 280 Z" fill="${A}"/>${repeat(7, (i) => `<ellipse cx="150" cy="120" rx="20" ry="70" fill="#16a34a" transform="rotate(${-60 + i * 20} 150 200)"/>`)}`;
    case "clock":
      return `<circle cx="150" cy="150" r="120" fill="${L}" stroke="${D}" stroke-width="12"/>${repeat(12, (i) => `<line x1="150" y1="42" x2="150" y2="${i % 3 ? 54 : 62}" stroke="${D}" stroke-width="6" transform="rotate(${i * 30} 150 150)"/>`)}
  <path d="M150 150 L150 80 M150 150 L200 170" stroke="${D}" stroke-width="10" stroke-linecap="round"/><circle cx="150" cy="150" r="8" fill="${A}"/>`;
    case "vase":
      return `<path d="M50 120 Q30 200 70 270 L110 270 Q140 200 110 120 Z" fill="${A}"/><path d="M130 80 Q100 180 150 270 L200 270 Q240 180 200 80 Z" fill="${L}"/><path d="M210 160 Q200 220 230 270 L260 270 Q290 220 270 160 Z" fill="${A}" opacity="0.7"/>`;
    case "candle":
      return `${repeat(3, (i) => `<rect x="${40 + i * 80}" y="${130 - (i % 2) * 40}" width="60" height="${150 + (i % 2) * 40}" rx="6" fill="${L}"/><path d="M${70 + i * 80} ${110 - (i % 2) * 40} q-10 -20 0 -40 q10 20 0 40 Z" fill="#f59e0b"/>`)}`;
  }
}

/**
 * A demo SON (MANCAP) certificate for a product of a certified category (issue 36 item 2): a framed
 * sheet with the issuer, the product's short name and its number, marked DEMO. 600 x 800.
 */
export function certificateSvg(number: string, productLine: string): string {
  const esc = (t: string) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <rect width="600" height="800" fill="${L}"/>
  <rect x="24" y="24" width="552" height="752" fill="none" stroke="#166534" stroke-width="10"/>
  <rect x="44" y="44" width="512" height="712" fill="none" stroke="#166534" stroke-width="2"/>
  <circle cx="300" cy="150" r="58" fill="#166534"/>
  <text x="300" y="165" font-family="${FONT}" font-size="40" font-weight="700" fill="${L}" text-anchor="middle">SON</text>
  <text x="300" y="250" font-family="${FONT}" font-size="22" font-weight="700" fill="${D}" text-anchor="middle">STANDARDS ORGANISATION OF NIGERIA</text>
  <text x="300" y="300" font-family="${FONT}" font-size="30" font-weight="700" fill="#166534" text-anchor="middle">MANCAP CERTIFICATE</text>
  <line x1="110" y1="330" x2="490" y2="330" stroke="${G}" stroke-width="2"/>
  <text x="300" y="390" font-family="${FONT}" font-size="22" fill="${D}" text-anchor="middle">${esc(productLine.length > 44 ? `${productLine.slice(0, 42)}…` : productLine)}</text>
  <text x="300" y="470" font-family="${FONT}" font-size="20" fill="${G}" text-anchor="middle">Certificate number</text>
  <text x="300" y="510" font-family="${FONT}" font-size="30" font-weight="700" fill="${D}" text-anchor="middle">${esc(number)}</text>
  <rect x="170" y="590" width="260" height="70" rx="8" fill="${S}"/>
  <text x="300" y="636" font-family="${FONT}" font-size="30" font-weight="700" fill="#b91c1c" text-anchor="middle">DEMO</text>
</svg>
`;
}

/** The demo certificate number of a seeded product (issue 36 item 2). */
export function demoCertificateNumber(productId: number): string {
  return `MANCAP/DEMO/${String(productId).padStart(5, "0")}`;
}
