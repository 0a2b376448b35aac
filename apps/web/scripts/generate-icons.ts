/**
 * Draws every icon of the web app from one mark (run from apps/web: `npx tsx
 * scripts/generate-icons.ts`; the files are committed, nothing is generated at build or run
 * time). The mark is a speech bubble with a question dot, white on the primary blue:
 *
 * - `app/icon.svg`, the browser tab's icon (Next.js links it from every page's head);
 * - `app/favicon.ico` (16, 32 and 48 px), for clients that only ask for /favicon.ico;
 * - `app/apple-icon.png` (180 px, full bleed: iOS rounds the corners itself);
 * - `public/icons/icon-*.png` for the manifest, rounded, and `maskable-*.png`, bleeding the
 *   background to the edges with the mark inside the 80 % safe zone, so launchers may crop
 *   them to any shape.
 *
 * The SVG and the bitmaps are drawn from the same shapes below, so they never differ.
 */
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

/** The light theme's `--primary` (app/globals.css), which the manifest's theme colour is too. */
const PRIMARY = "#2454d6";
const WHITE = "#ffffff";

type Rgb = readonly [number, number, number];

/** A drawing in the unit square: a background, then shapes painted over it in order. */
interface Icon {
  /** Radius of the background's corners, as a fraction of the side; 0 bleeds to the edges. */
  corner: number;
  /** Width of the mark as a fraction of the side. */
  scale: number;
}

interface Shape {
  fill: string;
  contains: (x: number, y: number) => boolean;
  svg: string;
}

const n = (value: number) => Number((value * 100).toFixed(2));

/** The mark, centred, `scale` of the side wide: a bubble with a tail, and a dot in it. */
function markShapes(scale: number): Shape[] {
  const cx = 0.5;
  const cy = 0.5 - 0.05 * scale;
  const rx = 0.45 * scale;
  const ry = 0.36 * scale;
  const tail: [number, number][] = [
    [0.5 - 0.3 * scale, 0.5 + 0.2 * scale],
    [0.5 - 0.1 * scale, 0.5 + 0.2 * scale],
    [0.5 - 0.3 * scale, 0.5 + 0.45 * scale],
  ];
  const dot = 0.09 * scale;
  return [
    {
      fill: WHITE,
      contains: (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1,
      svg: `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${WHITE}"/>`,
    },
    {
      fill: WHITE,
      contains: (x, y) => inTriangle(x, y, tail),
      svg: `<path d="M${tail.map(([x, y]) => `${n(x)} ${n(y)}`).join("L")}Z" fill="${WHITE}"/>`,
    },
    {
      fill: PRIMARY,
      contains: (x, y) => Math.hypot(x - cx, y - cy) <= dot,
      svg: `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(dot)}" fill="${PRIMARY}"/>`,
    },
  ];
}

function inTriangle(x: number, y: number, [a, b, c]: [number, number][]): boolean {
  const side = (p: [number, number], q: [number, number]) =>
    (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  if (a === undefined || b === undefined || c === undefined) return false;
  const [ab, bc, ca] = [side(a, b), side(b, c), side(c, a)];
  return (ab >= 0 && bc >= 0 && ca >= 0) || (ab <= 0 && bc <= 0 && ca <= 0);
}

function inBackground(x: number, y: number, corner: number): boolean {
  const dx = Math.max(corner - x, x - (1 - corner), 0);
  const dy = Math.max(corner - y, y - (1 - corner), 0);
  return Math.hypot(dx, dy) <= corner;
}

function svgOf(icon: Icon): string {
  const background = `<rect width="100" height="100" rx="${n(icon.corner)}" fill="${PRIMARY}"/>`;
  const shapes = markShapes(icon.scale).map((shape) => shape.svg);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${[background, ...shapes].join("")}</svg>\n`;
}

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** RGBA rows of `icon` at `size` px, each pixel averaged over 4×4 samples (smooth edges). */
function pixelsOf(icon: Icon, size: number): Buffer {
  const shapes = markShapes(icon.scale);
  const background = rgbOf(PRIMARY);
  const samples = 4;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          if (!inBackground(x, y, icon.corner)) continue;
          const top = shapes.findLast((shape) => shape.contains(x, y));
          const [r, g, b] = top === undefined ? background : rgbOf(top.fill);
          sum[0] = (sum[0] ?? 0) + r;
          sum[1] = (sum[1] ?? 0) + g;
          sum[2] = (sum[2] ?? 0) + b;
          sum[3] = (sum[3] ?? 0) + 1;
        }
      }
      const covered = sum[3] ?? 0;
      const pixel =
        covered === 0
          ? [0, 0, 0, 0]
          : [...sum.slice(0, 3).map((c) => c / covered), (255 * covered) / samples ** 2];
      rows.set(
        pixel.map((c) => Math.round(c)),
        py * (size * 4 + 1) + 1 + px * 4,
      );
    }
  }
  return rows;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let c = index;
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

function pngOf(icon: Icon, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixelsOf(icon, size))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** An .ico holding one PNG per size (the PNG-in-ICO form every current browser reads). */
function icoOf(icon: Icon, sizes: readonly number[]): Buffer {
  const images = sizes.map((size) => pngOf(icon, size));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(sizes.length, 4);
  let offset = 6 + 16 * sizes.length;
  const entries = images.map((image, index) => {
    const entry = Buffer.alloc(16);
    const size = sizes[index] ?? 0;
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images]);
}

const ROUNDED: Icon = { corner: 0.18, scale: 0.8 };
const MASKABLE: Icon = { corner: 0, scale: 0.62 };
const FULL_BLEED: Icon = { corner: 0, scale: 0.72 };

writeFileSync("app/icon.svg", svgOf(ROUNDED));
writeFileSync("app/favicon.ico", icoOf(ROUNDED, [16, 32, 48]));
writeFileSync("app/apple-icon.png", pngOf(FULL_BLEED, 180));
for (const size of [192, 512]) {
  writeFileSync(`public/icons/icon-${size}.png`, pngOf(ROUNDED, size));
  writeFileSync(`public/icons/maskable-${size}.png`, pngOf(MASKABLE, size));
}
