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
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
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
  const ts = BigInt(ms);
  for (let i = 0; i < 6; i++) bytes[i] = Number((ts >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function nowIso(): string {
  return new Date().toISOString();
}
