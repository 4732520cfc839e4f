/**
 * The process-wide structured logger (pino, JSON lines) for app code: the same instance as the
 * HTTP server's (server/logger.mjs). Secrets are scrubbed there. Log with the request id when you
 * have one: `log().error({ err, requestId: context.requestId }, "what failed")`.
 */
import type { Logger } from "pino";
import { logger } from "../../server/logger.mjs";

export const log = (): Logger => logger();
