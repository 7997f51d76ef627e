// The one rupee formatter (issue 12): integer paise in, Indian digit grouping
// (lakh, crore) out. Order screens, manual-order totals, invoices, credit
// notes, labels, manifests, CSV and Tally all format money through here.

/** Indian grouping of a string of digits: '12345678' -> '1,23,45,678'. */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${digits.slice(-3)}`;
}

function parts(paise: number): { sign: string; rupees: string; fraction: string } {
  const whole = Number.isFinite(paise) ? Math.round(paise) : 0;
  const abs = Math.abs(whole);
  return { sign: whole < 0 ? '-' : '', rupees: String(Math.floor(abs / 100)), fraction: String(abs % 100).padStart(2, '0') };
}

/** Integer paise as '₹1,23,456.78' (the rupee sign, Indian grouping, two decimals). */
export function formatRupees(paise: number): string {
  const p = parts(paise);
  return `${p.sign}₹${groupIndianDigits(p.rupees)}.${p.fraction}`;
}

/** Integer paise as '1,23,456.78': the same grouping without the sign, for table cells under a '₹' heading. */
export function formatRupeeAmount(paise: number): string {
  const p = parts(paise);
  return `${p.sign}${groupIndianDigits(p.rupees)}.${p.fraction}`;
}

/** Integer paise as '123456.78': no grouping, for machine-read formats (CSV, Tally XML). */
export function paiseToDecimalText(paise: number): string {
  const p = parts(paise);
  return `${p.sign}${p.rupees}.${p.fraction}`;
}
