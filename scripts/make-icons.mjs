// Draws Vivu's app icons (a white "V" road mark on teal) as PNG files with no image library:
// run `node scripts/make-icons.mjs` after changing the design; the PNGs are committed in public/icons.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TEAL = [15, 118, 110];
const WHITE = [255, 255, 255];
const AMBER = [245, 158, 11];

function crc32(buf) {
  let c;
  const table = [];
  for (let n = 0; n < 256; n++) {
    c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  let crc = 0xffffffff;
  for (const b of buf) crc = table[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size, pixel) {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x + 0.5, y + 0.5);
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function distToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

// scale: the share of the icon the mark may use (maskable icons keep it inside the 80% safe circle).
function mark(size, scale) {
  const s = size * scale;
  const c = size / 2;
  const left = [c - s * 0.32, c - s * 0.3];
  const bottom = [c, c + s * 0.3];
  const right = [c + s * 0.32, c - s * 0.3];
  const stroke = s * 0.085;
  return (x, y) => {
    const d = Math.min(distToSegment(x, y, ...left, ...bottom), distToSegment(x, y, ...bottom, ...right));
    if (d < stroke) return WHITE;
    if (Math.hypot(x - right[0], y - (right[1] - s * 0.02)) < stroke * 1.25) return AMBER;
    return TEAL;
  };
}

writeFileSync('public/icons/icon-192.png', png(192, mark(192, 0.8)));
writeFileSync('public/icons/icon-512.png', png(512, mark(512, 0.8)));
writeFileSync('public/icons/maskable-512.png', png(512, mark(512, 0.55)));
writeFileSync('public/icons/apple-touch-icon.png', png(180, mark(180, 0.7)));
console.log('icons written to public/icons');
