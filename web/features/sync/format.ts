import dayjs from 'dayjs';

const NAMES: Record<string, string> = {
  'pack.scan': 'Packing scan',
  'pack.weigh': 'Parcel weight',
  'pack.submit': 'Packed order',
  'return.approve': 'Return approval',
  'inventory.inbound': 'Inventory inbound',
  'inventory.adjust': 'Inventory adjustment',
  'inventory.scanned': 'Scanned stock update',
};

/** What a refused command was, in words a packer knows: "Packing scan WCP000001", "Inventory adjustment -5 of WKK000003". */
export function describeCommand(name: string, args: unknown): string {
  const a = (args ?? {}) as Record<string, unknown>;
  const base = NAMES[name] ?? name;
  if (name === 'pack.scan') return `${base} ${String(a.wsin ?? '')} (AWB ${String(a.awb ?? '')})`;
  if (name === 'pack.submit') return `${base} (AWB ${String(a.awb ?? '')})`;
  if (name === 'inventory.adjust') return `${base} ${String(a.delta ?? '')} of ${String(a.wsin ?? '')}`;
  if (name.startsWith('inventory.')) return `${base} of ${String(a.wsin ?? '')}`;
  return base;
}

export function formatWhen(iso: string): string {
  return dayjs(iso).format('DD MMM YYYY, HH:mm:ss');
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}
