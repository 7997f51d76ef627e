// Serviceability of a destination: the pincode directory and the courier's special zones.

/** Whether a partner's stored service levels include the special zones. */
export function servesSpecialZones(serviceLevels: unknown): boolean {
  let v: unknown = serviceLevels;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return false;
    }
  }
  const special = v && typeof v === 'object' ? (v as Record<string, unknown>).special : undefined;
  return typeof special === 'number' && Number.isFinite(special) && special > 0;
}

/**
 * A destination is serviceable when its pincode is in the directory and, if it
 * is in a special zone (J&K, Ladakh, the north-east, the islands), the courier
 * serves special zones. Returns the reason when it is not.
 */
export function serviceability(pincode: string, location: { isSpecial: boolean } | null, courierServesSpecial: boolean): { ok: true } | { ok: false; reason: string } {
  if (!location) return { ok: false, reason: `Pincode ${pincode} is not serviceable` };
  if (location.isSpecial && !courierServesSpecial) return { ok: false, reason: `Pincode ${pincode} is in a special zone the courier does not serve` };
  return { ok: true };
}
