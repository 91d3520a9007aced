import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

// A small reader of zip files (a .vsix is one): the central directory's names, and an entry's
// bytes (stored or deflated). Enough for packages vsce and npm write; no zip64, no encryption.

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

export class Zip {
  readonly entries = new Map<string, ZipEntry>();
  private readonly data: Buffer;

  constructor(path: string) {
    this.data = readFileSync(path);
    const d = this.data;
    // The end-of-central-directory record: its signature, searched from the end (a comment may follow it).
    let end = -1;
    for (let i = d.length - 22; i >= Math.max(0, d.length - 22 - 0xffff); i--) {
      if (d.readUInt32LE(i) === 0x06054b50) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new Error(`${path} is not a zip file (no end of central directory)`);
    const count = d.readUInt16LE(end + 10);
    let at = d.readUInt32LE(end + 16);
    for (let n = 0; n < count; n++) {
      if (d.readUInt32LE(at) !== 0x02014b50) throw new Error(`${path}: central directory entry ${n} is damaged`);
      const nameLength = d.readUInt16LE(at + 28);
      const extraLength = d.readUInt16LE(at + 30);
      const commentLength = d.readUInt16LE(at + 32);
      const name = d.toString('utf8', at + 46, at + 46 + nameLength);
      this.entries.set(name, {
        name,
        method: d.readUInt16LE(at + 10),
        compressedSize: d.readUInt32LE(at + 20),
        size: d.readUInt32LE(at + 24),
        offset: d.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
  }

  get names(): string[] {
    return [...this.entries.keys()];
  }

  read(name: string): Buffer {
    const e = this.entries.get(name);
    if (!e) throw new Error(`no ${name} in the zip`);
    const d = this.data;
    if (d.readUInt32LE(e.offset) !== 0x04034b50) throw new Error(`${name}: local header is damaged`);
    const start = e.offset + 30 + d.readUInt16LE(e.offset + 26) + d.readUInt16LE(e.offset + 28);
    const raw = d.subarray(start, start + e.compressedSize);
    if (e.method === 0) return Buffer.from(raw);
    if (e.method === 8) return inflateRawSync(raw);
    throw new Error(`${name}: compression method ${e.method} is not read here`);
  }

  text(name: string): string {
    return this.read(name).toString('utf8');
  }
}

/** Width and height of a PNG, from its IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.toString('latin1', 1, 4) !== 'PNG' || png.toString('latin1', 12, 16) !== 'IHDR')
    throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
