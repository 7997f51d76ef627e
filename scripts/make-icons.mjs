// Draws the app icons (a white parcel on blue) as PNGs with zlib only, no image tools needed.
import fs from 'node:fs';
import zlib from 'node:zlib';

function crc32(buf) {
  let c, crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pad) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const u = x / size, v = y / size;
      const inner = (u - 0.5) ** 2 + (v - 0.5) ** 2;
      let [r, g, b] = [28, 126, 214];
      const m = pad;
      const box = u > m && u < 1 - m && v > m + 0.05 && v < 1 - m;
      const tape = box && Math.abs(u - 0.5) < 0.04;
      const lid = box && Math.abs(v - (m + 0.22)) < 0.02;
      if (box) [r, g, b] = [255, 255, 255];
      if (tape || lid) [r, g, b] = [250, 176, 5];
      void inner;
      row.set([r, g, b, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4); ihdr[8] = 8; ihdr[9] = 6;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
fs.mkdirSync('web/public/icons', { recursive: true });
fs.writeFileSync('web/public/icons/icon-192.png', png(192, 0.2));
fs.writeFileSync('web/public/icons/icon-512.png', png(512, 0.2));
fs.writeFileSync('web/public/icons/maskable-512.png', png(512, 0.3));
fs.writeFileSync('web/public/favicon.png', png(64, 0.15));
