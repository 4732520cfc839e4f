/** Whether `remix build` must run: the build is missing or older than app/ or server/ (the build bundles parts of server/). */
import fs from "node:fs";
import path from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function buildIsStale(root) {
  const buildFile = path.join(root, "build", "index.js");
  if (!fs.existsSync(buildFile)) return true;
  const built = fs.statSync(buildFile).mtimeMs;
  return ["app", "server"].some((d) => fs.existsSync(path.join(root, d)) && newestMtime(path.join(root, d)) > built);
}
