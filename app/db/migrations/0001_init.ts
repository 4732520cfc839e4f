export const m0001_init = {
  id: "0001_init",
  sql: /* sql */ `
CREATE EXTENSION IF NOT EXISTS citext;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

CREATE TABLE users (
  id              serial PRIMARY KEY,
  email           citext NOT NULL UNIQUE,
  password_hash   text,
  first_name      text NOT NULL DEFAULT '',
  last_name       text NOT NULL DEFAULT '',
  phone           text,
  role            text NOT NULL DEFAULT 'shopper' CHECK (role IN ('shopper', 'admin')),
  email_verified_at timestamptz,
  google_sub      text UNIQUE,
  newsletter      boolean NOT NULL DEFAULT false,
  is_active       boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE email_verifications (
  key         text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX email_verifications_user_idx ON email_verifications(user_id);

CREATE TABLE password_resets (
  token_hash  text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets(user_id);

-- Refresh tokens are tracked so logout and password changes can revoke them.
CREATE TABLE refresh_tokens (
  jti         text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens(user_id);

CREATE TABLE categories (
  id          serial PRIMARY KEY,
  name        text NOT NULL,
  slug        text NOT NULL UNIQUE,
  parent_id   integer REFERENCES categories(id) ON DELETE RESTRICT,
  position    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX categories_parent_idx ON categories(parent_id);
CREATE UNIQUE INDEX categories_name_parent_uq ON categories(lower(name), coalesce(parent_id, 0));

CREATE TABLE stores (
  id          serial PRIMARY KEY,
  owner_id    integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  name        text NOT NULL,
  slug        text NOT NULL UNIQUE,
  email       citext NOT NULL,
  phone       text NOT NULL,
  website     text NOT NULL DEFAULT '',
  address     text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  business_license_number text NOT NULL DEFAULT '',
  logo_key    text,
  banner_key  text,
  facebook    text NOT NULL DEFAULT '',
  instagram   text NOT NULL DEFAULT '',
  x_link      text NOT NULL DEFAULT '',
  agreement   boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stores_owner_idx ON stores(owner_id, id);

CREATE TABLE store_members (
  id          serial PRIMARY KEY,
  store_id    integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id     integer REFERENCES users(id) ON DELETE CASCADE,
  email       citext NOT NULL,
  role        text NOT NULL DEFAULT 'Member' CHECK (role IN ('Owner', 'Member')),
  invited_by  integer REFERENCES users(id) ON DELETE SET NULL,
  accepted_at timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (store_id, email)
);

-- Files (product photos, store logos) live behind the storage interface; this is their index.
CREATE TABLE images (
  key         text PRIMARY KEY,
  content_type text NOT NULL,
  width       integer,
  height      integer,
  bytes       integer,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id              serial PRIMARY KEY,
  store_id        integer NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  user_id         integer NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
  category_id     integer NOT NULL REFERENCES categories(id) ON DELETE RESTRICT,
  name            text NOT NULL,
  description     text NOT NULL DEFAULT '',
  type            text NOT NULL DEFAULT 'sale' CHECK (type IN ('sale', 'rent')),
  size            text NOT NULL DEFAULT 'medium' CHECK (size IN ('small', 'medium', 'large')),
  price_kobo      bigint NOT NULL CHECK (price_kobo >= 0),
  selling_price_kobo bigint NOT NULL CHECK (selling_price_kobo >= 0),
  stock_quantity  integer NOT NULL DEFAULT 100 CHECK (stock_quantity >= 0),
  published       boolean NOT NULL DEFAULT true,
  featured        boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_store_idx ON products(store_id, id);
CREATE INDEX products_category_pub_idx ON products(category_id, published, created_at DESC, id DESC);
CREATE INDEX products_pub_created_idx ON products(published, created_at DESC, id DESC);
CREATE INDEX products_featured_idx ON products(featured, published) WHERE featured;

CREATE TABLE product_images (
  id          serial PRIMARY KEY,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  image_key   text NOT NULL REFERENCES images(key) ON DELETE RESTRICT,
  position    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_images_product_idx ON product_images(product_id, position);

CREATE TABLE variants (
  id          serial PRIMARY KEY,
  name        citext NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE product_options (
  id          serial PRIMARY KEY,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  variant_id  integer NOT NULL REFERENCES variants(id) ON DELETE RESTRICT,
  value       text NOT NULL,
  price_kobo  bigint NOT NULL CHECK (price_kobo >= 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_options_product_idx ON product_options(product_id);

CREATE TABLE carts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     integer UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_items (
  id          serial PRIMARY KEY,
  cart_id     uuid NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  quantity    integer NOT NULL CHECK (quantity >= 1),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, product_id)
);

CREATE TABLE wishlist_items (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, product_id)
);

CREATE TABLE reviews (
  id          serial PRIMARY KEY,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rating      integer NOT NULL CHECK (rating BETWEEN 1 AND 5),
  review_text text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, user_id)
);
CREATE INDEX reviews_product_created_idx ON reviews(product_id, created_at DESC);

CREATE TABLE addresses (
  id                  serial PRIMARY KEY,
  user_id             integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  receiver_first_name text NOT NULL,
  receiver_last_name  text NOT NULL,
  receiver_phone_one  text NOT NULL,
  receiver_phone_two  text,
  street_address      text NOT NULL,
  city                text NOT NULL,
  state               text NOT NULL,
  country             text NOT NULL DEFAULT 'NGA',
  zip_code            text,
  is_default          boolean NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_idx ON addresses(user_id);
CREATE UNIQUE INDEX addresses_one_default_uq ON addresses(user_id) WHERE is_default;

CREATE TABLE orders (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id               integer REFERENCES users(id) ON DELETE SET NULL,
  customer_email        citext,
  delivery_address_id   integer REFERENCES addresses(id) ON DELETE SET NULL,
  -- A copy of the delivery address at order time (guest or member), so editing or deleting
  -- an address later never changes where a past order went.
  delivery_address      jsonb NOT NULL,
  order_total_kobo      bigint NOT NULL CHECK (order_total_kobo >= 0),
  shipping_kobo         bigint NOT NULL DEFAULT 0 CHECK (shipping_kobo >= 0),
  order_delivery_status text NOT NULL DEFAULT 'Placed' CHECK (order_delivery_status IN ('Placed', 'Confirmed', 'Shipped', 'Delivered')),
  order_payment_status  text NOT NULL DEFAULT 'Pending' CHECK (order_payment_status IN ('Pending', 'Complete', 'Failed', 'Refunded', 'Cancelled')),
  order_payment_method  text NOT NULL DEFAULT 'CardPayment' CHECK (order_payment_method IN ('CardPayment', 'PayOnDelivery')),
  guest_token           text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_created_idx ON orders(user_id, created_at DESC);

CREATE TABLE order_items (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id           uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id         integer REFERENCES products(id) ON DELETE SET NULL,
  store_id           integer REFERENCES stores(id) ON DELETE SET NULL,
  product_name       text NOT NULL,
  quantity           integer NOT NULL CHECK (quantity >= 1),
  item_price_kobo    bigint NOT NULL CHECK (item_price_kobo >= 0),
  status             text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Cancelled')),
  cancel_reason      text,
  cancelled_at       timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_items_order_idx ON order_items(order_id);
CREATE INDEX order_items_store_idx ON order_items(store_id, created_at DESC);
CREATE INDEX order_items_product_idx ON order_items(product_id);

CREATE TABLE payment_transactions (
  id              serial PRIMARY KEY,
  order_id        uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  user_id         integer REFERENCES users(id) ON DELETE SET NULL,
  reference       text NOT NULL UNIQUE,
  amount_kobo     bigint NOT NULL CHECK (amount_kobo >= 0),
  currency        text NOT NULL DEFAULT 'NGN',
  customer_email  citext NOT NULL,
  payment_method  text NOT NULL CHECK (payment_method IN ('CardPayment', 'PayOnDelivery')),
  payment_status  text NOT NULL DEFAULT 'Pending' CHECK (payment_status IN ('Pending', 'Complete', 'Failed', 'Abandoned', 'Refunded')),
  authorization_url text,
  provider_status text,
  provider_payload jsonb,
  verified_at     timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_transactions_order_idx ON payment_transactions(order_id, created_at DESC);
CREATE INDEX payment_transactions_pending_idx ON payment_transactions(created_at) WHERE payment_status = 'Pending';

CREATE TABLE webhook_events (
  id          serial PRIMARY KEY,
  provider    text NOT NULL,
  event       text NOT NULL,
  reference   text NOT NULL,
  payload     jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  UNIQUE (provider, event, reference)
);

CREATE TABLE notifications (
  id          serial PRIMARY KEY,
  user_id     integer REFERENCES users(id) ON DELETE CASCADE,
  store_id    integer REFERENCES stores(id) ON DELETE CASCADE,
  kind        text NOT NULL,
  title       text NOT NULL,
  body        text NOT NULL DEFAULT '',
  link        text,
  read_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (user_id IS NOT NULL OR store_id IS NOT NULL)
);
CREATE INDEX notifications_user_idx ON notifications(user_id, created_at DESC);
CREATE INDEX notifications_store_idx ON notifications(store_id, created_at DESC);

CREATE TABLE newsletter_subscriptions (
  id              serial PRIMARY KEY,
  email           citext NOT NULL UNIQUE,
  user_id         integer REFERENCES users(id) ON DELETE SET NULL,
  token           text NOT NULL UNIQUE,
  confirmed_at    timestamptz,
  unsubscribed_at timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Outgoing email that could not be delivered yet; a worker retries it.
CREATE TABLE mail_queue (
  id          serial PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  text_body   text NOT NULL,
  html_body   text,
  attempts    integer NOT NULL DEFAULT 0,
  last_error  text,
  sent_at     timestamptz,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_queue_due_idx ON mail_queue(next_attempt_at) WHERE sent_at IS NULL;
`,
};
