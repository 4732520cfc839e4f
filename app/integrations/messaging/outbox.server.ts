/** Shared by the SMS and WhatsApp stand-ins: one JSON file per message in a directory, written then renamed (readers never see half a file). */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

let seq = 0;
export async function writeOutboxFile(dir: string, message: Record<string, unknown>): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true });
  const name = `${Date.now()}-${String(seq++ % 1e6).padStart(6, "0")}-${crypto.randomBytes(4).toString("hex")}.json`;
  const tmp = path.join(dir, `.${name}.tmp`);
  await fs.promises.writeFile(tmp, JSON.stringify({ ...message, at: new Date().toISOString() }, null, 2));
  await fs.promises.rename(tmp, path.join(dir, name));
}

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 1000);

/** Back-off after `attempts` failures: 2, 4, 8 … minutes, at most a day (as mail). */
export const backoffMinutes = (attempts: number) => Math.min(24 * 60, 2 ** Math.min(attempts + 1, 11));
