/**
 * Draws the demo's artwork and writes it as PNG files to demo/media/art/ (committed, like the
 * audio): nothing is fetched. Run with `npx tsx scripts/make-artwork.ts`.
 *
 * - `show`, `channel`, `ep-3`: cover art of the podcast, the live channel and one episode,
 *   each at 1400 px (what `itunes:image` points to: Apple asks for 1400–3000 px squares) and
 *   at 320 px (what the JSON `artwork_url` points to: the widgets show an 88 px tile, and a
 *   listener should not download a 1400 px image for it).
 * - `ep-3-ch1` … `ep-3-ch4`, `ep-1-lamp`: chapter pictures (640 px).
 * - `sam`: a host's picture (320 px).
 *
 * Every picture is flat shapes on a gradient, drawn from signed distance functions in unit
 * coordinates (0..1, y down) so it is crisp at any size; edges are anti-aliased by coverage.
 * Flat designs compress well: a 1400 px cover is a few tens of KB.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type RGB = readonly [number, number, number];
type Dist = (x: number, y: number) => number;
interface Layer {
  d: Dist;
  color: RGB | ((x: number, y: number) => RGB);
  alpha?: number;
}
interface Picture {
  background: (x: number, y: number) => RGB;
  layers: Layer[];
}

const hex = (h: string): RGB => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const mix = (a: RGB, b: RGB, t: number): RGB => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const clamp01 = (t: number) => Math.min(1, Math.max(0, t));
/** A gradient from `a` at y0 to `b` at y1 (top to bottom). */
const vertical =
  (a: string, b: string, y0 = 0, y1 = 1) =>
  (_x: number, y: number) =>
    mix(hex(a), hex(b), clamp01((y - y0) / (y1 - y0)));
// Signed distances (negative inside).
const circle =
  (cx: number, cy: number, r: number): Dist =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;
const ellipse =
  (cx: number, cy: number, rx: number, ry: number): Dist =>
  (x, y) =>
    (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry);
const ring =
  (cx: number, cy: number, r: number, width: number): Dist =>
  (x, y) =>
    Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2;
const box =
  (x0: number, y0: number, x1: number, y1: number, radius = 0): Dist =>
  (x, y) => {
    const hx = (x1 - x0) / 2 - radius;
    const hy = (y1 - y0) / 2 - radius;
    const dx = Math.abs(x - (x0 + x1) / 2) - hx;
    const dy = Math.abs(y - (y0 + y1) / 2) - hy;
    return Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - radius;
  };
/** The side of the line through (x0, y0) and (x1, y1) to its left (going from the first point to the second). */
const side = (x0: number, y0: number, x1: number, y1: number): Dist => {
  const len = Math.hypot(x1 - x0, y1 - y0);
  return (x, y) => ((x - x0) * (y1 - y0) - (y - y0) * (x1 - x0)) / len;
};
const both =
  (...ds: Dist[]): Dist =>
  (x, y) =>
    Math.max(...ds.map((d) => d(x, y)));
const either =
  (...ds: Dist[]): Dist =>
  (x, y) =>
    Math.min(...ds.map((d) => d(x, y)));
const without =
  (a: Dist, b: Dist): Dist =>
  (x, y) =>
    Math.max(a(x, y), -b(x, y));
/** A convex polygon, its corners given clockwise as seen on screen: x0, y0, x1, y1, … */
const polygon = (...xy: number[]): Dist => {
  const edges: Dist[] = [];
  for (let i = 0; i < xy.length; i += 2) edges.push(side(xy[i]!, xy[i + 1]!, xy[(i + 2) % xy.length]!, xy[(i + 3) % xy.length]!));
  return both(...edges);
};

