/**
 * The mail module: the outbox transport writes RFC 822 files; the SMTP transport speaks to a
 * local SMTP server; a failing transport queues the message and flushMailQueue resends it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { flushMailQueue, OutboxTransport, sendMail, setMailTransport, SmtpTransport, type MailTransport } from "~/integrations/mail.server";
import { passwordResetEmail, verificationEmail } from "~/integrations/mail-templates.server";
import { openTestDb } from "../api/harness";

const FROM = "BuildMart NG <no-reply@buildmart.ng>";

describe("outbox transport", () => {
  it("writes one .eml per message with headers, a text and an HTML part; names sort in sending order", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const t = new OutboxTransport(dir);
    const m = verificationEmail("ada@example.com", "Ada", "KEY123abc");
    await t.send({ ...m, from: FROM });
    await t.send({ ...passwordResetEmail("ada@example.com", "Ada", "MQ", "tok"), from: FROM });
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith(".eml"))).toBe(true);
    const [first, second] = files.map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
    expect(first).toMatch(/^To: ada@example\.com$/m);
    expect(first).toMatch(/^From: BuildMart NG <no-reply@buildmart\.ng>$/m);
    expect(first).toMatch(/^Subject: Confirm your e-mail address for BuildMart NG$/m);
    expect(first).toMatch(/^Message-ID: </m);
    expect(first).toMatch(/Content-Type: multipart\/alternative/);
    expect(first).toMatch(/Content-Type: text\/plain/);
    expect(first).toMatch(/Content-Type: text\/html/);
    expect(first.replace(/=\r?\n/g, "")).toContain(`${process.env.PUBLIC_URL}/email/confirm/KEY123abc`);
    expect(second.replace(/=\r?\n/g, "")).toContain(`${process.env.PUBLIC_URL}/reset-password/MQ/tok`);
  });

  it("escapes names in the HTML body", () => {
    const m = verificationEmail("x@example.com", "<script>alert(1)</script>", "k");
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("&lt;script&gt;");
  });
});

describe("SMTP transport", () => {
  const received: { to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, cb) {
        let data = "";
        stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          cb();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("delivers to an SMTP server given as SMTP_URL", async () => {
    const t = new SmtpTransport(`smtp://127.0.0.1:${port}`);
    await t.send({ ...verificationEmail("kemi@example.com", "Kemi", "abc"), from: FROM });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(["kemi@example.com"]);
    expect(received[0].data).toMatch(/^Subject: Confirm your e-mail address/m);
  });
});

describe("queue and retry", () => {
  let db: Db;
  let drop: () => Promise<void>;
  const sent: string[] = [];
  let failing = true;
  const flaky: MailTransport = {
    name: "flaky",
    async send(m) {
      if (failing) throw new Error("connection refused");
      sent.push(m.to);
    },
  };
  beforeAll(async () => {
    ({ db, drop } = await openTestDb("pglite"));
    setMailTransport(flaky);
  });
  afterAll(async () => {
    setMailTransport(null);
    await drop();
  });

  it("queues a message the transport refuses and resends it once the transport works", async () => {
    failing = true;
    expect(await sendMail({ to: "q1@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>" }, db)).toBe("queued");
    const row = await db.query<{ attempts: number; last_error: string; sent_at: unknown }>(
      "SELECT attempts, last_error, sent_at FROM mail_queue WHERE to_address = 'q1@example.com'",
    );
    expect(row.rows[0]).toMatchObject({ attempts: 1, last_error: "connection refused", sent_at: null });

    // still failing: the attempt is counted and pushed back
    expect(await flushMailQueue(db, { all: true })).toEqual({ sent: 0, failed: 1 });
    const after = await db.query<{ attempts: number; later: boolean }>(
      "SELECT attempts, next_attempt_at > now() + interval '1 minute' AS later FROM mail_queue WHERE to_address = 'q1@example.com'",
    );
    expect(after.rows[0]).toEqual({ attempts: 2, later: true });
    // not due yet: a normal flush leaves it alone
    failing = false;
    expect(await flushMailQueue(db)).toEqual({ sent: 0, failed: 0 });

    expect(await flushMailQueue(db, { all: true })).toEqual({ sent: 1, failed: 0 });
    expect(sent).toEqual(["q1@example.com"]);
    const done = await db.query<{ sent: boolean }>("SELECT sent_at IS NOT NULL AS sent FROM mail_queue WHERE to_address = 'q1@example.com'");
    expect(done.rows[0].sent).toBe(true);
    // nothing is sent twice
    expect(await flushMailQueue(db, { all: true })).toEqual({ sent: 0, failed: 0 });
  });

  it("a message another server claimed after this one read the queue is not sent again", async () => {
    failing = true;
    await sendMail({ to: "race@example.com", subject: "Once", text: "z" }, db);
    await db.query("UPDATE mail_queue SET next_attempt_at = now() - interval '1 second' WHERE to_address = 'race@example.com'");
    failing = false;
    // This server reads the due row; before it claims it, another server claims it (and is sending it).
    let raced = false;
    const racing = {
      ...db,
      async query<T>(sql: string, params?: unknown[]) {
        const r = await db.query<T>(sql, params);
        if (!raced && /FROM mail_queue/.test(sql) && sql.trimStart().startsWith("SELECT")) {
          raced = true;
          await db.query("UPDATE mail_queue SET next_attempt_at = now() + interval '10 minutes' WHERE to_address = 'race@example.com'");
        }
        return r;
      },
    } as Db;
    const before = sent.length;
    expect(await flushMailQueue(racing)).toEqual({ sent: 0, failed: 0 });
    expect(raced).toBe(true);
    expect(sent.slice(before)).not.toContain("race@example.com");
  });

  it("a successful send also flushes what is due in the queue", async () => {
    failing = true;
    await sendMail({ to: "q2@example.com", subject: "Queued", text: "x" }, db);
    await db.query("UPDATE mail_queue SET next_attempt_at = now() - interval '1 second' WHERE to_address = 'q2@example.com'");
    failing = false;
    expect(await sendMail({ to: "q3@example.com", subject: "Now", text: "y" }, db)).toBe("sent");
    await expect.poll(() => sent.includes("q2@example.com")).toBe(true);
    expect(sent).toContain("q3@example.com");
  });

  it("a message queued while a flush is running is sent by one more run right after it, not left for the job", async () => {
    failing = false;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow: MailTransport = {
      name: "slow",
      async send(m) {
        await gate;
        sent.push(m.to);
      },
    };
    setMailTransport(slow);
    try {
      await db.query("INSERT INTO mail_queue (to_address, subject, text_body) VALUES ('r1@example.com', 'First', 'x')");
      const first = flushMailQueue(db);
      // the first run is sending r1 (its rows are chosen) when r2 is committed and a flush is asked
      await expect.poll(() => db.query("SELECT 1 FROM mail_queue WHERE to_address = 'r1@example.com' AND next_attempt_at > now()").then((r) => r.rows.length)).toBe(1);
      await db.query("INSERT INTO mail_queue (to_address, subject, text_body) VALUES ('r2@example.com', 'Second', 'y')");
      const second = flushMailQueue(db);
      release();
      expect(await first).toEqual({ sent: 1, failed: 0 });
      expect(await second).toEqual({ sent: 1, failed: 0 });
      expect(sent).toContain("r2@example.com");
    } finally {
      setMailTransport(flaky);
    }
  });
});
