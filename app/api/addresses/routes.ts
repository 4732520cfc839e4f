/**
 * The address book (spec sections 3, 5, 7; docs/api-contract.md). Spellings: a user's list is
 * /users/{userId}/addresses/, everything else /users/adresses/... (a correctly spelled alias
 * /users/addresses/... answers too). Only the owner reads or writes; another user's address is a
 * 404, another user's list a 403.
 *
 * Rules (app/domain/addresses.ts): at most 3 addresses (400 with the body ["Address limit
 * exceeded."]); the first address is the default; {is_default: true} makes an address the only
 * default; deleting the default promotes the oldest remaining one. Phones are stored in +234
 * form; state is one of the 36 states or the FCT. `lga` and `landmark` are optional (older clients
 * send neither and keep what is stored): the LGA must be one of the state's (400 {lga: [...]}),
 * the landmark at most 120 characters; postal code (zip_code) is optional.
 */
import * as z from "zod";
import { ADDRESS_LIMIT_BODY, MAX_ADDRESSES, lgaStateProblem } from "~/domain/addresses";
import { badRequest, forbidden, json, noContent, notFound } from "../core/http";
import { parseIntId } from "../core/params";
import type { ApiContext, RouteDef } from "../core/types";
import { createAddress, deleteAddress, updateAddress, type AddressValues } from "./commands.server";
import { countAddresses, findAddress, listAddresses } from "./queries.server";
import { AddressBody, AddressPatch, AddressSchema } from "./schemas";
import { serializeAddress, type AddressRow } from "./serialize";

const given = (v: unknown) => v !== undefined && v !== null && v !== "";

/** The address of the path, owned by the caller (admins may read any); others 404. */
async function ownAddress(ctx: ApiContext): Promise<AddressRow> {
  const user = await ctx.requireUser();
  const a = await findAddress(ctx.db, ctx.intParam("id"));
  if (!a || !ctx.isOwnerOrAdmin(user, a.user_id)) throw notFound();
  return a;
}

/**
 * GET of one address: its owner (or an admin), and, read only, an accepted member of a store that
 * has a shipment (lines) in an order delivered to this address: the seed's store order page reads
 * the delivery address this way (docs/api-contract.md). Anyone else: 404, as for a missing one.
 */
async function readableAddress(ctx: ApiContext): Promise<AddressRow> {
  const user = await ctx.requireUser();
  const a = await findAddress(ctx.db, ctx.intParam("id"));
  if (!a) throw notFound();
  if (ctx.isOwnerOrAdmin(user, a.user_id)) return a;
  const shipsThere = await ctx.db.query(
    `SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
       JOIN store_members m ON m.store_id = oi.store_id AND m.user_id = $2 AND m.accepted_at IS NOT NULL
      WHERE o.delivery_address_id = $1 LIMIT 1`,
    [a.id, user.id],
  );
  if (!shipsThere.rows[0]) throw notFound();
  return a;
}

async function create(ctx: ApiContext<typeof AddressBody>) {
  const user = await ctx.requireUser();
  const raw = await ctx.body();
  let ownerId = user.id;
  if (given(raw.user)) {
    const id = parseIntId(String(raw.user));
    if (!ctx.isOwnerOrAdmin(user, id)) throw forbidden();
    if (id === null) throw badRequest({ user: ["A valid integer is required."] });
    const exists = await ctx.db.query("SELECT 1 FROM users WHERE id = $1", [id]);
    if (!exists.rows[0]) throw badRequest({ user: [`Invalid pk "${id}" - object does not exist.`] });
    ownerId = id;
  }
  if ((await countAddresses(ctx.db, ownerId)) >= MAX_ADDRESSES) throw badRequest(ADDRESS_LIMIT_BODY);
  const body = await ctx.input();
  const id = await ctx.db.tx((q) => createAddress(q, ownerId, body, !!body.is_default));
  return json(serializeAddress((await findAddress(ctx.db, id))!), 201);
}