/** Deterministic pseudo-random numbers (the pictures never change between runs). */
function random(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** A swift seen from below: crescent wings and a slim body. */
const swift = (cx: number, cy: number, s: number): Dist =>
  either(without(circle(cx, cy + 0.5 * s, 0.62 * s), circle(cx, cy + 0.68 * s, 0.6 * s)), ellipse(cx, cy - 0.04 * s, 0.07 * s, 0.2 * s));

function stars(seed: number, count: number, maxY: number, color = '#fff4d6'): Layer[] {
  const rnd = random(seed);
  return Array.from({ length: count }, () => ({
    d: circle(rnd(), rnd() * maxY, 0.002 + rnd() * 0.004),
    color: hex(color),
    alpha: 0.45 + rnd() * 0.5,
  }));
}

/** Sound waves: arcs of rings around (cx, cy) between the directions `from` and `to` (radians, clockwise from +x). */
function waves(cx: number, cy: number, radii: number[], width: number, from: number, to: number, color: string, alpha = 1): Layer[] {
  const fan = both(side(cx, cy, cx + Math.cos(from), cy + Math.sin(from)), side(cx + Math.cos(to), cy + Math.sin(to), cx, cy));
  return radii.map((r, i) => ({ d: both(ring(cx, cy, r, width), fan), color: hex(color), alpha: alpha * (1 - i * 0.18) }));
}

const INK = hex('#1e1446');
const CREAM = hex('#fff4e0');

const pictures: Record<string, Picture> = {
  // Castlet Sessions: a record that broadcasts, on the castlet violet.
  show: {
    background: vertical('#24135f', '#5b3df5'),
    layers: [
      ...waves(0.5, 0.56, [0.37, 0.43, 0.49], 0.022, -Math.PI * 0.36, -Math.PI * 0.14, '#fff4e0'),
      ...waves(0.5, 0.56, [0.37, 0.43, 0.49], 0.022, -Math.PI * 0.86, -Math.PI * 0.64, '#fff4e0'),
      { d: circle(0.5, 0.56, 0.3), color: CREAM },
      { d: ring(0.5, 0.56, 0.2, 0.008), color: hex('#e9d9bd') },
      { d: circle(0.5, 0.56, 0.095), color: hex('#ff7a59') },
      { d: circle(0.5, 0.56, 0.014), color: INK },
      ...stars(7, 18, 0.2),
    ],
  },
  // Castlet FM: a mast on a hill sending waves into a teal night.
  channel: {
    background: vertical('#0f1a2e', '#0b5563'),
    layers: [
      ...stars(11, 24, 0.35),
      ...waves(0.5, 0.4, [0.11, 0.18, 0.25, 0.32], 0.024, -Math.PI * 0.92, -Math.PI * 0.08, '#5fd3c6'),
      { d: polygon(0.5, 0.42, 0.56, 0.8, 0.44, 0.8), color: hex('#e8f1f2') },
      { d: polygon(0.5, 0.47, 0.535, 0.78, 0.465, 0.78), color: hex('#0f1a2e') },
      { d: circle(0.5, 0.4, 0.035), color: hex('#ff7a59') },
      { d: circle(0.5, 1.55, 0.8), color: hex('#06303a') },
      { d: circle(0.1, 1.3, 0.5), color: hex('#0a3c47') },
      { d: circle(0.95, 1.35, 0.55), color: hex('#0a3c47') },
    ],
  },
  // Night Birds of the City: a crescent moon over a skyline, swifts crossing it.
  'ep-3': {
    background: vertical('#0d1030', '#4a2670', 0, 0.95),
    layers: [
      ...stars(3, 40, 0.6),
      { d: without(circle(0.7, 0.27, 0.12), circle(0.755, 0.225, 0.105)), color: hex('#ffe9a8') },
      { d: swift(0.33, 0.3, 0.07), color: hex('#0a0b24') },
      { d: swift(0.64, 0.3, 0.05), color: hex('#0a0b24') },
      { d: swift(0.24, 0.4, 0.045), color: hex('#0a0b24') },
      ...skyline(),
    ],
  },
  // Chapter one: owls on the rooftops.
  'ep-3-ch1': {
    background: vertical('#0d1424', '#1b2a41'),
    layers: [
      { d: circle(0.5, 0.42, 0.33), color: hex('#f6e7b5'), alpha: 0.9 },
      { d: polygon(0.36, 0.22, 0.43, 0.33, 0.35, 0.35), color: hex('#3d2b1f') },
      { d: polygon(0.64, 0.22, 0.65, 0.35, 0.57, 0.33), color: hex('#3d2b1f') },
      { d: either(ellipse(0.5, 0.66, 0.2, 0.24), circle(0.5, 0.42, 0.16)), color: hex('#3d2b1f') },
      { d: ellipse(0.5, 0.7, 0.12, 0.15), color: hex('#7a5a3c') },
      { d: either(circle(0.435, 0.41, 0.06), circle(0.565, 0.41, 0.06)), color: hex('#ffd36b') },
      { d: either(circle(0.435, 0.41, 0.027), circle(0.565, 0.41, 0.027)), color: hex('#120c08') },
      { d: polygon(0.48, 0.46, 0.52, 0.46, 0.5, 0.51), color: hex('#e8a33d') },
      { d: box(-0.1, 0.86, 1.1, 1.1), color: hex('#0a0e19') },
    ],
  },
  // Chapter two: the robin that sings at midnight, under a street lamp.
  'ep-3-ch2': {
    background: () => hex('#10162e'),
    layers: [
      ...[0.55, 0.4, 0.26].map((r) => ({ d: circle(0.23, 0.25, r), color: hex('#ffd98a'), alpha: 0.07 })),
      { d: box(0.215, 0.24, 0.245, 1.1), color: hex('#2a2f45') },
      { d: box(0.17, 0.18, 0.29, 0.25, 0.02), color: hex('#2a2f45') },
      { d: box(0.19, 0.24, 0.27, 0.27, 0.01), color: hex('#ffe7a3') },
      { d: box(0.24, 0.745, 1.1, 0.765), color: hex('#3a2a1c') },
      { d: polygon(0.76, 0.62, 0.92, 0.72, 0.74, 0.7), color: hex('#5a3d26') },
      { d: either(ellipse(0.62, 0.62, 0.16, 0.13), circle(0.52, 0.49, 0.085)), color: hex('#6b4a2e') },
      { d: both(circle(0.52, 0.6, 0.1), either(ellipse(0.62, 0.62, 0.16, 0.13), circle(0.52, 0.49, 0.085))), color: hex('#e8663d') },
      { d: circle(0.5, 0.47, 0.013), color: hex('#120c08') },
      { d: polygon(0.44, 0.48, 0.445, 0.5, 0.4, 0.5), color: hex('#2a1c12') },
      { d: box(0.58, 0.74, 0.6, 0.75), color: hex('#2a1c12') },
    ],
  },
  // Chapter three: swifts that sleep on the wing, high in a dusk sky.
  'ep-3-ch3': {
    background: vertical('#2f3580', '#ff9a6b'),
    layers: [
      { d: circle(0.5, 1.25, 0.45), color: hex('#ffc08a'), alpha: 0.6 },
      { d: swift(0.4, 0.35, 0.2), color: hex('#1a1a2e') },
      { d: swift(0.7, 0.22, 0.11), color: hex('#1a1a2e') },
      { d: swift(0.22, 0.62, 0.09), color: hex('#1a1a2e') },
      { d: swift(0.72, 0.6, 0.07), color: hex('#1a1a2e') },
    ],
  },
  // Chapter four: how to listen tonight.
  'ep-3-ch4': {
    background: vertical('#0b1630', '#1f3a66'),
    layers: [
      ...stars(5, 30, 1),
      ...waves(0.26, 0.5, [0.14, 0.24, 0.34, 0.44, 0.54], 0.03, -Math.PI * 0.25, Math.PI * 0.25, '#8fd3ff'),
      { d: circle(0.26, 0.5, 0.06), color: hex('#ffe9a8') },
    ],
  },
  // Keepers of the Light, a picture that changes while a chapter plays (toc: false).
  'ep-1-lamp': {
    background: vertical('#1b2b52', '#f2a65a', 0, 0.75),
    layers: [
      { d: polygon(0.44, 0.3, 1.2, 0.12, 1.2, 0.48), color: hex('#fff3b0'), alpha: 0.35 },
      { d: polygon(0.5, 0.22, 0.62, 0.33, 0.38, 0.33), color: hex('#c8323c') },
      { d: box(0.41, 0.33, 0.59, 0.4), color: hex('#ffe27a') },
      { d: box(0.39, 0.4, 0.61, 0.42), color: hex('#2a2f45') },
      { d: polygon(0.42, 0.42, 0.58, 0.42, 0.62, 0.85, 0.38, 0.85), color: hex('#f4f1ea') },
      ...[0.5, 0.64].map((y) => ({
        d: both(polygon(0.42, 0.42, 0.58, 0.42, 0.62, 0.85, 0.38, 0.85), box(0, y, 1, y + 0.07)),
        color: hex('#c8323c'),
      })),
      { d: box(-0.1, 0.82, 1.1, 1.1), color: hex('#15294a') },
      { d: either(ellipse(0.5, 0.87, 0.2, 0.06), ellipse(0.3, 0.9, 0.12, 0.05)), color: hex('#0c1424') },
    ],
  },
  // Sam, the host: a portrait with headphones.
  sam: {
    background: vertical('#5b3df5', '#8a6cff'),
    layers: [
      { d: circle(0.5, 1.08, 0.42), color: hex('#ff7a59') },
      { d: box(0.44, 0.5, 0.56, 0.7, 0.04), color: hex('#d9a27f') },
      { d: circle(0.5, 0.42, 0.17), color: hex('#f0c2a0') },
      { d: both(circle(0.5, 0.41, 0.185), side(1, 0.36, 0, 0.36)), color: hex('#3b2a20') },
      { d: both(ring(0.5, 0.42, 0.21, 0.035), side(1, 0.44, 0, 0.44)), color: INK },
      { d: either(box(0.27, 0.38, 0.34, 0.52, 0.03), box(0.66, 0.38, 0.73, 0.52, 0.03)), color: INK },
    ],
  },
};

/** A row of dark buildings with a few lit windows, along the bottom. */
function skyline(): Layer[] {
  const rnd = random(19);
  const layers: Layer[] = [];
  const windows: Dist[] = [];
  for (let x = -0.02; x < 1;) {
    const w = 0.07 + rnd() * 0.08;
    const top = 0.55 + rnd() * 0.25;
    layers.push({ d: box(x, top, x + w - 0.004, 1.1), color: hex('#090b1f') });
    for (let wy = top + 0.03; wy < 0.97; wy += 0.045) {
      for (let wx = x + 0.015; wx < x + w - 0.03; wx += 0.03) if (rnd() < 0.22) windows.push(box(wx, wy, wx + 0.014, wy + 0.02));
    }
    x += w;
  }
  layers.push({ d: either(...windows), color: hex('#ffc86b'), alpha: 0.9 });
  return layers;
}

/** Paints `picture` at `size` × `size` pixels: RGB bytes, row by row. */
function render(picture: Picture, size: number): Uint8Array {
  const out = new Uint8Array(size * size * 3);
  for (let py = 0; py < size; py++) {
    const y = (py + 0.5) / size;
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) / size;
      let c = picture.background(x, y);
      for (const layer of picture.layers) {
        // Coverage of the pixel by the shape: its distance in pixels, across a one-pixel edge,
        // in eighths (fewer distinct edge colours deflate better; the steps do not show).
        const cover = (Math.round(clamp01(0.5 - layer.d(x, y) * size) * 8) / 8) * (layer.alpha ?? 1);
        if (cover > 0) c = mix(c, typeof layer.color === 'function' ? layer.color(x, y) : layer.color, cover);
      }
      out.set([Math.round(c[0]), Math.round(c[1]), Math.round(c[2])], (py * size + px) * 3);
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An 8-bit RGB PNG. Each row gets the filter whose output has the smallest sum of absolute
 * values (the usual heuristic): gradients become runs of small numbers that deflate well.
 */
export function encodePng(rgb: Uint8Array, size: number): Buffer {
  const stride = size * 3;
  const rows: Uint8Array[] = [];
  const zero = new Uint8Array(stride);
  for (let y = 0; y < size; y++) {
    const row = rgb.subarray(y * stride, (y + 1) * stride);
    const up = y ? rgb.subarray((y - 1) * stride, y * stride) : zero;
    let best: Uint8Array | undefined;
    let bestScore = Infinity;
    for (let filter = 0; filter < 5; filter++) {
      const line = new Uint8Array(stride + 1);
      line[0] = filter;
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= 3 ? row[i - 3]! : 0;
        const b = up[i]!;
        const c = i >= 3 ? up[i - 3]! : 0;
        const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter]!;
        const v = (row[i]! - predictor) & 0xff;
        line[i + 1] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        best = line;
        bestScore = score;
      }
    }
    rows.push(best!);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9, memLevel: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** What is written: file name → picture and size. */
export const FILES: Record<string, [picture: string, size: number]> = {
  'show-1400.png': ['show', 1400],
  'show-320.png': ['show', 320],
  'channel-1400.png': ['channel', 1400],
  'channel-320.png': ['channel', 320],
  'ep-3-1400.png': ['ep-3', 1400],
  'ep-3-320.png': ['ep-3', 320],
  'ep-3-ch1.png': ['ep-3-ch1', 640],
  'ep-3-ch2.png': ['ep-3-ch2', 640],
  'ep-3-ch3.png': ['ep-3-ch3', 640],
  'ep-3-ch4.png': ['ep-3-ch4', 640],
  'ep-1-lamp.png': ['ep-1-lamp', 640],
  'sam.png': ['sam', 320],
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = fileURLToPath(new URL('../demo/media/art/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  for (const [file, [name, size]] of Object.entries(FILES)) {
    const bytes = encodePng(render(pictures[name]!, size), size);
    writeFileSync(`${dir}${file}`, bytes);
    console.log(`${file}: ${size}×${size}, ${(bytes.byteLength / 1024).toFixed(1)} KiB`);
  }
}
