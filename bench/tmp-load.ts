import { Pool } from "undici";
const pool = new Pool("http://127.0.0.1:3917", { connections: 8 });
const end = Date.now() + 8000; let n = 0;
await Promise.all(Array.from({ length: 8 }, async () => { while (Date.now() < end) { const r = await pool.request({ path: process.argv[2]!, method: "GET", headers: { "accept-encoding": "gzip, deflate, br" } }); await r.body.dump(); n++; } }));
console.log(n / 8, "rps"); await pool.close();
