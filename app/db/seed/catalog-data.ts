/**
 * Demo catalogue data for the seed (see ./index.ts): root categories and their subcategories,
 * product templates with naira prices, stores with their owners, demo accounts, and the sentence
 * pools that product descriptions and reviews are composed from. Plain data, no I/O.
 */

export type ProductType = "sale" | "rent";
export type ProductSize = "small" | "medium" | "large";
export type IconKind = "cement" | "roof" | "bulb" | "truck" | "pot" | "sofa";

export interface ProductTemplate {
  /** May contain "{v}", replaced by one of `variants` (a colour, a size, a city...). */
  name: string;
  /** List price in naira; the seed jitters it a little per product. */
  price: number;
  type: ProductType;
  size: ProductSize;
  variants?: string[];
  /** A specific sentence about this product, used in its description. */
  spec?: string;
  /** How the trade buys it (issue 34): unit, pack, minimum, step and volume price ladder. */
  trade?: TradeData;
}

export type TradeUnit = "bag" | "tonne" | "piece" | "length" | "sheet" | "bundle" | "carton" | "m2" | "m3" | "litre" | "trip" | "service";
export type PackMeasureData = "kg" | "tonne" | "m" | "m2" | "m3" | "litre" | "piece" | "W" | "Wh" | "VA";

export interface TradeData {
  unit: TradeUnit;
  /** Shown to people: "50 kg bag", "bundle of 10". */
  pack?: string;
  /** What ONE unit holds, machine-readable (a bag: 50 kg). */
  packSize?: number;
  packMeasure?: PackMeasureData;
  min?: number;
  step?: number;
  /** Volume price ladder: [from quantity, share of the selling price] (rising quantity, falling share). */
  tiers?: Array<[number, number]>;
  /**
   * A product the project calculators fill a cart with: listed by EVERY store of its subcategory,
   * always published and in stock (well above the minimum). See /work/notes/34-units-demo.md.
   */
  calc?: boolean;
}

const bag50: TradeData = { unit: "bag", pack: "50 kg bag", packSize: 50, packMeasure: "kg", tiers: [[50, 0.95], [200, 0.92]] };

export interface SubcategoryData {
  name: string;
  slug: string;
  /** Slugs of the stores that sell in this subcategory. */
  stores: string[];
  /** Sentences about the subcategory, used in product descriptions. */
  notes: string[];
  products: ProductTemplate[];
  /** Issue 36 item 2: its products need a SON (MANCAP) certificate; the seed gives each a demo one and a drawn photo. */
  certified?: true;
}

export interface RootCategoryData {
  name: string;
  slug: string;
  icon: IconKind;
  /** Background colours for generated product images (dark enough for white text). */
  palette: string[];
  /** Sentences about the whole category, used in product descriptions. */
  about: string[];
  subcategories: SubcategoryData[];
}

