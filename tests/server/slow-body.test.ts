/**
 * Slow bodies (issue 37): a request's headers and body must arrive within REQUEST_TIMEOUT_MS
 * (30 s by default; 1 s here), else the server answers 408 and closes the connection, for a
 * storefront form, an API call and headers that never end alike. Others are served meanwhile.
 */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { requestTimeouts } from "../../server/app.mjs";
import { rawRequest, useAppServer } from "./harness";

const app = useAppServer({ seed: false, env: { REQUEST_TIMEOUT_MS: "1000" } });

/** Sends `head` and a part of the body, then nothing more; answers what came back before the server closed. */
function sendAndStall(port: number, head: string, part: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let got = "";
    socket.on("data", (c: Buffer) => (got += c.toString("latin1")));
    socket.on("close", () => resolve(got));
    socket.on("error", (err) => (got ? resolve(got) : reject(err)));
    socket.write(head + part);
  });
}

describe("slow request bodies", () => {
  it("answers 408 and closes the connection when a form's body stalls", async () => {
    const { port, url } = app.server();
    const host = new URL(url).host;
    const got = await sendAndStall(
      port,
      `POST /auth/login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n`,
      "email=slow%40example.com&pass",
    );
    expect(got).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("answers 408 when an API call's body stalls, and when headers never end", async () => {
    const { port, url } = app.server();
    const host = new URL(url).host;
    const api = await sendAndStall(port, `POST /api/v1/users/auth/login/ HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`, '{"email":');
    expect(api).toMatch(/^HTTP\/1\.1 408 /);
    const headers = await sendAndStall(port, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `, "a");
    expect(headers).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("serves other requests while bodies stall", async () => {
    const { port, url } = app.server();
    const host = new URL(url).host;
    const stalled = Array.from({ length: 10 }, () =>
      sendAndStall(port, `POST /api/v1/users/auth/login/ HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`, "{"),
    );
    const r = await rawRequest(url, { path: "/healthz" });
    expect(r.status).toBe(200);
    for (const got of await Promise.all(stalled)) expect(got).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe("REQUEST_TIMEOUT_MS", () => {
  it("is 30 s unless set, bounds headers and body alike, and refuses a value that is not whole milliseconds from 1000 to 600000", () => {
    expect(requestTimeouts(undefined)).toMatchObject({ requestTimeout: 30_000, headersTimeout: 30_000 });
    expect(requestTimeouts("5000")).toMatchObject({ requestTimeout: 5000, headersTimeout: 5000 });
    for (const bad of ["0", "999", "abc", "1.5", "700000"]) expect(() => requestTimeouts(bad), bad).toThrow(/REQUEST_TIMEOUT_MS/);
  });
});
