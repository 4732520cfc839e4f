/**
 * Guest order links with a lifetime (issue 37 item 9, docs/decisions/0029-guest-order-links.md).
 * Links sent before carry no end; they keep opening their order for 30 days from this migration
 * (`guest_link_legacy_until`), so nobody's link stops the day this ships. An order without it
 * (placed later, by a server still running the old code during a rolling deploy) allows its old
 * link 30 days after it was placed.
 */
export const m0036_guest_links = {
  id: "0036_guest_links",
  sql: /* sql */ `
ALTER TABLE orders ADD COLUMN guest_link_legacy_until timestamptz;
UPDATE orders SET guest_link_legacy_until = now() + interval '30 days' WHERE user_id IS NULL;
CREATE INDEX orders_guest_prefix_idx ON orders ((left(id::text, 8))) WHERE user_id IS NULL;
`,
};
