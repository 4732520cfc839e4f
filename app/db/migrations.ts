/**
 * Ordered SQL migrations, shared by the embedded engine (PGlite) and a PostgreSQL server.
 * Written for PostgreSQL 15 (the oldest server we run against). Never edit a migration that
 * has shipped: add a new one. Each later area adds its own file under ./migrations/ and lists it here.
 */
import { m0001_init } from "./migrations/0001_init";
import { m0002_catalog } from "./migrations/0002_catalog";
import { m0003_accounts } from "./migrations/0003_accounts";
import { m0004_store_members } from "./migrations/0004_store_members";
import { m0005_sessions } from "./migrations/0005_sessions";
import { m0006_refunds } from "./migrations/0006_refunds";
import { m0007_orders } from "./migrations/0007_orders";
import { m0008_money_fixes } from "./migrations/0008_money_fixes";
import { m0009_vendor } from "./migrations/0009_vendor";
import { m0010_admin } from "./migrations/0010_admin";
import { m0011_payouts } from "./migrations/0011_payouts";
import { m0012_returns } from "./migrations/0012_returns";
import { m0013_newsletter } from "./migrations/0013_newsletter";
import { m0014_member_invitations } from "./migrations/0014_member_invitations";
import { m0015_variant_options } from "./migrations/0015_variant_options";
import { m0018_catalog_cache } from "./migrations/0018_catalog_cache";
import { m0019_search_postings } from "./migrations/0019_search_postings";
import { m0020_stock_notify } from "./migrations/0020_stock_notify";
import { m0021_shipments } from "./migrations/0021_shipments";
import { m0022_address_lga } from "./migrations/0022_address_lga";
import { m0023_listing_sorts } from "./migrations/0023_listing_sorts";
import { m0024_phone_sms } from "./migrations/0024_phone_sms";
import { m0025_listed_flag } from "./migrations/0025_listed_flag";
import { m0026_languages } from "./migrations/0026_languages";
import { m0027_popular_window } from "./migrations/0027_popular_window";
import { m0028_users_notify } from "./migrations/0028_users_notify";
import { m0029_popular_category } from "./migrations/0029_popular_category";
import { m0030_member_header_notify } from "./migrations/0030_member_header_notify";
import { m0031_money_rule } from "./migrations/0031_money_rule";
import { m0032_payment_channels } from "./migrations/0032_payment_channels";
import { m0033_delivery_code } from "./migrations/0033_delivery_code";
import { m0034_trade_units } from "./migrations/0034_trade_units";
import { m0035_pay_at_door } from "./migrations/0035_pay_at_door";
import { m0036_guest_links } from "./migrations/0036_guest_links";
import { m0037_notification_keys } from "./migrations/0037_notification_keys";
import { m0038_shipment_deadlines } from "./migrations/0038_shipment_deadlines";
import { m0039_business_checks } from "./migrations/0039_business_checks";
import { m0040_certificates } from "./migrations/0040_certificates";
import { m0042_claims } from "./migrations/0042_claims";
import { m0044_quotes } from "./migrations/0044_quotes";
import { m0045_delivery_slots } from "./migrations/0045_delivery_slots";
import { m0047_door_refusals } from "./migrations/0047_door_refusals";

export interface Migration {
  id: string;
  sql: string;
}

export const migrations: Migration[] = [m0001_init, m0002_catalog, m0003_accounts, m0004_store_members, m0005_sessions, m0006_refunds, m0007_orders, m0008_money_fixes, m0009_vendor, m0010_admin, m0011_payouts, m0012_returns, m0013_newsletter, m0014_member_invitations, m0015_variant_options, m0018_catalog_cache, m0019_search_postings, m0020_stock_notify, m0021_shipments, m0022_address_lga, m0023_listing_sorts, m0024_phone_sms, m0025_listed_flag, m0026_languages, m0027_popular_window, m0028_users_notify, m0029_popular_category, m0030_member_header_notify, m0031_money_rule, m0032_payment_channels, m0033_delivery_code, m0034_trade_units, m0035_pay_at_door, m0036_guest_links, m0037_notification_keys, m0038_shipment_deadlines, m0039_business_checks, m0040_certificates, m0042_claims, m0044_quotes, m0045_delivery_slots, m0047_door_refusals];
