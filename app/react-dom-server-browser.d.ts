// react-dom ships the web-streams server build as `react-dom/server.browser`; its types are those
// of `react-dom/server`, which @types/react-dom declares.
declare module "react-dom/server.browser" {
  export { renderToReadableStream } from "react-dom/server";
}
