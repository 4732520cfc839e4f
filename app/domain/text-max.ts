/** Text field limits, without zod, so the browser may import them (docs/architecture.md, Forms). */
/** Sensible maximum lengths (characters) of the text fields of the app. */
export const TEXT_MAX = {
  /** First and last names (users, receivers). */
  name: 150,
  email: 254,
  /** A phone number as typed (spaces and dashes allowed). */
  phone: 20,
  password: 128,
  street: 255,
  city: 100,
  state: 64,
  country: 64,
  zip: 10,
  /** A local government area's name (the longest official one is 31). */
  lga: 64,
  /** An address's landmark or nearest bus stop. */
  landmark: 120,
  reviewText: 2000,
  /** Product, store and category names. */
  title: 200,
  slug: 100,
  /** Product and store descriptions (250 words fit comfortably). */
  description: 5000,
  url: 2000,
  search: 200,
  /** Tokens, keys, uids, nonces and other opaque strings. */
  token: 4096,
  /** Any other one-line text. */
  line: 255,
} as const;
