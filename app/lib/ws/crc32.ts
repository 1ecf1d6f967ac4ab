/** CRC-32 (IEEE 802.3, as zlib) of a string's UTF-8 bytes, as a signed 32-bit integer like Bitget's book checksum. */
const TABLE = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

const encoder = new TextEncoder();

export function crc32(text: string): number {
  let crc = -1;
  for (const byte of encoder.encode(text)) crc = (TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ -1) | 0;
}
