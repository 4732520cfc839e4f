/**
 * The address book (spec sections 3, 5, 7; api-contract.md). Spellings: a user's list is
 * /users/{userId}/addresses/, everything else /users/adresses/... (a correctly spelled alias
 * /users/addresses/... answers too). Only the owner reads or writes; another user's address is a
 * 404, another user's list a 403.
 *
 * Rules: at most 3 addresses (400 with the body ["Address limit exceeded."]); the first address is
 * the default; {is_default: true} makes an address the only default; deleting the default promotes
 * the oldest remaining one. Phones are stored in +234 form; state is one of the 36 states or the FCT.
 */
import * as z from "zod";
import type { Queryable } from "~/db/client.server";
import { NIGERIAN_STATES, optionalPhoneField, phoneField, requiredText } from "~/domain/validation";
import { badRequest, forbidden, json, noContent, notFound, zodToDrf } from "../http";
import type { ApiContext, AuthUser, RouteDef } from "../router";

export const MAX_ADDRESSES = 3;
export const ADDRESS_LIMIT_BODY = ["Address limit exceeded."];

const STREET_MSG = "Please enter a valid delivery address for accurate shipment and successful delivery of your order.";
const CITY_MSG = "Please enter a valid city for accurate shipment and successful delivery of your order.";
const STATE_MSG = "Please enter a valid state for accurate shipment and successful delivery of your order.";

interface AddressRow {
  id: number;
  user_id: number;
  receiver_first_name: string;
  receiver_last_name: string;
  receiver_phone_one: string;
  receiver_phone_two: string | null;
  street_address: string;
  city: string;
  state: string;
  country: string;
  zip_code: string | null;
  is_default: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = `id, user_id, receiver_first_name, receiver_last_name, receiver_phone_one, receiver_phone_two, street_address,
  city, state, country, zip_code, is_default, created_at, updated_at`;

export function serializeAddress(a: AddressRow) {
  return {
    id: a.id,
    receiver_first_name: a.receiver_first_name,
    receiver_last_name: a.receiver_last_name,
    receiver_phone_one: a.receiver_phone_one,
    receiver_phone_two: a.receiver_phone_two,
    street_address: a.street_address,
    city: a.city,
    state: a.state,
    country: a.country,
    zip_code: a.zip_code,
    is_default: a.is_default,
    user: a.user_id,
    created_at: new Date(a.created_at).toISOString(),
    updated_at: new Date(a.updated_at).toISOString(),
  };
}

/** "lagos", "FCT", "Abuja" → the canonical state name, or null. */
export function canonicalState(v: string): string | null {
  const s = v.trim().toLowerCase().replace(/\s+state$/, "");
  if (["fct", "abuja", "fct abuja", "abuja fct", "federal capital territory"].includes(s)) return "Federal Capital Territory";
  return NIGERIAN_STATES.find((n) => n.toLowerCase() === s) ?? null;
}

const boolLike = z
  .union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0", "True", "False", ""])])
  .transform((v) => v === true || v === "true" || v === "on" || v === "1" || v === "True");

const idLike = z.union([z.number(), z.string().trim().regex(/^\d+$/)]).transform(Number);

const fields = {
  receiver_first_name: requiredText("First name is required", 3),
  receiver_last_name: requiredText("Last name is required", 3),
  receiver_phone_one: phoneField("Phone number is required", "Please enter a valid Nigerian phone number"),
  receiver_phone_two: optionalPhoneField("Please enter a valid Nigerian phone number"),
  street_address: requiredText(STREET_MSG, 10),
  city: requiredText(CITY_MSG, 3),
  state: z
    .string({ error: STATE_MSG })
    .trim()
    .min(1, STATE_MSG)
    .transform((v, c) => {
      const s = canonicalState(v);
      if (!s) {
        c.addIssue({ code: "custom", message: STATE_MSG });
        return z.NEVER;
      }
      return s;
    }),
  country: z
    .string()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v.toUpperCase() : "NGA"))
    .refine((v) => ["NGA", "NG", "NIGERIA", "NGN"].includes(v), "We deliver only within Nigeria (NGA).")
    .transform(() => "NGA"),
  zip_code: z
    .string()
    .trim()
    .max(10, "Ensure this field has no more than 10 characters.")
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  is_default: boolLike.optional(),
  user: z.union([idLike, z.null()]).optional(),
};

export const AddressBody = z.object(fields);
const AddressPatch = z.object(fields).partial();

