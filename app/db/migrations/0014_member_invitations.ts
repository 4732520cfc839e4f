/**
 * Store member invitations: an invitation is a store_members row with no
 * accepted_at. The e-mailed accept link carries a random token; only its SHA-256 hash is kept
 * (invite_token_hash), with the moment the link stops working (invite_expires_at, 7 days after it
 * was sent; re-inviting replaces both). Accepting sets user_id and accepted_at.
 */
export const m0014_member_invitations = {
  id: "0014_member_invitations",
  sql: /* sql */ `
ALTER TABLE store_members ADD COLUMN IF NOT EXISTS invite_token_hash text;
ALTER TABLE store_members ADD COLUMN IF NOT EXISTS invite_expires_at timestamptz;
CREATE UNIQUE INDEX IF NOT EXISTS store_members_invite_token_idx ON store_members(invite_token_hash) WHERE invite_token_hash IS NOT NULL;
`,
};
