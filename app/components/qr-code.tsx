import { useMemo } from "react";
import { encodeQr, qrSvgPath } from "~/lib/qr/qr-code";

/** A QR code as an SVG image, dark on light whatever the theme (scanners need the contrast). */
export function QrCode({ value, label, size = 184 }: { value: string; label: string; size?: number }) {
  const { viewBox, d } = useMemo(() => qrSvgPath(encodeQr(value)), [value]);
  return (
    <svg className="qr-code" role="img" aria-label={label} width={size} height={size} viewBox={viewBox} shapeRendering="crispEdges">
      <rect width="100%" height="100%" fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