async function update(ctx: ApiContext<typeof AddressPatch>) {
  const current = await ownAddress(ctx);
  const raw = await ctx.body();
  if (given(raw.user) && parseIntId(String(raw.user)) !== current.user_id) throw forbidden();
  // PUT declares AddressBody, PATCH AddressPatch (every field optional): the same fields either way.
  const body = await ctx.input();
  const merged: AddressValues = {
    receiver_first_name: body.receiver_first_name ?? current.receiver_first_name,
    receiver_last_name: body.receiver_last_name ?? current.receiver_last_name,
    receiver_phone_one: body.receiver_phone_one ?? current.receiver_phone_one,
    receiver_phone_two: "receiver_phone_two" in raw ? (body.receiver_phone_two ?? null) : current.receiver_phone_two,
    street_address: body.street_address ?? current.street_address,
    city: body.city ?? current.city,
    state: body.state ?? current.state,
    country: body.country ?? current.country,
    zip_code: "zip_code" in raw ? (body.zip_code ?? null) : current.zip_code,
    // Clients that know nothing of LGAs and landmarks (they send neither) keep the stored ones.
    lga: "lga" in raw ? (body.lga ?? null) : current.lga,
    landmark: "landmark" in raw ? (body.landmark ?? null) : current.landmark,
  };
  const problem = lgaStateProblem(merged.state, merged.lga);
  if (problem) {
    // A new LGA must be the address's state's; a kept one no longer applies once the state moves.
    if ("lga" in raw) throw badRequest({ lga: [problem] });
    merged.lga = null;
  }
  await ctx.db.tx((q) => updateAddress(q, current, merged, body.is_default));
  return json(serializeAddress((await findAddress(ctx.db, current.id))!));
}

async function remove(ctx: ApiContext) {
  const a = await ownAddress(ctx);
  await ctx.db.tx((q) => deleteAddress(q, a));
  return noContent();
}

const byIdRoutes = (base: string): RouteDef[] => [
  {
    method: "GET",
    path: `${base}:id/`,
    access: "owner",
    summary: "One address: its owner; read only, a member of a store with a shipment in an order delivered to it; others 404",
    tag: "addresses",
    auth: "required",
    response: AddressSchema,
    handler: async (ctx) => json(serializeAddress(await readableAddress(ctx))),
  },
  {
    method: "PUT",
    path: `${base}:id/`,
    access: "owner",
    summary: "Replace an address (all fields; 200)",
    tag: "addresses",
    auth: "required",
    body: AddressBody,
    response: AddressSchema,
    bodyErrors: "first",
    handler: update,
  },
  {
    method: "PATCH",
    path: `${base}:id/`,
    access: "owner",
    summary: "Change some fields; {is_default: true} makes it the only default",
    tag: "addresses",
    auth: "required",
    body: AddressPatch,
    response: AddressSchema,
    bodyErrors: "first",
    handler: update,
  },
  {
    method: "DELETE",
    path: `${base}:id/`,
    access: "owner",
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
    access: "authenticated",
    summary: `Add an address for the caller (201). At most ${MAX_ADDRESSES}: 400 ["Address limit exceeded."]. The first one becomes the default.`,
    tag: "addresses",
    auth: "required",
    status: 201,
    body: AddressBody,
    // One message per field: the first rule a value breaks (as the forms show it).
    bodyErrors: "first",
    response: AddressSchema,
    handler: create,
  },
  {
    method: "GET",
    path: base,
    access: "authenticated",
    summary: "The caller's addresses (array, default first)",
    tag: "addresses",
    auth: "required",
    response: z.array(AddressSchema),
    async handler(ctx) {
      const user = await ctx.requireUser();
      return json((await listAddresses(ctx.db, user.id)).map(serializeAddress));
    },
  },
];

export const routes: RouteDef[] = [
  {
    method: "GET",
    path: "/users/:userId/addresses/",
    access: "self",
    summary: "A user's addresses (array, default first; that user's token)",
    tag: "addresses",
    auth: "required",
    response: z.array(AddressSchema),
    handler: async (ctx) => json((await listAddresses(ctx.db, ctx.intParam("userId"))).map(serializeAddress)),
  },
  ...collectionRoutes("/users/adresses/"),
  ...byIdRoutes("/users/adresses/"),
  ...collectionRoutes("/users/addresses/"),
  ...byIdRoutes("/users/addresses/"),
];
