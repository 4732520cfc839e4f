/** Every test worker gets its own data dir (outbox, media variants) and fixed secrets. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mkt-test-"));
process.env.DATA_DIR = dir;
process.env.SESSION_SECRET ??= "test-session-secret";
process.env.NODE_ENV = "test";
process.env.PUBLIC_URL ??= "http://localhost:3000";
delete process.env.DATABASE_URL;
delete process.env.API_URL;
process.env.NEW_STORE_ORDER_CAP = "off"; // a fresh test store would take 5 orders a day; tests/api/business-check.test.ts turns it on
process.env.CATALOG_CACHE = "off"; // tests that want it (tests/api/catalog-cache.test.ts) turn it on
