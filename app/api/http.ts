/** Kept for existing imports (rate-limit.server.ts): the HTTP helpers live in ./core/http. */
export * from "./core/http";
