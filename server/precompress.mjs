#!/usr/bin/env node
/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the client build
 * (public/build: scripts, styles, source maps, SVG, JSON) so the server (./app.mjs) sends them
 * as they are, at the best compression levels, instead of compressing on every request. Run after
 * `remix build` (npm run build, server/start.mjs, the Dockerfile, the test harness). Files whose
 * compressed copy would not be smaller are left alone; an up-to-date copy is not rewritten.
 *
 *   node server/precompress.mjs [dir]      # default: public/build
 */
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";

export const COMPRESSIBLE = /\.(js|mjs|css|map|svg|json|txt|html)$/i;
const MIN_BYTES = 256;

function* files(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (COMPRESSIBLE.test(entry.name)) yield p;
  }
}

/** Compresses the files under `dir`; returns how many files and bytes before and after (brotli). */
export function precompress(dir) {
  let count = 0;
  let raw = 0;
  let br = 0;
  for (const file of files(dir)) {
    const stat = fs.statSync(file);
    if (stat.size < MIN_BYTES) continue;
    const source = fs.readFileSync(file);
    for (const [ext, make] of [
      [".br", () => zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } })],
      [".gz", () => zlib.gzipSync(source, { level: 9 })],
    ]) {
      const target = file + ext;
      const existing = fs.statSync(target, { throwIfNoEntry: false });
      if (existing && existing.mtimeMs >= stat.mtimeMs) {
        if (ext === ".br") br += existing.size;
        continue;
      }
      const out = make();
      if (out.length >= source.length) {
        fs.rmSync(target, { force: true });
        continue;
      }
      fs.writeFileSync(target, out);
      if (ext === ".br") br += out.length;
    }
    count++;
    raw += source.length;
  }
  return { count, raw, br };
}

if (process.argv[1] && path.resolve(process.argv[1]) === url.fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? "public/build");
  const r = precompress(dir);
  process.stdout.write(`precompressed ${r.count} files in ${path.relative(process.cwd(), dir) || "."}: ${Math.round(r.raw / 1024)} KB -> ${Math.round(r.br / 1024)} KB brotli\n`);
}
