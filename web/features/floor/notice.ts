import type { ScanOutcome } from './ScanResult';

// A verdict handed from one floor screen to the next across a navigation
// (an AWB that is not found sends the packer back to /fulfillment, part 2 §8,
// where the reason is shown in the verdict banner rather than as a toast).
let pending: Omit<ScanOutcome, 'seq'> | null = null;

export function leaveNotice(outcome: Omit<ScanOutcome, 'seq'>): void {
  pending = outcome;
}

export function takeNotice(): ScanOutcome | null {
  const out = pending ? ({ ...pending, seq: 1 } as ScanOutcome) : null;
  pending = null;
  return out;
}
