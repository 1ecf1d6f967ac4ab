// Entry of `npm start`: the web host in TypeScript, run through tsx's loader.
import { register } from "tsx/esm/api";

// Libraries (React's server renderer first) choose their build from NODE_ENV when first loaded:
// unset, they would run their slow development builds, so no setting means production.
process.env.NODE_ENV ??= "production";
register();
await import("./server/main.ts");
