/**
 * QR codes (ISO/IEC 18004) for an otpauth:// link, a deposit address or the download page: the
 * symbol comes from the library `qr` (error correction level M, the smallest version that holds
 * the text, the mask of lowest penalty; docs/decisions/343); this module only turns it into one
 * SVG path. Imported by the QR component alone, so only the pages that show a code load it.
 */
import encodeQR from "qr";

/** The standard's quiet zone: four light modules on each side. */
export const QUIET_ZONE = 4;

export interface QrMatrix {
  size: number;
  /** `dark[y][x]`, without the quiet zone */
  dark: boolean[][];
  version: number;
}

/** Encodes text (UTF-8) at level M in the smallest version that holds it; throws when no version does. */
export function encodeQr(text: string): QrMatrix {
  // The library always adds a quiet zone to its raw output; take the smallest one off again.
  const framed = encodeQR(text, "raw", { ecc: "medium", border: 1 });
  const dark = framed.slice(1, -1).map((row) => row.slice(1, -1));
  return { size: dark.length, dark, version: (dark.length - 17) / 4 };
}

/** One SVG path of the dark modules, with the quiet zone around them. */
export function qrSvgPath(m: QrMatrix, quiet = QUIET_ZONE): { viewBox: string; d: string } {
  const parts: string[] = [];
  m.dark.forEach((row, y) =>
    row.forEach((d, x) => {
      if (d) parts.push(`M${x + quiet} ${y + quiet}h1v1h-1z`);
    }),
  );
  const side = m.size + quiet * 2;
  return { viewBox: `0 0 ${side} ${side}`, d: parts.join("") };
}
