// Reading JSON text fast: the text's UTF-16 code units as an array for the scans that read a
// large text character by character (pathScan.ts).

/**
 * The text's UTF-16 code units in an array, one per character as the text indexes them, and two
 * zeros after the end (a stop for every loop). Reading an array element is cheaper than
 * `charCodeAt` on a string the engine may hold in pieces (an edited document's text is): the
 * locating pass got a quarter faster on a 1 MB text. The array is reused (scans never overlap).
 */
let codeBuffer = Buffer.alloc(0);
/** A text longer than this gets an array of its own, not kept (at most 4 MB stay allocated). */
const KEEP_UNITS = 2 * 1024 * 1024;

const BIG_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 0;

export function codesOf(text: string): Uint16Array {
  const units = text.length + 2;
  let buffer = codeBuffer;
  if (buffer.length < units * 2) {
    buffer = Buffer.allocUnsafeSlow(Math.max(units * 2, 64 * 1024));
    if (units <= KEEP_UNITS) codeBuffer = buffer;
  }
  const bytes = buffer.write(text, 0, 'utf16le');
  // The array reads the machine's byte order; 'utf16le' writes little-endian.
  if (BIG_ENDIAN) buffer.subarray(0, bytes).swap16();
  const codes = new Uint16Array(buffer.buffer, buffer.byteOffset, units);
  codes[units - 2] = 0;
  codes[units - 1] = 0;
  return codes;
}

export const NO_CODES: Uint16Array = new Uint16Array(2);
