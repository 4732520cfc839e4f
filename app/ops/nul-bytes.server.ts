/**
 * React 18.3's Node stream writer copies text into a 2048-byte view; when a multibyte character
 * does not fit in what is left of the view, it sends the view whole, unwritten zero bytes
 * included (facebook/react#31134). Pages in Yorùbá, Hausa and Igbo (ẹ, ụ, ɗ: two or three bytes
 * each) then carry NUL bytes in the middle of their text, which browsers show as broken
 * characters. A NUL byte is never part of a UTF-8 character nor of a page we render, so the
 * rendered page goes through this filter, which drops them.
 */
import { Transform } from "node:stream";

/** Drops every 0x00 byte of a byte stream (a PassThrough otherwise). */
export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk.includes(0) ? Buffer.from(chunk.filter((b) => b !== 0)) : chunk);
    },
  });
}
