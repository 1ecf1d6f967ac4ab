/** The part of pngjs (no bundled types) that the KYC area uses: synchronous decoding to RGBA. */
declare module "pngjs" {
  export const PNG: {
    sync: {
      read(buffer: Buffer, options?: { skipRescale?: boolean; checkCRC?: boolean }): { width: number; height: number; data: Buffer };
    };
  };
}
