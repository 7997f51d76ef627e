/** Reason given for an order that has no AWB yet (labels, manifests). */
export const NO_AWB = 'No AWB assigned yet';

/** Raised before anything is written when some inputs cannot become a document. */
export interface DocumentInputFailure {
  /** The order id users know (shopOrderId). */
  orderId: string;
  reasons: string[];
}

export class DocumentInputError extends Error {
  constructor(
    readonly document: 'label' | 'invoice' | 'manifest',
    readonly failures: DocumentInputFailure[],
  ) {
    const summary = failures.map((f) => `${f.orderId}: ${f.reasons.join('; ')}`).join(' | ');
    super(`Cannot make ${document} for ${failures.length} order(s): ${summary}`);
    this.name = 'DocumentInputError';
  }
}
