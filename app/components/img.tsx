import { useSyncExternalStore, type ImgHTMLAttributes } from "react";
import { fastestHost, subscribeFastestHost } from "~/lib/images/fastest-host";

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & { src: string; alt: string };

/**
 * An image whose address moves to the fastest image host once the page knows it (docs/product.md).
 * The server renders the address as given; a failed load is retried by image-retry.ts.
 */
export function Img({ src, alt, ...rest }: ImgProps) {
  const fastest = useSyncExternalStore(subscribeFastestHost, fastestHost, () => null);
  return <img src={fastest ? fastest.rewrite(src) : src} alt={alt} {...rest} />;
}
