/** The last millisecond an id was minted for "now" in this process, and the counter within it. */
let lastMs = -1;
let counter = 0;

/**
 * UUIDv7: time-ordered, so ids minted offline still sort by creation.
 *
 * Minted for now (no argument), ids of one process sort in the order they were
 * made, also within one millisecond: the 12 bits after the version hold a
 * counter that starts at a random value below 2048 each new millisecond and
 * steps by one (RFC 9562, §6.2, method 1); past 4095 the millisecond moves on
 * by one. With a given time (seeding history), the bits are random.
 */
export function uuidv7(at?: number): string {
  const bytes = randomBytes16();
  let ms: number;
  if (at === undefined) {
    const now = Date.now();
    if (now > lastMs) {
      lastMs = now;
      counter = ((bytes[6] << 8) | bytes[7]) & 0x7ff;
    } else if (++counter > 0xfff) {
      lastMs += 1;
      counter = 0;
    }
    ms = lastMs;
    bytes[6] = counter >> 8;
    bytes[7] = counter & 0xff;
  } else {
    ms = at;
  }
  // The 48-bit millisecond time, big-endian (exact in a double: below 2^53).
  for (let i = 5, t = ms; i >= 0; i--, t = Math.floor(t / 256)) bytes[i] = t % 256;
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  let hex = '';
  for (let i = 0; i < 16; i++) hex += HEX[bytes[i]];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
/**
 * Random bytes are drawn from the platform's CSPRNG 4 KiB at a time and handed out 16 at a time: asking
 * it for 16 bytes per id cost about 8 µs each (a 100,000-row import spent most of a second minting ids).
 */
const POOL = new Uint8Array(4096);
let poolAt = POOL.length;
function randomBytes16(): Uint8Array {
  if (poolAt + 16 > POOL.length) {
    globalThis.crypto.getRandomValues(POOL);
    poolAt = 0;
  }
  const out = POOL.slice(poolAt, poolAt + 16);
  poolAt += 16;
  return out;
}

export function nowIso(): string {
  return new Date().toISOString();
}
