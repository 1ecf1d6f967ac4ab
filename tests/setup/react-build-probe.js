// Test-only preload (`node --import`): once React's server renderer is loaded, one JSON log line
// names the files, so a test can tell the production build from the development one.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const timer = setInterval(() => {
  const files = Object.keys(require.cache).filter((f) => /react-dom[\\/]cjs[\\/]react-dom-server/.test(f));
  if (files.length === 0) return;
  clearInterval(timer);
  process.stdout.write(`${JSON.stringify({ msg: "react server build", files })}\n`);
}, 20);
timer.unref();