type AddressInput = z.output<typeof AddressBody>;

/** Like validate(), but one message per field: the first rule a value breaks (as the forms show it). */
function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const errors = zodToDrf(r.error);
  throw badRequest(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.slice(0, 1)])));
}

async function requireSelf(ctx: ApiContext, userId: number): Promise<AuthUser> {
  const user = await ctx.requireUser();
  if (user.id !== userId && user.role !== "admin") throw forbidden();
  return user;
}

const positiveInt = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw notFound();
  return n;
};

async function listFor(q: Queryable, userId: number): Promise<AddressRow[]> {
  const r = await q.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY is_default DESC, id`, [userId]);
  return r.rows;
}

/** The address of the path, owned by the caller (admins may read any). */
async function ownAddress(ctx: ApiContext): Promise<AddressRow> {
  const user = await ctx.requireUser();
  const r = await ctx.db.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = $1`, [positiveInt(ctx.params.id)]);
  const a = r.rows[0];
  if (!a || (a.user_id !== user.id && user.role !== "admin")) throw notFound();
  return a;
}

/** Serialises address writes of one user (limit and single-default checks). */
async function lockUser(q: Queryable, userId: number) {
  await q.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [userId]);
}

async function makeDefault(q: Queryable, userId: number, id: number) {
  await q.query("UPDATE addresses SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2", [userId, id]);
  await q.query("UPDATE addresses SET is_default = true, updated_at = now() WHERE id = $1", [id]);
}

/** Keeps exactly one default while the user has any address: the oldest when none is marked. */
async function ensureDefault(q: Queryable, userId: number) {
  await q.query(
    `UPDATE addresses SET is_default = true WHERE id = (SELECT id FROM addresses WHERE user_id = $1 ORDER BY id LIMIT 1)
       AND NOT EXISTS (SELECT 1 FROM addresses WHERE user_id = $1 AND is_default)`,
    [userId],
  );
}

