import type { PublicTracking } from '../../../domain/tracking-rules';
import { formatDate, formatPlainDate } from './format';
import { msg, statusText, type Lang } from './messages';

const DONE = new Set(['DELIVERED', 'RTO_DELIVERED', 'DTO_DELIVERED', 'RTO_PROCESSED', 'DTO_PROCESSED']);
const TROUBLE = new Set(['UNDELIVERED', 'RTO_UNDELIVERED', 'DTO_UNDELIVERED', 'CANCELLED', 'UNSERVICEABLE']);

/** The status also as a shape, so colour is never the only signal. */
export function statusTone(status: string): { tone: 'done' | 'trouble' | 'moving'; icon: string } {
  if (DONE.has(status)) return { tone: 'done', icon: '✓' };
  if (TROUBLE.has(status)) return { tone: 'trouble', icon: '!' };
  return { tone: 'moving', icon: '➜' };
}

export type TrackingSummaryProps = { data: PublicTracking; lang: Lang };

export function TrackingSummary({ data, lang }: TrackingSummaryProps) {
  const { tone, icon } = statusTone(data.status);
  return (
    <section className="sdt-card sdt-summary" aria-labelledby="sdt-status" data-testid="tracking-summary">
      <p className="sdt-kicker">{msg(lang, 'currentStatus')}</p>
      <h2 id="sdt-status" className={`sdt-status sdt-tone-${tone}`}>
        <span className="sdt-status-icon" aria-hidden="true">
          {icon}
        </span>
        {statusText(lang, data.status)}
      </h2>
      {data.deliveredOn ? (
        <p className="sdt-eta" data-testid="delivered-on">
          <span>{msg(lang, 'deliveredOn')}</span> <strong>{formatDate(lang, data.deliveredOn)}</strong>
        </p>
      ) : data.estimatedDelivery ? (
        <p className="sdt-eta" data-testid="estimated-delivery">
          <span>{msg(lang, 'estimatedDelivery')}</span> <strong>{formatPlainDate(lang, data.estimatedDelivery)}</strong>
        </p>
      ) : null}
      <div className="sdt-route">
        <div>
          <span className="sdt-kicker">{msg(lang, 'from')}</span>
          <strong data-testid="origin-state">{data.pickup.state}</strong>
        </div>
        <span className="sdt-route-arrow" aria-hidden="true">
          →
        </span>
        <div>
          <span className="sdt-kicker">{msg(lang, 'to')}</span>
          <strong data-testid="destination-state">{data.shipping.state}</strong>
        </div>
      </div>
      <dl className="sdt-facts">
        <div>
          <dt>{msg(lang, 'courier')}</dt>
          <dd>{data.shipper ?? '—'}</dd>
        </div>
        <div>
          <dt>{msg(lang, 'orderId')}</dt>
          <dd>{data.shopOrderId}</dd>
        </div>
        <div>
          <dt>{msg(lang, 'awb')}</dt>
          <dd>{data.trackingNumber}</dd>
        </div>
      </dl>
    </section>
  );
}
