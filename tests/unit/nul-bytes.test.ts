/**
 * The page stream without React 18.3's NUL bytes (app/ops/nul-bytes.server.ts): a page of long
 * Igbo and Yorùbá text streamed through the filter is byte for byte the page renderToString
 * writes, and bytes other than NUL (a character split across two chunks) pass untouched.
 */
import { Writable } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "~/ops/nul-bytes.server";

/** Long text of three-byte characters, so some fall across the 2048-byte views React writes. */
const paragraphs = Array.from({ length: 60 }, (_, i) => `${i}. Ọ bụrụ na ihe ruru gị aka n'emebiri emebi, kọọrọ anyị n'ime ụbọchị 7. Ẹ ṣé, ọjà yín ti dé. ${"ụ".repeat(i)}`);
const page = () => createElement("main", null, ...paragraphs.map((p, i) => createElement("p", { key: i }, p)));

function streamed(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _e, cb) {
        chunks.push(chunk);
        cb();
      },
    });
    sink.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(page(), {
      onAllReady() {
        pipe(withoutNulBytes()).pipe(sink);
      },
      onError: reject,
    });
  });
}

describe("withoutNulBytes", () => {
  it("gives the page renderToString writes, with no NUL byte", async () => {
    const bytes = await streamed();
    expect(bytes.includes(0)).toBe(false);
    expect(bytes.toString("utf8")).toBe(renderToString(page()));
  });

  it("keeps a character split across two chunks and drops only the NUL bytes", async () => {
    const ụ = Buffer.from("ụ");
    const out: Buffer[] = [];
    const filter = withoutNulBytes();
    filter.on("data", (c: Buffer) => out.push(c));
    const done = new Promise((r) => filter.on("end", r));
    filter.write(Buffer.concat([Buffer.from("a"), ụ.subarray(0, 1), Buffer.from([0, 0])]));
    filter.end(Buffer.concat([ụ.subarray(1), Buffer.from("b")]));
    await done;
    expect(Buffer.concat(out).toString("utf8")).toBe("aụb");
  });
});
