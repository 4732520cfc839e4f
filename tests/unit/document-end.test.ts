/**
 * The page stream with its closing `</body></html>` after the streamed tail
 * (app/ops/document-end.server.ts): the scripts React streams after the shell land inside the
 * body (valid HTML), wherever the chunks happen to be cut, and nothing else changes.
 */
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { closingTagsLast } from "~/ops/document-end.server";

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  await pipeline(
    Readable.from(chunks),
    closingTagsLast(),
    new Writable({
      write(c: Buffer, _e, cb) {
        out.push(c);
        cb();
      },
    }),
  );
  return Buffer.concat(out).toString("utf8");
}

describe("the document's closing tags come last", () => {
  const shell = '<!DOCTYPE html><html lang="yo"><head></head><body><p>Ẹ kú àbọ̀ — ₦9,500</p><script>a()</script></body></html>';
  const tail = '<!--$--><script nonce="n">window.__remixContext.streamController.enqueue("[1]")</script><!--/$-->';
  const expected = shell.replace("</body></html>", "") + tail + "</body></html>";

  it("moves the streamed tail inside the body, for every place a chunk may be cut", async () => {
    const bytes = Buffer.from(shell + tail, "utf8");
    for (let cut = 0; cut <= bytes.length; cut++) {
      for (const second of [cut, Math.min(bytes.length, cut + 3)]) {
        const html = await through([bytes.subarray(0, cut), bytes.subarray(cut, second), bytes.subarray(second)]);
        expect(html, `cut at ${cut}/${second}`).toBe(expected);
      }
    }
  });

  it("leaves a page without a streamed tail as it was, and one byte at a time too", async () => {
    expect(await through([Buffer.from(shell)])).toBe(shell);
    expect(await through([...Buffer.from(shell + tail)].map((b) => Buffer.from([b])))).toBe(expected);
  });

  it("passes a fragment that has no closing tags through unchanged (an ending that only looks like one)", async () => {
    const text = "<div>a</div></bo";
    expect(await through([Buffer.from(text)])).toBe(text);
  });
});
