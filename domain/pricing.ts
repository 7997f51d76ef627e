// Order pricing: the one computation of item prices, GST split and order
// totals, shared by the manual-order form (live preview) and the server (what
// is stored). All money is integer paise; prices are GST inclusive.
import { gstRegime, splitInclusive, type GstRates, type GstRegime, type TaxSplit } from './gst';
import { formatRupees } from './money';

export type { GstRates, GstRegime } from './gst';

/** Spec part 2 §5, manual order. */
export const FINAL_ORDER_VALUE_NEGATIVE = 'Final Order Value is Negative';

/** Item pricing types (spec part 2 §3): none 0, margin 1, discount 2, flat price 3. */
export const PRICING_TYPE = { none: 0, margin: 1, discount: 2, flatPrice: 3 } as const;
export type PricingType = (typeof PRICING_TYPE)[keyof typeof PRICING_TYPE];

export const PRICING_TYPE_LABELS: Record<PricingType, string> = {
  0: 'None',
  1: 'Margin',
  2: 'Discount',
  3: 'Flat Price',
};

export interface OrderItemPricingInput {
  /** Catalogue price per unit, GST inclusive, in paise. */
  cataloguePricePaise: number;
  quantity: number;
  isFree?: boolean;
  /**
   * Per-item value overriding the common one: a percent (0..100) for margin
   * and discount, the per-unit price in paise for flat price. Empty -> the
   * common value (margin, discount) or the catalogue price (flat price).
   */
  pricingValue?: number | null;
  /** The item's GST rates in percent. */
  gst: GstRates;
}

export interface OrderTotalsInput {
  items: readonly OrderItemPricingInput[];
  pricingType: PricingType;
  /** Percent 0..100 used for margin and discount when an item has none. */
  commonPricingValue?: number | null;
  /** State (any spelling or GST code) the goods are supplied from. */
  sellerState: string;
  /** State of the place of supply (shipping address). */
  buyerState: string;
  shippingPaise?: number | null;
  specialDiscountPaise?: number | null;
}

export interface OrderLineTotals extends TaxSplit {
  quantity: number;
  isFree: boolean;
  /** Price charged per unit, GST inclusive, after the pricing type. */
  unitPaise: number;
  /** unitPaise x quantity = taxable + all tax parts. */
  lineTotalPaise: number;
}

export interface OrderTotals extends TaxSplit {
  totalUnits: number;
  /** Sum of the line totals (GST inclusive). */
  itemsPaise: number;
  totalTaxPaise: number;
  shippingPaise: number;
  specialDiscountPaise: number;
  /** items + shipping - special discount. */
  finalPaise: number;
}

export interface OrderTotalsResult {
  regime: GstRegime;
  lines: OrderLineTotals[];
  totals: OrderTotals;
  /** finalPaise < 0 */
  isNegative: boolean;
  /** FINAL_ORDER_VALUE_NEGATIVE when the final value is negative, else null. */
  error: string | null;
}

function assertPaise(v: number, label: string): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${label} must be a non-negative whole number of paise, got ${v}`);
}

function assertPercent(v: number, label: string): void {
  if (!Number.isFinite(v) || v < 0 || v > 100) throw new RangeError(`${label} must be between 0 and 100, got ${v}`);
}

const isGiven = (v: number | null | undefined): v is number => v != null && !Number.isNaN(v);

/** price x (1 - percent/100), rounded half up to the paisa. */
export function reduceByPercent(pricePaise: number, percent: number): number {
  assertPaise(pricePaise, 'price');
  assertPercent(percent, 'percentage');
  const keep = 1_000_000n - BigInt(Math.round(percent * 10_000));
  const n = BigInt(pricePaise) * keep;
  return Number((2n * n + 1_000_000n) / 2_000_000n);
}

/** Price per unit (paise, GST inclusive) of one item under a pricing type. */
export function unitPrice(item: OrderItemPricingInput, pricingType: PricingType, commonPricingValue?: number | null): number {
  assertPaise(item.cataloguePricePaise, 'catalogue price');
  if (item.isFree) return 0;
  const value = isGiven(item.pricingValue) ? item.pricingValue : null;
  switch (pricingType) {
    case PRICING_TYPE.none:
      return item.cataloguePricePaise;
    case PRICING_TYPE.margin:
    case PRICING_TYPE.discount: {
      const pct = value ?? (isGiven(commonPricingValue) ? commonPricingValue : 0);
      return reduceByPercent(item.cataloguePricePaise, pct);
    }
    case PRICING_TYPE.flatPrice:
      if (value == null) return item.cataloguePricePaise;
      assertPaise(value, 'flat price');
      return value;
    default:
      throw new RangeError(`unknown pricing type ${String(pricingType)}`);
  }
}

/**
 * Prices every item, splits GST (CGST+SGST or UTGST within a state, IGST
 * across states) and adds up the order. Throws RangeError on malformed
 * numbers (validate with the form's schema first); a negative final value is
 * not thrown but reported in `error`.
 */
export function computeOrderTotals(input: OrderTotalsInput): OrderTotalsResult {
  const regime = gstRegime(input.sellerState, input.buyerState);
  const shippingPaise = input.shippingPaise ?? 0;
  const specialDiscountPaise = input.specialDiscountPaise ?? 0;
  assertPaise(shippingPaise, 'shipping');
  assertPaise(specialDiscountPaise, 'special discount');
  if (isGiven(input.commonPricingValue) && input.pricingType !== PRICING_TYPE.flatPrice) {
    assertPercent(input.commonPricingValue, 'common pricing value');
  }

  const totals: OrderTotals = {
    totalUnits: 0,
    itemsPaise: 0,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    utgstPaise: 0,
    igstPaise: 0,
    cessPaise: 0,
    totalTaxPaise: 0,
    shippingPaise,
    specialDiscountPaise,
    finalPaise: 0,
  };

  const lines = input.items.map((item): OrderLineTotals => {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 0) {
      throw new RangeError(`quantity must be a whole number, got ${item.quantity}`);
    }
    const isFree = !!item.isFree;
    const unitPaise = unitPrice(item, input.pricingType, input.commonPricingValue);
    const lineTotalPaise = unitPaise * item.quantity;
    const split = splitInclusive(lineTotalPaise, item.gst, regime);
    totals.totalUnits += item.quantity;
    totals.itemsPaise += lineTotalPaise;
    totals.taxablePaise += split.taxablePaise;
    totals.cgstPaise += split.cgstPaise;
    totals.sgstPaise += split.sgstPaise;
    totals.utgstPaise += split.utgstPaise;
    totals.igstPaise += split.igstPaise;
    totals.cessPaise += split.cessPaise;
    return { quantity: item.quantity, isFree, unitPaise, lineTotalPaise, ...split };
  });

  totals.totalTaxPaise = totals.cgstPaise + totals.sgstPaise + totals.utgstPaise + totals.igstPaise + totals.cessPaise;
  totals.finalPaise = totals.itemsPaise + shippingPaise - specialDiscountPaise;
  const isNegative = totals.finalPaise < 0;
  return { regime, lines, totals, isNegative, error: isNegative ? FINAL_ORDER_VALUE_NEGATIVE : null };
}

/** '₹1,23,456.78': rupees with Indian digit grouping (lakh, crore) and paise. */
export function formatINR(paise: number): string {
  return formatRupees(paise);
}
