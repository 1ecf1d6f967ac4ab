import { useEffect } from "react";
import { startImageHosts } from "~/lib/images/browser-image-hosts";

/** Starts the image-host choice once per page (rendered once, from the root). */
export function ImageHosts() {
  useEffect(() => startImageHosts(), []);
  return null;
}