export interface PersonData {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

export interface DemoAccount extends PersonData {
  password: string;
  role: "shopper" | "admin";
}

export interface StoreData {
  name: string;
  slug: string;
  city: string;
  state: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  licence: string;
  /** Colour used for the generated logo and banner. */
  colour: string;
  tagline: string;
  description: string;
  owner: PersonData;
}

const sale = (name: string, price: number, size: ProductSize = "medium", extra: Partial<ProductTemplate> = {}): ProductTemplate => ({
  name,
  price,
  type: "sale",
  size,
  ...extra,
});
const rent = (name: string, price: number, size: ProductSize = "large", extra: Partial<ProductTemplate> = {}): ProductTemplate => ({
  name,
  price,
  type: "rent",
  size,
  ...extra,
});

// ---------------------------------------------------------------------------------------------
// Demo accounts (printed by scripts/seed.ts)
// ---------------------------------------------------------------------------------------------

export const DEMO_DOMAIN = "demo.buildmart.ng";

export const DEMO_SHOPPER: DemoAccount = {
  email: `shopper@${DEMO_DOMAIN}`,
  password: "Shopper#2024",
  firstName: "Chioma",
  lastName: "Okeke",
  phone: "+2348030000001",
  role: "shopper",
};
export const DEMO_VENDOR: DemoAccount = {
  email: `vendor@${DEMO_DOMAIN}`,
  password: "Vendor#2024",
  firstName: "Babatunde",
  lastName: "Lawal",
  phone: "+2348030000002",
  role: "shopper",
};
export const DEMO_ADMIN: DemoAccount = {
  email: `admin@${DEMO_DOMAIN}`,
  password: "Admin#2024",
  firstName: "Site",
  lastName: "Admin",
  phone: "+2348030000003",
  role: "admin",
};
export const DEMO_ACCOUNTS: DemoAccount[] = [DEMO_SHOPPER, DEMO_VENDOR, DEMO_ADMIN];

/** Buyers who write the demo reviews. */
export const DEMO_BUYERS: Array<[string, string]> = [
  ["Chinedu", "Okafor"],
  ["Aisha", "Bello"],
  ["Tunde", "Adeyemi"],
  ["Ngozi", "Eze"],
  ["Emeka", "Nwosu"],
  ["Fatima", "Abubakar"],
  ["Segun", "Ogunleye"],
  ["Blessing", "Udo"],
  ["Ibrahim", "Musa"],
  ["Kemi", "Adebayo"],
  ["Obinna", "Chukwu"],
  ["Halima", "Sani"],
  ["Uche", "Obi"],
  ["Funmilayo", "Ajayi"],
  ["Musa", "Danjuma"],
  ["Adaeze", "Nnamdi"],
  ["Kunle", "Balogun"],
  ["Zainab", "Yusuf"],
  ["Efosa", "Osagie"],
  ["Amaka", "Ibe"],
];

// ---------------------------------------------------------------------------------------------
// Stores (the first belongs to the demo vendor)
// ---------------------------------------------------------------------------------------------

export const STORES: StoreData[] = [
  {
    name: "Lagos Building Depot",
    slug: "lagos-building-depot",
    city: "Lagos",
    state: "Lagos",
    email: `sales.lagosdepot@${DEMO_DOMAIN}`,
    phone: "+2348031110001",
    address: "42 Ikorodu Road, Fadeyi, Lagos",
    website: "",
    licence: "RC 1456723",
    colour: "#b45309",
    tagline: "Cement, steel, plumbing and power for Lagos builders",
    owner: DEMO_VENDOR,
    description:
      "Lagos Building Depot supplies contractors, estate developers and home owners across Lagos with genuine building materials at fair prices. " +
      "We stock Dangote, BUA and Lafarge cement, high-tensile iron rods, plumbing pipes and fittings, electrical cables and security doors, all from authorised distributors. " +
      "Our warehouse on Ikorodu Road opens Monday to Saturday from 7 am, and our own trucks deliver to sites on the Mainland, Island, Lekki and Ikorodu, usually within 48 hours of payment. " +
      "Bulk buyers get trade pricing and a dedicated account officer who can help you plan quantities from your bill of quantities. " +
      "Every order comes with a receipt and we happily accept returns of unopened items within seven days.",
  },
  {
    name: "Abuja Roofing Hub",
    slug: "abuja-roofing-hub",
    city: "Abuja",
    state: "Federal Capital Territory",
    email: `info.abujaroofing@${DEMO_DOMAIN}`,
    phone: "+2348092220002",
    address: "Plot 17 Idu Industrial Layout, Abuja",
    website: "",
    licence: "RC 2087741",
    colour: "#0f766e",
    tagline: "Roofing sheets, stone-coated tiles and steel for the FCT",
    owner: { email: `musa.abdullahi@${DEMO_DOMAIN}`, firstName: "Musa", lastName: "Abdullahi", phone: "+2348092220010" },
    description:
      "Abuja Roofing Hub is a roofing and steel specialist serving the Federal Capital Territory, Nasarawa and Niger states. " +
      "We cut aluminium longspan sheets to your exact lengths on our own profiling machine, and we keep stone-coated tiles in every popular profile and colour. " +
      "Our team also supplies iron rods, trusses, doors and windows, and can recommend trusted roofers and carpenters for installation. " +
      "Free site measurement is available within Abuja for orders above one million naira. " +
      "We deliver from our Idu yard with flatbed trucks and offer a one-year workmanship warranty on installations we supervise.",
  },
  {
    name: "Kano Power & Solar",
    slug: "kano-power-solar",
    city: "Kano",
    state: "Kano",
    email: `hello.kanopower@${DEMO_DOMAIN}`,
    phone: "+2348063330003",
    address: "Shop 12 Beirut Road, Kano",
    website: "",
    licence: "RC 1734519",
    colour: "#1d4ed8",
    tagline: "Generators, solar systems and cooling for the North",
    owner: { email: `aminu.garba@${DEMO_DOMAIN}`, firstName: "Aminu", lastName: "Garba", phone: "+2348063330010" },
    description:
      "Kano Power & Solar keeps homes, shops and factories in northern Nigeria running when the grid does not. " +
      "We sell petrol and diesel generators from Elepaq, Sumec Firman and Mikano, complete solar systems with lithium batteries, inverters, air conditioners and security equipment. " +
      "Our engineers size every solar system from your actual load, install it, and return for free checks during the first six months. " +
      "We also rent out diesel generators for events and construction sites, with fuel and an operator on request. " +
      "Genuine products only, with manufacturer warranties honoured at our Beirut Road service centre.",
  },
  {
    name: "Port Harcourt Logistics Co.",
    slug: "port-harcourt-logistics",
    city: "Port Harcourt",
    state: "Rivers",
    email: `bookings.phlogistics@${DEMO_DOMAIN}`,
    phone: "+2348074440004",
    address: "9 Trans-Amadi Industrial Layout, Port Harcourt",
    website: "",
    licence: "RC 1198264",
    colour: "#7c2d12",
    tagline: "Trucks, tippers, movers and heavy equipment on hire",
    owner: { email: `tamuno.briggs@${DEMO_DOMAIN}`, firstName: "Tamunotonye", lastName: "Briggs", phone: "+2348074440010" },
    description:
      "Port Harcourt Logistics Co. moves building materials, household goods and heavy equipment across the South-South and beyond. " +
      "Our fleet includes tipper trucks, flatbeds, low-bed trailers, refrigerated trucks and buses, all with experienced drivers and tracking. " +
      "We also hire out excavators, backhoe loaders, cranes and concrete mixers by the day or week, with operators. " +
      "Home and office moving packages include packing, loading, transport and careful unloading at your new address. " +
      "Every booking is confirmed in writing with a clear price, and goods in transit are insured.",
  },
  {
    name: "Ibadan Home & Kitchen",
    slug: "ibadan-home-kitchen",
    city: "Ibadan",
    state: "Oyo",
    email: `care.ibadanhome@${DEMO_DOMAIN}`,
    phone: "+2348055550005",
    address: "Ring Road Shopping Complex, Ibadan",
    website: "",
    licence: "RC 1623390",
    colour: "#9d174d",
    tagline: "Kitchens, appliances and furniture for every home",
    owner: { email: `folake.adewale@${DEMO_DOMAIN}`, firstName: "Folake", lastName: "Adewale", phone: "+2348055550010" },
    description:
      "Ibadan Home & Kitchen helps families furnish and equip their homes in one place. " +
      "Our showroom on Ring Road displays fitted kitchens, cookers, refrigerators, sofas, beds and decor so you can see and touch before you buy. " +
      "We carry Thermocool, LG, Hisense, Nexus and Haier appliances with full warranties, and our carpenters build kitchen cabinets and wardrobes to measure. " +
      "Delivery within Ibadan is free for orders above two hundred thousand naira, and we ship to Lagos, Abeokuta, Osogbo and Ilorin. " +
      "Ask about our easy instalment plans for furniture and appliances.",
  },
  {
    name: "Enugu Handyman Pros",
    slug: "enugu-handyman-pros",
    city: "Enugu",
    state: "Enugu",
    email: `jobs.enuguhandyman@${DEMO_DOMAIN}`,
    phone: "+2348086660006",
    address: "24 Ogui Road, Enugu",
    website: "",
    licence: "BN 3318207",
    colour: "#4d7c0f",
    tagline: "Vetted plumbers, electricians, masons and carpenters",
    owner: { email: `ikenna.eze@${DEMO_DOMAIN}`, firstName: "Ikenna", lastName: "Eze", phone: "+2348086660010" },
    description:
      "Enugu Handyman Pros is a team of vetted tradespeople for repairs, renovations and new builds in Enugu, Anambra and Ebonyi. " +
      "Our plumbers, electricians, masons, painters, carpenters and interior designers are trained, insured and supervised by a site engineer. " +
      "Book a visit online, get a written quote before work begins, and pay only when the job is done to your satisfaction. " +
      "We bring our own tools, clean up after ourselves and guarantee our workmanship for ninety days. " +
      "Emergency call-outs are available seven days a week for burst pipes and electrical faults.",
  },
  {
    name: "Benin Tiles & Paints",
    slug: "benin-tiles-paints",
    city: "Benin City",
    state: "Edo",
    email: `sales.benintiles@${DEMO_DOMAIN}`,
    phone: "+2348027770007",
    address: "118 Sapele Road, Benin City",
    website: "",
    licence: "RC 1905532",
    colour: "#6d28d9",
    tagline: "Tiles, paints and finishes that last",
    owner: { email: `osaro.igbinedion@${DEMO_DOMAIN}`, firstName: "Osaro", lastName: "Igbinedion", phone: "+2348027770010" },
    description:
      "Benin Tiles & Paints is the finishing specialist for builders and home owners in Edo and Delta states. " +
      "We stock Royal Ceramics and Goodwill tiles, imported porcelain and marble, Dulux, Berger and Meyer paints, adhesives, grouts and decor. " +
      "Our colour desk mixes custom paint shades while you wait, and our tiling and painting crews can handle the installation for you. " +
      "Bring your floor plan and we will calculate how many cartons or litres you need, with a little extra for cuts and touch-ups. " +
      "Trade customers enjoy discounts on bulk orders and free delivery within Benin City.",
  },
];

// ---------------------------------------------------------------------------------------------
// Categories and product templates
// ---------------------------------------------------------------------------------------------

export const CATEGORIES: RootCategoryData[] = [
  {
    name: "Building Materials",
    slug: "building-materials",
    icon: "cement",
    palette: ["#92400e", "#78350f", "#57534e", "#9a3412", "#44403c"],
    about: [
      "All materials are sourced from authorised distributors, so you get genuine products with proper batch numbers.",
      "Our team can help you estimate quantities from your building plan or bill of quantities.",
      "Bulk orders for estates and commercial sites attract trade discounts.",
      "Materials are stored under cover to protect them from rain and harmattan dust before delivery.",
      "Site delivery is available by truck, and offloading can be arranged for heavy items.",
    ],
    subcategories: [
      {
        name: "Cement & Concrete",
        slug: "cement-concrete",
        stores: ["lagos-building-depot", "benin-tiles-paints", "abuja-roofing-hub"],
        notes: [
          "Fresh stock arrives weekly, so every bag is well within its recommended shelf life.",
          "Suitable for foundations, columns, slabs, block moulding and plastering.",
          "Store bags off the ground on pallets and keep them dry until use.",
          "Mix with clean sharp sand and granite in the right ratio for strong, durable concrete.",
        ],
        products: [
          sale("Dangote 3X Cement 42.5R, 50 kg bag", 9500, "medium", {
            spec: "Dangote 3X is a 42.5R grade cement that gains strength quickly, ideal for columns, beams and decking.",
            trade: { ...bag50, calc: true },
          }),
          sale("BUA Cement 42.5R, 50 kg bag", 9200, "medium", { spec: "BUA 42.5R cement gives consistent setting time and high early strength for structural work.", trade: bag50 }),
          sale("Lafarge Elephant Supaset Cement 42.5R, 50 kg bag", 10200, "medium", { spec: "Supaset is a rapid-hardening cement that lets you strip formwork sooner.", trade: bag50 }),
          sale("Lafarge Ashaka Cement 42.5N, 50 kg bag", 9800, "medium", { trade: bag50 }),
          sale("Dangote Falcon Cement 32.5R, 50 kg bag", 8900, "medium", { spec: "Falcon 32.5R is an economical general-purpose cement for plastering, rendering and block moulding.", trade: bag50 }),
          sale("Dangote 3X Cement 42.5R, pallet of 40 bags", 372000, "large", {
            spec: "A full pallet of forty 50 kg bags, delivered shrink-wrapped to protect it from moisture.",
            trade: { unit: "bundle", pack: "pallet of 40 bags of 50 kg", packSize: 2, packMeasure: "tonne", tiers: [[5, 0.97]] },
          }),
          sale("Sharp sand, 20-tonne tipper trip (delivered)", 180000, "large", {
            trade: { unit: "trip", pack: "20-tonne tipper trip", packSize: 20, packMeasure: "tonne", tiers: [[3, 0.95]], calc: true },
          }),
          sale("Sharp sand, 10-tonne tipper trip (delivered)", 98000, "large", { trade: { unit: "trip", pack: "10-tonne tipper trip", packSize: 10, packMeasure: "tonne", tiers: [[3, 0.95]], calc: true } }),
          sale("Sharp sand, 5-tonne tipper trip (delivered)", 55000, "large", { trade: { unit: "trip", pack: "5-tonne tipper trip", packSize: 5, packMeasure: "tonne", calc: true } }),
          sale("Granite chippings 3/4 inch, 30-tonne trip (delivered)", 650000, "large", { trade: { unit: "trip", pack: "30-tonne trip", packSize: 30, packMeasure: "tonne", tiers: [[3, 0.96]] } }),
          sale("Granite chippings 3/4 inch, 20-tonne trip (delivered)", 450000, "large", { trade: { unit: "trip", pack: "20-tonne trip", packSize: 20, packMeasure: "tonne", tiers: [[3, 0.96]] } }),
          sale("Ready-mix concrete C25 (per cubic metre)", 115000, "large", {
            spec: "Batched concrete delivered by truck mixer, with pump available for suspended slabs.",
            trade: { unit: "m3", pack: "cubic metre, delivered by truck mixer", packSize: 1, packMeasure: "m3", min: 1, step: 0.5, tiers: [[10, 0.96]] },
          }),
          sale("Vibrated hollow sandcrete block, 9 inch", 650, "large", {
            spec: "A 9-inch (450 x 225 x 225 mm) hollow block for external and load-bearing walls: ten blocks make a square metre of wall.",
            trade: { unit: "piece", pack: "9-inch hollow block, 450 x 225 x 225 mm", packSize: 1, packMeasure: "piece", min: 50, step: 50, tiers: [[500, 0.96], [2000, 0.92]], calc: true },
          }),
          sale("Vibrated hollow sandcrete block, 6 inch", 550, "large", {
            spec: "A 6-inch (450 x 225 x 150 mm) hollow block for partition walls: ten blocks make a square metre of wall.",
            trade: { unit: "piece", pack: "6-inch hollow block, 450 x 225 x 150 mm", packSize: 1, packMeasure: "piece", min: 50, step: 50, tiers: [[500, 0.96], [2000, 0.92]], calc: true },
          }),
          sale("Interlocking paving stones, {v} (per square metre)", 6500, "large", {
            variants: ["Zigzag grey", "Dumbbell red", "Unipaver charcoal"],
            trade: { unit: "m2", pack: "square metre, laid flat", packSize: 1, packMeasure: "m2", min: 10, tiers: [[100, 0.94]] },
          }),
          sale("Waterproof cement additive, 5 litres", 14500, "small"),
        ],
      },
      {
        name: "Roofing",
        slug: "roofing",
        certified: true,
        stores: ["abuja-roofing-hub", "lagos-building-depot"],
        notes: [
          "Sheets are cut to your exact lengths to reduce waste and joints on site.",
          "Colours are baked on and resist fading under strong Nigerian sun.",
          "Install on well-treated timber or steel purlins for the best results.",
          "Ask for matching ridge caps, flashings and screws when you order.",
        ],
        products: [
          sale("Aluminium Longspan Roofing Sheet 0.45mm, {v} (per metre)", 4800, "large", {
            variants: ["Charcoal Grey", "Brick Red", "Forest Green", "Ocean Blue"],
            spec: "A 0.45 mm aluminium longspan sheet with a deep profile that sheds heavy rain quickly.",
            trade: { unit: "length", pack: "1 m run of a 1 m wide sheet, cut to your length", packSize: 1, packMeasure: "m", min: 10, tiers: [[100, 0.95], [300, 0.92]] },
          }),
          sale("Aluminium Longspan Roofing Sheet 0.55mm, {v} (per metre)", 6200, "large", {
            variants: ["Charcoal Grey", "Brick Red", "Wine"],
            trade: { unit: "length", pack: "1 m run of a 1 m wide sheet, cut to your length", packSize: 1, packMeasure: "m", min: 10, tiers: [[100, 0.95]] },
          }),
          sale("Aluminium long-span roofing sheet 0.45 mm, 3 m, {v}", 14500, "large", {
            variants: ["Charcoal Grey", "Brick Red"],
            spec: "A 3 m by 1 m sheet; after side and end laps each sheet covers about 0.85 m by 3 m of roof.",
            trade: { unit: "sheet", pack: "3 m x 1 m sheet (covers 0.85 m x 3 m)", packSize: 2.55, packMeasure: "m2", tiers: [[50, 0.95], [100, 0.92]], calc: true },
          }),
          sale("Stone-coated roofing tile, {v} profile (bundle of 10)", 48000, "large", {
            variants: ["Bond", "Milano", "Shingle", "Classic"],
            spec: "Galvalume steel tiles coated with natural stone chips for a quiet, durable, elegant roof.",
            trade: { unit: "bundle", pack: "bundle of 10 tiles", packSize: 10, packMeasure: "piece", tiers: [[10, 0.95]] },
          }),
          sale("Nigerite corrugated roofing sheet, 2.4 m", 7500, "large", {
            spec: "An asbestos-free corrugated sheet 2.4 m long; after laps it covers about 0.9 m by 2.1 m of roof.",
            trade: { unit: "sheet", pack: "2.4 m corrugated sheet (covers 0.9 m x 2.1 m)", packSize: 1.89, packMeasure: "m2", tiers: [[50, 0.95]] },
          }),
          sale("Roofing nails 3 inch (25 kg carton)", 28000, "small", { trade: { unit: "carton", pack: "25 kg carton", packSize: 25, packMeasure: "kg", calc: true } }),
          sale("Aluminium ridge cap, 3 m length, {v}", 6500, "medium", {
            variants: ["Charcoal Grey", "Brick Red"],
            spec: "A ridge cap that matches our long-span sheets; 3 m lengths overlap by about 10 cm.",
            trade: { unit: "length", pack: "3 m length", packSize: 3, packMeasure: "m", tiers: [[20, 0.95]], calc: true },
          }),
          sale("Waterproof roofing underlay membrane (1 m x 50 m roll)", 38000, "medium"),
          sale("Aluminium rain gutter, 3 m length", 15500, "medium"),
          sale("Complete stone-coated roof package, 3-bedroom bungalow (installed)", 6500000, "large", {
            spec: "Includes tiles, ridges, battens, underlay, fixings and installation by a supervised roofing crew.",
          }),
          sale("Galvanised steel roof trusses, 4-bedroom duplex set", 1850000, "large"),
        ],
      },
      {
        name: "Tiles & Flooring",
        slug: "tiles-flooring",
        stores: ["benin-tiles-paints", "lagos-building-depot"],
        notes: [
          "Buy about ten percent extra to allow for cuts, breakages and future repairs.",
          "Cartons from the same batch keep the shade consistent across the room.",
          "Lay on a level screed with a good adhesive and spacers for neat joints.",
          "The surface is easy to mop and holds up well in busy homes and shops.",
        ],
        products: [
          sale("Royal Ceramics floor tile 40x40 cm, {v} (per carton)", 7800, "medium", {
            variants: ["Beige Matt", "Grey Stone", "Wood Look"],
            trade: { unit: "carton", pack: "carton of 10 tiles (1.6 m²)", packSize: 1.6, packMeasure: "m2", tiers: [[20, 0.95], [50, 0.92]], calc: true },
          }),
          sale("Goodwill ceramic wall tile 25x40 cm, {v} (per carton)", 8500, "medium", {
            variants: ["White Gloss", "Blue Mosaic", "Cream Marble"],
            trade: { unit: "carton", pack: "carton of 15 tiles (1.5 m²)", packSize: 1.5, packMeasure: "m2", tiers: [[20, 0.95]], calc: true },
          }),
          sale("Goodwill porcelain floor tile 60x60 cm, {v} (per carton)", 19500, "medium", {
            variants: ["Polished Ivory", "Carrara Look", "Dark Slate"],
            trade: { unit: "carton", pack: "carton of 4 tiles (1.44 m²)", packSize: 1.44, packMeasure: "m2", tiers: [[20, 0.95], [50, 0.92]], calc: true },
          }),
          sale("Spanish polished porcelain tile 60x120 cm (per carton)", 42000, "medium", {
            spec: "Large-format imported porcelain with a mirror polish for living rooms and lobbies.",
            trade: { unit: "carton", pack: "carton of 2 tiles (1.44 m²)", packSize: 1.44, packMeasure: "m2", tiers: [[20, 0.95]] },
          }),
          sale("Premium tile adhesive, 20 kg bag", 8500, "medium", { trade: { unit: "bag", pack: "20 kg bag", packSize: 20, packMeasure: "kg", tiers: [[20, 0.95]] } }),
          sale("Tile grout 5 kg, {v}", 4200, "small", { variants: ["White", "Grey", "Beige"] }),
          sale("SPC vinyl click flooring (per square metre)", 14500, "medium", { trade: { unit: "m2", pack: "square metre", packSize: 1, packMeasure: "m2", tiers: [[50, 0.95]] } }),
          sale("Italian Carrara marble slab (per square metre)", 95000, "large", { trade: { unit: "m2", pack: "square metre", packSize: 1, packMeasure: "m2" } }),
          sale("Absolute Black granite slab, 3 m", 420000, "large"),
        ],
      },
      {
        name: "Plumbing",
        slug: "plumbing",
        stores: ["lagos-building-depot", "enugu-handyman-pros"],
        notes: [
          "Fittings are pressure-rated for borehole and overhead tank systems.",
          "Pipes and fittings meet SON standards for potable water.",
          "Our plumbers can install what you buy for a separate fee.",
          "Keep receipts for warranty claims on pumps, heaters and sanitary ware.",
        ],
        products: [
          sale("PVC pressure pipe 1/2 inch, 6 m length", 2800, "medium"),
          sale("PVC soil pipe 4 inch, 6 m length", 9500, "large"),
          sale("GeePee Tank water storage tank, {v}", 185000, "large", { variants: ["2,000 litres", "1,500 litres"] }),
          sale("GeePee Tank water storage tank, 5,000 litres", 420000, "large"),
          sale("Pedrollo 1HP surface water pump", 125000, "medium", { spec: "A reliable Italian-made pump for lifting water from a borehole or well into an overhead tank." }),
          sale("Twyford close-coupled WC set, {v}", 145000, "large", { variants: ["White", "Ivory"] }),
          sale("Ariston 50 litre electric water heater", 135000, "medium"),
          sale("Complete bathroom suite (WC, basin, shower mixer, accessories)", 680000, "large"),
          sale("Chrome shower mixer with rain head", 58000, "small"),
        ],
      },
      {
        name: "Paint & Finishes",
        slug: "paint-finishes",
        stores: ["benin-tiles-paints", "lagos-building-depot"],
        notes: [
          "Coverage is about 10 to 12 square metres per litre per coat on a smooth, primed wall.",
          "Low-odour formulas let you move back in soon after painting.",
          "Our colour desk can tint most shades while you wait.",
          "Prepare walls with filler and primer for an even, lasting finish.",
        ],
        products: [
          sale("Dulux Vinyl Silk Emulsion 20 L, {v}", 62000, "medium", {
            variants: ["Brilliant White", "Magnolia", "Soft Grey", "Sky Blue"],
            trade: { unit: "piece", pack: "20 litre bucket", packSize: 20, packMeasure: "litre", tiers: [[10, 0.95]], calc: true },
          }),
          sale("Dulux Vinyl Silk Emulsion 4 L, {v}", 14500, "small", {
            variants: ["Brilliant White", "Magnolia"],
            trade: { unit: "piece", pack: "4 litre bucket", packSize: 4, packMeasure: "litre", calc: true },
          }),
          sale("Dulux Weathershield exterior paint 20 L, {v}", 88000, "medium", {
            variants: ["Brilliant White", "Cream", "Terracotta"],
            trade: { unit: "piece", pack: "20 litre bucket", packSize: 20, packMeasure: "litre", tiers: [[10, 0.95]] },
          }),
          sale("Berger Luxol High Gloss enamel 4 L, {v}", 19500, "small", { variants: ["Black", "White", "Brown"] }),
          sale("Berger Texcote textured exterior coating, 20 kg", 48000, "medium"),
          sale("Meyer Satin Emulsion 20 L, {v}", 52000, "medium", {
            variants: ["White", "Peach", "Ash"],
            trade: { unit: "piece", pack: "20 litre bucket", packSize: 20, packMeasure: "litre", tiers: [[10, 0.95]] },
          }),
          sale("POP plaster of Paris, 25 kg bag", 6500, "medium", { trade: { unit: "bag", pack: "25 kg bag", packSize: 25, packMeasure: "kg", tiers: [[20, 0.95]] } }),
          sale("Wall putty skim coat, 25 kg bag", 9000, "medium", { trade: { unit: "bag", pack: "25 kg bag", packSize: 25, packMeasure: "kg", tiers: [[20, 0.95]] } }),
          sale("Painting roller and brush kit (9 pieces)", 12500, "small"),
        ],
      },
      {
        name: "Electrical Supplies",
        slug: "electrical-supplies",
        stores: ["lagos-building-depot", "kano-power-solar"],
        notes: [
          "Cables are pure copper with the correct cross-section printed on the insulation.",
          "Use a certified electrician for installation and testing.",
          "Accessories are rated for Nigerian 230 V mains supply.",
          "Proper earthing and breakers protect your appliances from surges.",
        ],
        products: [
          sale("Coleman 2.5 mm single-core cable, 100 m roll, {v}", 68000, "medium", { variants: ["Red", "Black", "Yellow"] }),
          sale("Nigerchin 1.5 mm single-core cable, 100 m roll", 38000, "medium"),
          sale("Coleman 16 mm armoured cable (per metre)", 14500, "medium"),
          sale("13A double switched socket, white", 3200, "small"),
          sale("8-way distribution board with breakers", 45000, "small"),
          sale("Automatic voltage switcher (AVS) 30A", 12000, "small"),
          sale("PVC conduit pipe 20 mm (bundle of 10)", 9500, "medium"),
          sale("Three-phase prepaid energy meter", 230000, "small"),
          sale("300 kVA distribution transformer, 11/0.415 kV", 18500000, "large", { spec: "Supplied with test certificate; installation and commissioning quoted separately." }),
        ],
      },
      {
        name: "Doors & Windows",
        slug: "doors-windows",
        stores: ["abuja-roofing-hub", "lagos-building-depot"],
        notes: [
          "Sizes can be adjusted to your openings; ask for a quote on custom dimensions.",
          "Fitting is available in major cities by experienced installers.",
          "Hardware is rust-resistant for humid coastal areas.",
          "Measure the opening in three places and use the smallest figure when ordering.",
        ],
        products: [
          sale("Turkish steel security door, {v}", 285000, "large", { variants: ["3 ft x 7 ft, walnut finish", "3 ft x 7 ft, mahogany finish"] }),
          sale("Copper-finish double security door, 4 ft x 7 ft", 650000, "large"),
          sale("Flush wooden interior door with frame", 65000, "large"),
          sale("Aluminium sliding window with mosquito net (per square metre)", 45000, "large"),
          sale("Aluminium casement window, Ultra series (per square metre)", 58000, "large"),
          sale("Frameless 12 mm tempered glass entrance door", 780000, "large"),
          sale("Mortise door lock set with handles", 18500, "small"),
          sale("UPVC hinged window 4 ft x 4 ft", 120000, "large"),
        ],
      },
      {
        name: "Iron Rods & Steel",
        slug: "iron-rods-steel",
        certified: true,
        stores: ["lagos-building-depot", "abuja-roofing-hub"],
        notes: [
          "Rods are 12 m long and high-tensile, with the size stamped along the bar.",
          "Prices change with the steel market; the price shown is valid on the day of order.",
          "We can cut and bend to your bar-bending schedule for a small fee.",
          "Keep steel off wet ground and use it within a few months to avoid heavy rust.",
        ],
        products: [
          sale("High-tensile iron rod {v} (per 12 m length)", 11500, "large", {
            variants: ["12 mm", "10 mm"],
            trade: { unit: "length", pack: "12 m length", packSize: 12, packMeasure: "m", tiers: [[50, 0.96], [200, 0.93]] },
          }),
          sale("High-tensile iron rod 16 mm (per 12 m length)", 19000, "large", { trade: { unit: "length", pack: "12 m length", packSize: 12, packMeasure: "m", tiers: [[50, 0.96], [200, 0.93]] } }),
          sale("High-tensile iron rod 12 mm, by the tonne (about 86 lengths)", 1150000, "large", {
            spec: "One tonne of 12 mm rods, enough for the columns and beams of a typical bungalow.",
            trade: { unit: "tonne", pack: "tonne of 12 m lengths (about 86)", packSize: 1, packMeasure: "tonne", min: 0.5, step: 0.5, tiers: [[5, 0.97]] },
          }),
          sale("Binding wire, 20 kg roll", 28000, "medium", { trade: { unit: "piece", pack: "20 kg roll", packSize: 20, packMeasure: "kg" } }),
          sale("BRC wire mesh A142 (per sheet)", 45000, "large", { trade: { unit: "sheet", pack: "4.8 m x 2.4 m sheet", packSize: 11.52, packMeasure: "m2" } }),
          sale("Galvanised square pipe 2 x 2 inch, 6 m", 22000, "large"),
          sale("Steel I-beam 203 x 133 mm (per 6 m length)", 420000, "large"),
        ],
      },
    ],
  },
  {
    name: "Professional & Handyman Services",
    slug: "professional-handyman-services",
    icon: "roof",
    palette: ["#166534", "#3f6212", "#115e59", "#14532d", "#1e3a8a"],
    about: [
      "Every professional is vetted, insured and rated by previous customers.",
      "You receive a written quote before any work starts, with no hidden charges.",
      "Workmanship is guaranteed, and we return to fix any issue at no extra cost.",
      "Materials can be bought by you or supplied by us at market price with receipts.",
      "Bookings can be rescheduled free of charge up to 24 hours before the visit.",
    ],
    subcategories: [
      {
        name: "Plumbers",
        slug: "plumbers",
        stores: ["enugu-handyman-pros"],
        notes: [
          "Our plumbers carry common fittings to fix most problems on the first visit.",
          "Emergency call-outs are available for burst pipes and overflowing tanks.",
          "We test every joint under pressure before closing up walls.",
        ],
        products: [
          sale("Professional plumbing service (per visit)", 15000, "small"),
          sale("Leak detection and pipe repair (per job)", 25000, "small"),
          sale("Bathroom plumbing fit-out, complete", 180000, "medium"),
          sale("Water heater installation", 20000, "small"),
          sale("Borehole drilling and pump installation (up to 60 m)", 1500000, "large", { spec: "Includes geophysical survey, drilling, casing, submersible pump and overhead tank connection." }),
          sale("Septic tank and soak-away construction, 3-chamber", 850000, "large"),
          sale("Kitchen sink and tap installation", 12000, "small"),
        ],
      },
      {
        name: "Electricians",
        slug: "electricians",
        stores: ["enugu-handyman-pros", "kano-power-solar"],
        notes: [
          "Our electricians are COREN-registered or supervised by a registered engineer.",
          "We test insulation and earthing and label every circuit in your distribution board.",
          "Safety comes first: power is isolated before any work begins.",
        ],
        products: [
          sale("Electrical fault diagnosis and repair (per visit)", 12000, "small"),
          sale("Complete house rewiring, 3-bedroom flat", 450000, "medium"),
          sale("Solar and inverter installation labour", 85000, "medium"),
          sale("Prepaid meter installation and certification", 45000, "small"),
          rent("Industrial three-phase wiring crew (per day)", 120000, "medium"),
          sale("Ceiling fan or light fitting installation (per point)", 6500, "small"),
        ],
      },
      {
        name: "Masons & Bricklayers",
        slug: "masons-bricklayers",
        stores: ["enugu-handyman-pros", "abuja-roofing-hub"],
        notes: [
          "Our masons follow your drawings and keep walls plumb and level.",
          "Curing is scheduled and supervised so concrete and mortar reach full strength.",
          "We can supply blocks, cement and sand at market price with receipts.",
        ],
        products: [
          sale("Block laying (per 100 blocks)", 25000, "medium"),
          sale("Plastering and rendering (per square metre)", 2500, "medium"),
          sale("Foundation and DPC for a 3-bedroom bungalow", 1250000, "large", { spec: "Setting out, excavation, blinding, strip footing, block work to DPC level and backfilling." }),
          sale("Fence wall construction (per metre run)", 65000, "large"),
          sale("Interlocking paving installation (per square metre)", 4500, "medium"),
          rent("Bricklayer crew hire (per day)", 45000, "medium"),
        ],
      },
      {
        name: "Painters",
        slug: "painters",
        stores: ["enugu-handyman-pros", "benin-tiles-paints"],
        notes: [
          "Furniture and floors are covered and protected before painting starts.",
          "We fill cracks and sand walls for a smooth finish.",
          "Two coats are standard, with a third where colours change dramatically.",
        ],
        products: [
          sale("Interior painting, 2-bedroom flat (labour)", 180000, "medium"),
          sale("Exterior painting of a duplex, labour and scaffolding", 650000, "large"),
          sale("Screeding and POP ceiling finish (per square metre)", 5500, "medium"),
          sale("Wallpaper installation (per roll)", 4500, "small"),
          rent("Painter hire (per day)", 18000, "small"),
        ],
      },
      {
        name: "Carpenters",
        slug: "carpenters",
        stores: ["enugu-handyman-pros", "abuja-roofing-hub", "ibadan-home-kitchen"],
        notes: [
          "We use seasoned, treated hardwood and quality board to prevent warping and termites.",
          "Measurements are taken on site and drawings shared for approval.",
          "Finishing options include lacquer, stain and high-gloss paint.",
        ],
        products: [
          sale("Custom built-in wardrobe, 3 doors", 380000, "large"),
          sale("Door installation and hanging (per door)", 15000, "small"),
          sale("Roof carpentry for a 4-bedroom duplex (labour)", 1100000, "large"),
          sale("Furniture repair (per visit)", 10000, "small"),
          sale("Kitchen cabinet assembly (per linear metre)", 28000, "medium"),
        ],
      },
      {
        name: "Interior Design",
        slug: "interior-design",
        stores: ["enugu-handyman-pros", "ibadan-home-kitchen"],
        notes: [
          "Designs start with a mood board and a budget you approve.",
          "We source furniture, lighting and fabrics from trusted Nigerian makers and importers.",
          "A project manager keeps every trade on schedule until handover.",
        ],
        products: [
          sale("Interior design consultation (per session)", 50000, "small"),
          sale("Full interior design, 3-bedroom apartment", 3500000, "large", { spec: "Concept, 3D visuals, furniture, lighting, curtains and styling, delivered turnkey." }),
          sale("3D room rendering (per room)", 75000, "small"),
          sale("Office interior fit-out (per square metre)", 95000, "large"),
          sale("Curtain and blind styling, living room", 220000, "medium"),
        ],
      },
    ],
  },
  {
    name: "Electronics",
    slug: "electronics",
    icon: "bulb",
    palette: ["#1e40af", "#312e81", "#0e7490", "#1e3a8a", "#3730a3"],
    about: [
      "All items are brand new in sealed boxes with the manufacturer's warranty.",
      "Our technicians test equipment before dispatch and can install it for you.",
      "Power equipment is sized for typical Nigerian grid conditions and voltage swings.",
      "Spare parts and after-sales service are available at our service centre.",
      "Pay on delivery is available in major cities for items under one million naira.",
    ],
    subcategories: [
      {
        name: "Generators & Power",
        slug: "generators-power",
        stores: ["kano-power-solar", "lagos-building-depot"],
        notes: [
          "Each generator is test-run before dispatch and delivered with oil.",
          "Place generators outdoors, away from windows, to keep fumes out of the house.",
          "Service every 100 to 150 running hours for a long engine life.",
          "A changeover switch protects your wiring when switching between grid and generator.",
        ],
        products: [
          sale("Elepaq EC5800CX 5 kVA petrol generator", 480000, "large", { spec: "A 5 kVA key-start petrol generator that runs fridges, fans, lights and a small AC." }),
          sale("Sumec Firman SPG3000E2 2.5 kVA petrol generator", 310000, "medium"),
          sale("Sumec Firman ECO3990ES 3.5 kVA petrol generator", 420000, "medium"),
          sale("Tiger TG950 0.65 kVA petrol generator", 95000, "small"),
          sale("Mikano 20 kVA soundproof diesel generator", 14500000, "large", { spec: "A Perkins-powered 20 kVA canopy generator with automatic voltage regulator, ideal for offices and large homes." }),
          rent("Mikano 20 kVA Diesel Generator for rent (per day)", 95000, "large", { spec: "Delivered to your venue with an operator; diesel billed separately at pump price." }),
          sale("Jubaili Bros 30 kVA diesel generator, Perkins engine", 18500000, "large"),
          sale("Elepaq SV22000E2 16 kVA petrol generator", 1450000, "large"),
          sale("Automatic changeover switch, 63A", 75000, "small"),
          sale("Blue Gate 10 kVA voltage stabiliser", 180000, "medium"),
        ],
      },
      {
        name: "Solar & Inverters",
        slug: "solar-inverters",
        stores: ["kano-power-solar", "lagos-building-depot"],
        notes: [
          "Systems are sized from your actual load list so they do not run out at night.",
          "Lithium batteries last many more cycles than lead-acid batteries.",
          "Panels are mounted facing south at the right tilt for maximum harvest.",
          "Monitoring apps let you check battery level and solar output from your phone.",
        ],
        products: [
          sale("5 kVA complete solar system (inverter, 8 x 450 W panels, 2 lithium batteries)", 4800000, "large", {
            spec: "Runs a typical three-bedroom home round the clock, including fridge, TVs and one inverter AC in daytime.",
          }),
          sale("Felicity 3.5 kVA hybrid inverter, 24 V", 580000, "medium", { trade: { unit: "piece", pack: "3.5 kVA inverter", packSize: 3500, packMeasure: "VA", calc: true } }),
          sale("Felicity 5 kVA hybrid inverter, 48 V", 820000, "medium", { trade: { unit: "piece", pack: "5 kVA inverter", packSize: 5000, packMeasure: "VA", calc: true } }),
          sale("2.5 kWh lithium battery, 24 V", 750000, "medium", { trade: { unit: "piece", pack: "2.5 kWh battery", packSize: 2500, packMeasure: "Wh", calc: true } }),
          sale("Jinko 550 W monocrystalline solar panel", 175000, "large", { trade: { unit: "piece", pack: "550 W panel", packSize: 550, packMeasure: "W", tiers: [[10, 0.95]], calc: true } }),
          sale("Canadian Solar 400 W solar panel", 135000, "large", { trade: { unit: "piece", pack: "400 W panel", packSize: 400, packMeasure: "W", tiers: [[10, 0.95]], calc: true } }),
          sale("Luminous 220 Ah tubular battery", 340000, "medium", { trade: { unit: "piece", pack: "12 V 220 Ah battery (2.64 kWh)", packSize: 2640, packMeasure: "Wh", calc: true } }),
          sale("All-in-one solar street light, {v}", 68000, "medium", { variants: ["100 W", "60 W"] }),
          sale("10 kVA solar system for offices, installed", 12500000, "large"),
          sale("60A MPPT solar charge controller", 95000, "small"),
          rent("Solar power system hire for events (per day)", 150000, "large"),
        ],
      },
      {
        name: "Air Conditioners",
        slug: "air-conditioners",
        stores: ["kano-power-solar", "ibadan-home-kitchen"],
        notes: [
          "Standard installation kit includes copper pipes, bracket and drain hose.",
          "Inverter models use far less power and work well with solar systems.",
          "Service the filters every three months, more often during harmattan.",
          "One horsepower cools a room of about 12 square metres.",
        ],
        products: [
          sale("LG 1.5HP Dual Inverter split air conditioner", 620000, "large", { spec: "LG dual inverter compressor saves up to 70 percent energy with fast, quiet cooling." }),
          sale("Hisense 1HP split air conditioner", 340000, "large"),
          sale("Thermocool 1.5HP split air conditioner", 480000, "large"),
          sale("Haier Thermocool 2HP split air conditioner", 690000, "large"),
          sale("Nexus 1HP split air conditioner", 310000, "large"),
          sale("LG 5-ton floor-standing air conditioner", 3900000, "large"),
          sale("Ox 18 inch standing fan", 42000, "medium"),
          sale("AC servicing and gas refill (per unit)", 15000, "small"),
          rent("Portable air conditioner rental (per week)", 55000, "medium"),
        ],
      },
      {
        name: "Lighting",
        slug: "lighting",
        stores: ["kano-power-solar", "lagos-building-depot", "ibadan-home-kitchen"],
        notes: [
          "LED lighting cuts energy use and heat compared with old bulbs.",
          "Warm white suits bedrooms and lounges; cool white suits kitchens and offices.",
          "Fittings are compatible with standard Nigerian ceiling roses and bulb holders.",
        ],
        products: [
          sale("LED bulb 12 W, {v} (pack of 4)", 4800, "small", { variants: ["Warm White", "Cool White"] }),
          sale("LED ceiling panel light 60 x 60 cm, 40 W", 12500, "small"),
          sale("Crystal chandelier, 12 arms", 380000, "large"),
          sale("Rechargeable LED lantern", 9500, "small"),
          sale("Outdoor LED floodlight 200 W", 28000, "small"),
          sale("Pendant lights, set of 3", 65000, "medium"),
          rent("Event lighting hire (per night)", 120000, "large"),
        ],
      },
      {
        name: "Security & CCTV",
        slug: "security-cctv",
        stores: ["kano-power-solar", "lagos-building-depot"],
        notes: [
          "Cameras record in full HD day and night and can be viewed on your phone.",
          "Installation includes cabling, mounting and setting up mobile viewing.",
          "Backup power keeps security systems running during outages.",
        ],
        products: [
          sale("Hikvision 4-camera CCTV kit with DVR", 185000, "medium"),
          sale("Hikvision 8-camera CCTV package, installed", 450000, "medium"),
          sale("Video door intercom with 7 inch screen", 95000, "small"),
          sale("Electric fence, installed (per metre)", 12000, "medium"),
          sale("Sliding automatic gate motor", 780000, "large"),
          sale("Razor wire (per roll)", 22000, "medium"),
          sale("Fingerprint smart door lock", 145000, "small"),
          sale("Estate perimeter security package (CCTV, electric fence, access control)", 6800000, "large"),
        ],
      },
    ],
  },
  {
    name: "Logistics",
    slug: "logistics",
    icon: "truck",
    palette: ["#9a3412", "#7c2d12", "#b45309", "#374151", "#854d0e"],
    about: [
      "Bookings are confirmed in writing with the price, pickup time and driver contact.",
      "Trucks are tracked by GPS, and goods in transit are insured.",
      "Drivers are experienced on Nigerian highways and city routes.",
      "Loading and offloading crews can be added to any booking.",
      "Prices cover the stated route; extra distance and waiting time are billed fairly.",
    ],
    subcategories: [
      {
        name: "Truck Hire",
        slug: "truck-hire",
        stores: ["port-harcourt-logistics"],
        notes: [
          "Trucks come with a licensed driver and fuel for the agreed route.",
          "Book a day ahead to guarantee availability, especially at month end.",
          "Tolls and state levies on the route are included in the price.",
        ],
        products: [
          rent("10-tonne flatbed truck hire (per day)", 180000),
          rent("Mini truck hire, intra-city, {v} (per trip)", 35000, "large", { variants: ["Lagos", "Port Harcourt", "Abuja"] }),
          rent("Toyota Hiace bus hire with driver (per day)", 85000),
          rent("40 ft trailer hire, Lagos to Abuja (per trip)", 1650000),
          rent("Refrigerated truck hire (per day)", 250000),
          rent("Pickup van hire (per trip)", 20000, "medium"),
          sale("20 ft shipping container, used and cargo-worthy", 2800000, "large", { spec: "Wind and water tight, suitable for site storage or conversion into a shop or office." }),
          sale("40 ft shipping container, used", 4200000, "large"),
        ],
      },
      {
        name: "Haulage & Tipper",
        slug: "haulage-tipper",
        stores: ["port-harcourt-logistics"],
        notes: [
          "Tippers are weighed so you receive the full tonnage you pay for.",
          "Site access must allow a large truck to turn and tip safely.",
          "Interstate loads travel with a waybill and tracking.",
        ],
        products: [
          rent("Tipper truck hire, 20 tonnes (per trip)", 120000, "large", {
            spec: "A 20-tonne tipper for sand, granite, laterite or site debris within the city.",
            trade: { unit: "trip", pack: "20-tonne tipper trip", packSize: 20, packMeasure: "tonne" },
          }),
          rent("Tipper truck hire, 30 tonnes (per trip)", 170000, "large", { trade: { unit: "trip", pack: "30-tonne tipper trip", packSize: 30, packMeasure: "tonne" } }),
          rent("Interstate haulage, Lagos to Kano (per 30-tonne load)", 1800000),
          rent("Sand haulage, 10 tonnes (per trip)", 75000, "large", { trade: { unit: "trip", pack: "10-tonne trip", packSize: 10, packMeasure: "tonne" } }),
          rent("Low-bed trailer hire for heavy equipment (per trip)", 1200000),
          rent("Water tanker supply, 33,000 litres (per trip)", 60000),
        ],
      },
      {
        name: "Moving Services",
        slug: "moving-services",
        stores: ["port-harcourt-logistics"],
        notes: [
          "Our movers wrap furniture and appliances in blankets and stretch film.",
          "Fragile items are packed in labelled boxes and loaded last.",
          "We can dismantle and reassemble beds, wardrobes and shelves.",
        ],
        products: [
          sale("Home moving, 1-bedroom flat within {v}", 150000, "large", { variants: ["Lagos", "Port Harcourt", "Abuja"] }),
          sale("Home moving, 3-bedroom flat within the city", 380000, "large"),
          sale("Interstate relocation, 4-bedroom house", 1500000, "large"),
          rent("Office relocation crew and trucks (per day)", 450000),
          sale("Moving boxes and packing kit", 25000, "medium"),
          sale("Same-day dispatch rider delivery within the city", 3500, "small"),
        ],
      },
      {
        name: "Equipment Hire",
        slug: "equipment-hire",
        stores: ["port-harcourt-logistics", "abuja-roofing-hub"],
        notes: [
          "Equipment is serviced between hires and delivered ready to work.",
          "Operators are available for heavy machines at a daily rate.",
          "A refundable caution deposit may apply to self-operated tools.",
        ],
        products: [
          rent("Concrete mixer hire, 1-bag (per day)", 25000, "large"),
          rent("Caterpillar excavator hire with operator (per day)", 650000),
          rent("Caterpillar excavator hire with operator (per week)", 3800000),
          rent("Scaffolding hire, 10 frames (per week)", 30000),
          rent("Poker vibrator hire (per day)", 12000, "medium"),
          rent("JCB backhoe loader hire (per day)", 380000),
          rent("25-tonne mobile crane hire (per day)", 1250000),
          rent("Vibratory roller compactor hire (per day)", 280000),
        ],
      },
    ],
  },
  {
    name: "Kitchen",
    slug: "kitchen",
    icon: "pot",
    palette: ["#9f1239", "#831843", "#b91c1c", "#7e22ce", "#be123c"],
    about: [
      "Everything is designed for busy Nigerian kitchens, from soups and stews to big party cooking.",
      "Appliances carry the manufacturer's warranty and local after-sales support.",
      "Our kitchen consultants can plan the layout around your gas, water and power points.",
      "Delivery includes careful handling, and installation can be booked at checkout.",
      "Easy-clean surfaces stand up to palm oil, pepper and daily use.",
    ],
    subcategories: [
      {
        name: "Kitchen Cabinets",
        slug: "kitchen-cabinets",
        stores: ["ibadan-home-kitchen"],
        notes: [
          "Cabinets are built from moisture-resistant board with soft-close hinges.",
          "Choose from high-gloss, matt and wood-grain finishes.",
          "Measurement and installation are available in Ibadan and Lagos.",
        ],
        products: [
          sale("Modular kitchen cabinets, complete 3 m L-shape set", 2800000, "large", { spec: "Base and wall units, worktop, sink cut-out and handles, installed by our carpenters." }),
          sale("Kitchen base cabinet 60 cm, {v}", 85000, "large", { variants: ["White Gloss", "Grey Matt", "Oak Grain"] }),
          sale("High-gloss kitchen wall cabinet 80 cm", 95000, "large"),
          sale("Tall pantry cabinet", 240000, "large"),
          sale("Granite kitchen worktop (per linear metre)", 120000, "large"),
          sale("Luxury fitted kitchen with island, installed", 9500000, "large"),
        ],
      },
      {
        name: "Sinks & Taps",
        slug: "sinks-taps",
        stores: ["ibadan-home-kitchen", "lagos-building-depot"],
        notes: [
          "Stainless steel sinks resist rust and stains from everyday cooking.",
          "Taps come with flexible hoses and fittings for standard connections.",
          "Ceramic cartridges give smooth, drip-free operation for years.",
        ],
        products: [
          sale("Stainless steel double-bowl sink with drainer", 48000, "medium"),
          sale("Single-bowl stainless steel kitchen sink", 28000, "medium"),
          sale("Pull-out kitchen mixer tap, {v}", 35000, "small", { variants: ["Chrome", "Matt Black"] }),
          sale("Chrome pillar tap", 6500, "small"),
          sale("Black granite composite kitchen sink", 165000, "medium"),
          sale("Kitchen waste disposer unit", 210000, "medium"),
        ],
      },
      {
        name: "Cookers & Ovens",
        slug: "cookers-ovens",
        stores: ["ibadan-home-kitchen"],
        notes: [
          "Gas cookers come with a regulator and hose; installation is quick and safe.",
          "Auto-ignition lights the burners without matches.",
          "Enamel and stainless surfaces wipe clean easily.",
        ],
        products: [
          sale("Thermocool 4-burner gas cooker with oven, 60 x 60 cm", 285000, "large"),
          sale("Haier Thermocool 5-burner gas cooker with oven", 420000, "large"),
          sale("Nexus 4-burner gas cooker with grill", 240000, "large"),
          sale("Table-top 2-burner gas stove", 18500, "small"),
          sale("LG 70 L built-in electric oven", 560000, "large"),
          sale("Industrial 6-burner gas range with oven", 1350000, "large", { spec: "Heavy-duty burners for restaurants, hotels and large family events." }),
          sale("12.5 kg gas cylinder, empty", 45000, "medium"),
          rent("Industrial gas cooker hire for events (per day)", 15000, "large"),
        ],
      },
      {
        name: "Kitchen Appliances",
        slug: "kitchen-appliances",
        stores: ["ibadan-home-kitchen"],
        notes: [
          "Appliances are tested on delivery so you can be sure they work.",
          "Use a stabiliser to protect compressors and electronics from voltage swings.",
          "Energy-efficient models keep running costs down on generator or solar power.",
        ],
        products: [
          sale("LG 25 L microwave oven", 135000, "medium"),
          sale("Hisense 205 L double-door refrigerator", 380000, "large"),
          sale("Haier Thermocool 519 L chest freezer", 650000, "large"),
          sale("LG 600 L side-by-side refrigerator", 1450000, "large"),
          sale("Nexus 1.8 L electric kettle", 12500, "small"),
          sale("Binatone 1.5 L blender", 28000, "small"),
          sale("Kenwood stand mixer", 320000, "medium"),
          sale("Hisense 13-place dishwasher", 480000, "large"),
          sale("Electric yam pounder", 85000, "medium"),
        ],
      },
    ],
  },
  {
    name: "Home & Furniture",
    slug: "home-furniture",
    icon: "sofa",
    palette: ["#6b21a8", "#4c1d95", "#86198f", "#7c2d12", "#334155"],
    about: [
      "Furniture is made by skilled Nigerian craftsmen or imported from trusted suppliers.",
      "Assembly is included with delivery in major cities.",
      "Fabrics and finishes are chosen to handle heat, humidity and daily family life.",
      "Instalment payment plans are available on request.",
      "Visit the showroom to see colours and finishes in person before you buy.",
    ],
    subcategories: [
      {
        name: "Living Room",
        slug: "living-room",
        stores: ["ibadan-home-kitchen", "lagos-building-depot"],
        notes: [
          "Frames are kiln-dried hardwood for strength and a long life.",
          "Cushions use high-density foam that keeps its shape.",
          "Custom colours and sizes are available with a short lead time.",
        ],
        products: [
          sale("7-seater L-shaped leather sofa, {v}", 1450000, "large", { variants: ["Chocolate Brown", "Black", "Cream"] }),
          sale("3-seater fabric sofa, {v}", 420000, "large", { variants: ["Grey", "Navy", "Olive"] }),
          sale("Glass-top centre table", 95000, "medium"),
          sale("TV console, 1.8 m", 150000, "large"),
          sale("Leather recliner armchair", 280000, "large"),
          sale("Shaggy rug 2 m x 3 m", 65000, "medium"),
          sale("Five-tier bookshelf", 55000, "medium"),
          sale("Royal 9-seater sofa set with centre table", 3200000, "large"),
        ],
      },
      {
        name: "Bedroom",
        slug: "bedroom",
        stores: ["ibadan-home-kitchen"],
        notes: [
          "Mattresses come sealed with a manufacturer's guarantee.",
          "Bed frames are reinforced with hardwood slats to carry heavy mattresses.",
          "Matching pieces are available to complete the room.",
        ],
        products: [
          sale("Vitafoam orthopaedic mattress, {v}", 380000, "large", { variants: ["6 x 6 ft, 10 inch", "4.5 x 6 ft, 10 inch"] }),
          sale("Mouka Foam Dreamtime mattress 4.5 x 6 ft", 145000, "large"),
          sale("King-size upholstered bed frame", 650000, "large"),
          sale("4-door wardrobe with mirror", 520000, "large"),
          sale("Bedside table with drawer", 45000, "medium"),
          sale("Complete bedroom set (bed, wardrobe, dressing table)", 2100000, "large"),
          sale("Hollow-fibre pillows, pair", 15000, "small"),
          sale("Duvet and bedsheet set, {v}", 28000, "small", { variants: ["Queen", "King"] }),
        ],
      },
      {
        name: "Outdoor",
        slug: "outdoor",
        stores: ["ibadan-home-kitchen", "abuja-roofing-hub"],
        notes: [
          "Outdoor pieces are weatherproof and UV-resistant.",
          "Cover or store cushions during heavy rain to keep them fresh.",
          "Ideal for patios, balconies, gardens and event spaces.",
        ],
        products: [
          sale("Rattan outdoor dining set, 4 seats", 480000, "large"),
          sale("Hardwood garden bench", 120000, "large"),
          sale("Canopy tent 10 x 10 ft", 85000, "large"),
          rent("Canopy and chairs hire for 100 guests (per day)", 95000, "large"),
          sale("Outdoor patio umbrella, 3 m", 75000, "medium"),
          sale("Artificial grass (per square metre)", 9500, "medium"),
          sale("Wooden gazebo 3 x 3 m, installed", 1200000, "large"),
          sale("Plastic chairs, set of 10", 45000, "large"),
        ],
      },
      {
        name: "Decor",
        slug: "decor",
        stores: ["ibadan-home-kitchen", "benin-tiles-paints"],
        notes: [
          "Small touches that make a house feel like home.",
          "Pieces are packed carefully to arrive without scratches or breaks.",
          "Mix and match with items from our other collections.",
        ],
        products: [
          sale("Gold-frame wall mirror, 1 m", 85000, "medium"),
          sale("Canvas wall art, set of 3, {v}", 45000, "medium", { variants: ["Abstract", "African Landscape", "Adire Pattern"] }),
          sale("Blackout curtains, pair", 38000, "small"),
          sale("Artificial plant in ceramic pot", 22000, "small"),
          sale("Silent wall clock", 12000, "small"),
          sale("Ceramic vase set of 3", 15000, "small"),
          sale("Scented candle gift set", 8500, "small"),
          sale("Hand-woven Aso Oke throw pillow covers, set of 4", 18000, "small"),
        ],
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Sentence pools for descriptions and reviews
// ---------------------------------------------------------------------------------------------

/** {name}, {store} and {city} are filled in. */
export const INTRO_SENTENCES = [
  "{name} is available now from {store} in {city}.",
  "Get the {name} from {store}, a trusted seller based in {city}.",
  "{store} offers the {name} to customers in {city} and across Nigeria.",
  "Looking for the {name}? {store} has it ready for you.",
  "The {name} is one of the most requested items at {store}, {city}.",
];

export const SALE_SENTENCES = [
  "Delivery is available to all 36 states, with faster dispatch within {city}.",
  "Pay by card or on delivery, and track your order from your account.",
  "Orders placed before noon are usually dispatched the same day.",
  "Pick-up from our {city} location is free if you prefer to collect.",
];

export const RENT_SENTENCES = [
  "Book in advance to secure your preferred date; a deposit confirms the booking.",
  "Rental rates include a trained operator or driver unless stated otherwise.",
  "Longer bookings attract discounted daily rates, so ask for a weekly quote.",
  "Availability is confirmed within a few hours of your booking request.",
];

export const CLOSING_SENTENCES = [
  "Contact {store} with any questions before you order.",
  "Prices include VAT where applicable.",
  "Customer support is available Monday to Saturday from 8 am to 6 pm.",
  "Leave a review after purchase to help other buyers choose well.",
  "Quantity discounts are available; message the store for a quote.",
];

export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    "Excellent quality and delivered on time. Highly recommended.",
    "Exactly as described. The seller kept me updated all through.",
    "Delivered to Lekki within two days. Very professional service.",
    "Genuine product and fair price. I will buy again.",
    "Top-notch! The team even helped with offloading at my site.",
    "Very good value for money. My contractor was impressed.",
    "Fast response on WhatsApp and prompt delivery. Five stars.",
    "Everything arrived in perfect condition. Thank you!",
  ],
  4: [
    "Good product, delivery took a day longer than promised.",
    "Quality is good. Packaging could be better.",
    "Works well so far. Price was fair compared to the market.",
    "Good service overall, the driver called before arriving.",
    "Satisfied with the purchase. Would recommend to friends.",
    "Solid product. Installation instructions were a bit thin.",
  ],
  3: [
    "It is okay for the price, nothing special.",
    "Product is fine but delivery was delayed by traffic.",
    "Average experience. I had to follow up a few times.",
    "Does the job, but I expected slightly better finishing.",
  ],
  2: [
    "Arrived late and one item was slightly damaged.",
    "Not exactly what was shown in the picture.",
    "Customer service was slow to respond to my complaint.",
  ],
  1: [
    "Very disappointed. Delivery took over a week.",
    "Item did not match the description. Returned it.",
  ],
};
