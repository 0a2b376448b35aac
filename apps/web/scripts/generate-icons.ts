/**
 * Draws the app icons (run once: `npx tsx scripts/generate-icons.ts`; the PNGs are
 * committed, nothing is generated at build or run time). A speech bubble with a question
 * dot on the accent blue: `icon-*.png` fill the square with rounded corners; `maskable-*.png`
 * bleed the background to the edges and keep the mark inside the 80 % safe zone, so launchers
 * may crop them to any shape.
 */
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const ACCENT = [0x24, 0x54, 0xd6] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA PNG whose pixel (x, y) in [0, 1)² is `paint(x, y)`. */
function png(size: number, paint: (x: number, y: number) => readonly number[]): Buffer {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    rows[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x += 1) {
      const [r = 0, g = 0, b = 0, a = 255] = paint((x + 0.5) / size, (y + 0.5) / size);
      rows.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The mark, centred, `scale` of the icon wide: a bubble with a tail and a blue dot. */
function mark(x: number, y: number, scale: number): boolean | "dot" {
  const u = (x - 0.5) / scale;
  const v = (y - 0.5) / scale;
  if (Math.hypot(u, v + 0.05) < 0.09) return "dot";
  const inBubble = (u / 0.45) ** 2 + ((v + 0.05) / 0.36) ** 2 <= 1;
  const inTail = v > 0.2 && v < 0.45 && u > -0.3 && u < -0.3 + (0.45 - v) * 0.8;
  return inBubble || inTail;
}

function paintIcon(maskable: boolean) {
  return (x: number, y: number): readonly number[] => {
    const corner = 0.18;
    const dx = Math.max(corner - x, x - (1 - corner), 0);
    const dy = Math.max(corner - y, y - (1 - corner), 0);
    if (!maskable && Math.hypot(dx, dy) > corner) return [0, 0, 0, 0];
    const inside = mark(x, y, maskable ? 0.62 : 0.8);
    return inside === true ? WHITE : ACCENT;
  };
}

for (const size of [192, 512]) {
  writeFileSync(`public/icons/icon-${size}.png`, png(size, paintIcon(false)));
  writeFileSync(`public/icons/maskable-${size}.png`, png(size, paintIcon(true)));
}
