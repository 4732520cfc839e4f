/**
 * React writes the document's shell, `</body></html>` included, before the parts it streams later
 * (Remix's loader data for the browser: `<!--$--><script>…streamController.enqueue(…)</script>`),
 * so those scripts arrived after `</html>`: invalid HTML ("Stray start tag script", W3C Nu
 * validator, issue 38 item 7), which browsers repair by moving them into the body. This filter
 * holds the closing `</body></html>` back and writes it after the last streamed part, so the
 * scripts land inside the body where they are run anyway. Nothing else of the stream changes.
 */
import { Transform } from "node:stream";

const CLOSE = "</body></html>";

/** A byte stream with its `</body></html>` moved to its end. */
export function closingTagsLast(): Transform {
  // Bytes that may be the start of the closing tags, held until the next chunk says.
  let carry = "";
  let held = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (held) return callback(null, chunk);
      // The closing tags are ASCII; a multibyte character split across chunks stays intact in
      // `latin1` (one char per byte), which round-trips exactly.
      let text = carry + chunk.toString("latin1");
      carry = "";
      const at = text.indexOf(CLOSE);
      if (at >= 0) {
        held = true;
        text = text.slice(0, at) + text.slice(at + CLOSE.length);
      } else {
        // Keep back the longest tail that is a beginning of the closing tags.
        for (let n = Math.min(CLOSE.length - 1, text.length); n > 0; n--) {
          if (CLOSE.startsWith(text.slice(-n))) {
            carry = text.slice(-n);
            text = text.slice(0, -n);
            break;
          }
        }
      }
      callback(null, text.length ? Buffer.from(text, "latin1") : undefined);
    },
    flush(callback) {
      callback(null, Buffer.from(carry + (held ? CLOSE : ""), "latin1"));
    },
  });
}