async function one(q: Queryable, id: number): Promise<AddressRow> {
  const r = await q.query<AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = $1`, [id]);
  return r.rows[0];
}

async function create(ctx: ApiContext) {
  const user = await ctx.requireUser();
  const raw = await ctx.body();
  const ownerId = raw.user === undefined || raw.user === null || raw.user === "" ? user.id : Number(raw.user);
  if (ownerId !== user.id && user.role !== "admin") throw forbidden();
  const existing = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM addresses WHERE user_id = $1", [ownerId]);
  if (existing.rows[0].n >= MAX_ADDRESSES) throw badRequest(ADDRESS_LIMIT_BODY);
  const body = validate(AddressBody, raw);
  const id = await ctx.db.tx(async (q) => {
    await lockUser(q, ownerId);
    const n = await q.query<{ n: number }>("SELECT count(*)::int AS n FROM addresses WHERE user_id = $1", [ownerId]);
    if (n.rows[0].n >= MAX_ADDRESSES) throw badRequest(ADDRESS_LIMIT_BODY);
    const r = await q.query<{ id: number }>(
      `INSERT INTO addresses (user_id, receiver_first_name, receiver_last_name, receiver_phone_one, receiver_phone_two,
         street_address, city, state, country, zip_code, is_default)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, false) RETURNING id`,
      [ownerId, ...values(body)],
    );
    const newId = r.rows[0].id;
    if (body.is_default || n.rows[0].n === 0) await makeDefault(q, ownerId, newId);
    return newId;
  });
  return json(serializeAddress(await one(ctx.db, id)), 201);
}

function values(b: AddressInput) {
  return [
    b.receiver_first_name,
    b.receiver_last_name,
    b.receiver_phone_one,
    b.receiver_phone_two,
    b.street_address,
    b.city,
    b.state,
    b.country,
    b.zip_code,
  ];
}

async function update(ctx: ApiContext, partial: boolean) {
  const current = await ownAddress(ctx);
  const raw = await ctx.body();
  if (raw.user !== undefined && raw.user !== null && raw.user !== "" && Number(raw.user) !== current.user_id) throw forbidden();
  const body = partial ? validate(AddressPatch, raw) : validate(AddressBody, raw);
  const merged: AddressInput = {
    receiver_first_name: body.receiver_first_name ?? current.receiver_first_name,
    receiver_last_name: body.receiver_last_name ?? current.receiver_last_name,
    receiver_phone_one: body.receiver_phone_one ?? current.receiver_phone_one,
    receiver_phone_two: "receiver_phone_two" in raw ? (body.receiver_phone_two ?? null) : current.receiver_phone_two,
    street_address: body.street_address ?? current.street_address,
    city: body.city ?? current.city,
    state: body.state ?? current.state,
    country: body.country ?? current.country,
    zip_code: "zip_code" in raw ? (body.zip_code ?? null) : current.zip_code,
  };
  await ctx.db.tx(async (q) => {
    await lockUser(q, current.user_id);
    await q.query(
      `UPDATE addresses SET receiver_first_name = $2, receiver_last_name = $3, receiver_phone_one = $4, receiver_phone_two = $5,
         street_address = $6, city = $7, state = $8, country = $9, zip_code = $10, updated_at = now()
       WHERE id = $1`,
      [current.id, ...values(merged)],
    );
    if (body.is_default === true) await makeDefault(q, current.user_id, current.id);
    else if (body.is_default === false && current.is_default) {
      // Another address takes over; the only address stays the default.
      const other = await q.query<{ id: number }>("SELECT id FROM addresses WHERE user_id = $1 AND id <> $2 ORDER BY id LIMIT 1", [
        current.user_id,
        current.id,
      ]);
      if (other.rows[0]) await makeDefault(q, current.user_id, other.rows[0].id);
    }
  });
  return json(serializeAddress(await one(ctx.db, current.id)));
}

async function remove(ctx: ApiContext) {
  const a = await ownAddress(ctx);
  await ctx.db.tx(async (q) => {
    await lockUser(q, a.user_id);
    await q.query("DELETE FROM addresses WHERE id = $1", [a.id]);
    await ensureDefault(q, a.user_id);
  });
  return noContent();
}

const AddressSchema = z.object({
  id: z.number(),
  receiver_first_name: z.string(),
  receiver_last_name: z.string(),
  receiver_phone_one: z.string(),
  receiver_phone_two: z.string().nullable(),
  street_address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string().nullable(),
  is_default: z.boolean(),
  user: z.number(),
});

const byIdRoutes = (base: string): RouteDef[] => [
  {
    method: "GET",
    path: `${base}:id/`,
    summary: "One address (owner only)",
    tag: "addresses",
    auth: "required",
    response: AddressSchema,
    handler: async (ctx) => json(serializeAddress(await ownAddress(ctx))),
  },
  {
    method: "PUT",
    path: `${base}:id/`,
    summary: "Replace an address (all fields; 200)",
    tag: "addresses",
    auth: "required",
    body: AddressBody,
    response: AddressSchema,
    handler: (ctx) => update(ctx, false),
  },
  {
    method: "PATCH",
    path: `${base}:id/`,
    summary: "Change some fields; {is_default: true} makes it the only default",
    tag: "addresses",
    auth: "required",
    body: AddressPatch,
    response: AddressSchema,
    handler: (ctx) => update(ctx, true),
  },
  {
    method: "DELETE",
    path: `${base}:id/`,
    summary: "Delete an address (204); deleting the default promotes another",
    tag: "addresses",
    auth: "required",
    status: 204,
    handler: remove,
  },
];

const collectionRoutes = (base: string): RouteDef[] => [
  {
    method: "POST",
    path: base,
    summary: `Add an address for the caller (201). At most ${MAX_ADDRESSES}: 400 ["Address limit exceeded."]. The first one becomes the default.`,
    tag: "addresses",
    auth: "required",
    status: 201,
    body: AddressBody,
    response: AddressSchema,
    handler: create,
  },
  {
    method: "GET",
    path: base,
    summary: "The caller's addresses (array, default first)",
    tag: "addresses",
    auth: "required",
    response: z.array(AddressSchema),
    async handler(ctx) {
      const user = await ctx.requireUser();
      return json((await listFor(ctx.db, user.id)).map(serializeAddress));
    },
  },
];

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:userId/addresses/",
    summary: "A user's addresses (array, default first; that user's token)",
    tag: "addresses",
    auth: "required",
    response: z.array(AddressSchema),
    async handler(ctx) {
      const userId = positiveInt(ctx.params.userId);
      await requireSelf(ctx, userId);
      return json((await listFor(ctx.db, userId)).map(serializeAddress));
    },
  },
  ...collectionRoutes("/users/adresses/"),
  ...byIdRoutes("/users/adresses/"),
  ...collectionRoutes("/users/addresses/"),
  ...byIdRoutes("/users/addresses/"),
];
