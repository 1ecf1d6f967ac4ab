// Entry of `npm start`: the web host in TypeScript, run through tsx's loader.
import { register } from "tsx/esm/api";

register();
await import("./server/main.ts");
