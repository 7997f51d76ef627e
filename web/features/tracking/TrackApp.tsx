import { useEffect, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { awbProblem, DEFAULT_TRACKING_LAYOUT, type PublicShipmentDetails, type TrackingLayout } from '../../../domain/tracking-rules';
import { normaliseAwb } from '../../../domain/tracking-events';
import { lookupAwb, shipmentDetails, type LookupResult } from './api';
import { BrandHeader } from './BrandHeader';
import { readableOn } from './colour';
import { formatDateTime } from './format';
import { initialLang, rememberLang } from './lang';
import { msg, type Lang, type MessageKey } from './messages';
import { NdrPanel } from './NdrPanel';
import { Timeline } from './Timeline';
import { SellerCard, TrackingSummary } from './TrackingSummary';
import './track.css';

/** The brand colours as CSS variables of the page. */
export function layoutStyle(layout: TrackingLayout): CSSProperties {
  return {
    '--sdt-pc': layout.pc,
    '--sdt-pc-text': readableOn(layout.pc),
    '--sdt-sc': layout.sc,
    '--sdt-sc-text': readableOn(layout.sc),
    '--sdt-bg': layout.bg,
    '--sdt-bg-text': readableOn(layout.bg),
    '--sdt-bc': layout.bc,
    '--sdt-bc-text': readableOn(layout.bc),
    '--sdt-hf': layout.hf,
  } as CSSProperties;
}

export type TrackPageProps = {
  layout: TrackingLayout;
  lang: Lang;
  onToggleLang?: () => void;
  preview?: boolean;
  seller?: { name: string; logoUrl: string | null } | null;
  children: ReactNode;
};

/** The page frame in the seller's brand: header, then the content. */
export function TrackPage({ layout, lang, onToggleLang, preview, seller, children }: TrackPageProps) {
  return (
    <div className={preview ? 'sdt-page sdt-page--preview' : 'sdt-page'} style={layoutStyle(layout)} lang={lang}>
      <BrandHeader layout={layout} lang={lang} onToggleLang={onToggleLang} seller={seller} />
      <main className="sdt-main">{children}</main>
    </div>
  );
}

type View = LookupResult | { kind: 'idle' } | { kind: 'loading' };

export type TrackAppProps = {
  /** The AWB in the address (may be empty or malformed). */
  awb: string;
  /** Put a new AWB in the address; the host then passes it back as `awb`. */
  onNavigate: (awb: string) => void;
};

/** The public tracking page: search, status, NDR requests and timeline, in English or Hindi. */
export function TrackApp({ awb, onNavigate }: TrackAppProps) {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [input, setInput] = useState(awb);
  const [fieldError, setFieldError] = useState<MessageKey | null>(null);
  const [view, setView] = useState<View>({ kind: 'idle' });
  const [layout, setLayout] = useState<TrackingLayout>(DEFAULT_TRACKING_LAYOUT);
  const [details, setDetails] = useState<PublicShipmentDetails | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [detailsAttempt, setDetailsAttempt] = useState(0);

  useEffect(() => setInput(awb), [awb]);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = awb ? `${awb} · ${msg(lang, 'documentTitle')}` : msg(lang, 'documentTitle');
  }, [lang, awb]);

  useEffect(() => {
    const wanted = normaliseAwb(awb);
    setDetails(null);
    if (!wanted) return setView({ kind: 'idle' });
    if (awbProblem(wanted)) return setView({ kind: 'invalid' });
    const ctrl = new AbortController();
    setView({ kind: 'loading' });
    lookupAwb(wanted, ctrl.signal)
      .then((r) => {
        setView(r);
        if (r.kind === 'ok' || r.kind === 'offline') setLayout(r.data.pageLayout);
      })
      .catch(() => {
        // aborted: a newer lookup has started
      });
    return () => ctrl.abort();
  }, [awb, attempt]);

  // The seller, items, delay and the buyer's requests: after the lookup found the shipment.
  const found = view.kind === 'ok' ? view.data.trackingNumber : null;
  useEffect(() => {
    if (!found) return;
    const ctrl = new AbortController();
    shipmentDetails(found, ctrl.signal)
      .then(setDetails)
      .catch(() => {
        // aborted
      });
    return () => ctrl.abort();
  }, [found, detailsAttempt]);

  // Back online while showing the last-known answer: fetch the fresh one.
  useEffect(() => {
    if (view.kind !== 'offline' && view.kind !== 'error') return;
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [view.kind]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = awbProblem(normaliseAwb(input));
    if (problem) return setFieldError(problem === 'required' ? 'awbRequired' : 'awbInvalid');
    setFieldError(null);
    const next = normaliseAwb(input);
    setInput(next);
    if (next === normaliseAwb(awb)) setAttempt((n) => n + 1);
    else onNavigate(next);
  };

  const toggleLang = () => {
    const next: Lang = lang === 'en' ? 'hi' : 'en';
    rememberLang(next);
    setLang(next);
  };

  const data = view.kind === 'ok' || view.kind === 'offline' ? view.data : null;
  return (
    <TrackPage layout={layout} lang={lang} onToggleLang={toggleLang} seller={details?.seller}>
      <form className="sdt-card sdt-search" role="search" onSubmit={submit} noValidate>
        <h1 className="sdt-title">{msg(lang, 'heading')}</h1>
        <label htmlFor="sdt-awb" className="sdt-label">
          {msg(lang, 'awbLabel')}
        </label>
        <div className="sdt-search-row">
          <input
            id="sdt-awb"
            name="awb"
            value={input}
            onChange={(e) => {
              setInput(e.target.value);
              if (fieldError) setFieldError(null);
            }}
            placeholder={msg(lang, 'awbPlaceholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            aria-invalid={!!fieldError}
            aria-describedby={fieldError ? 'sdt-awb-error' : undefined}
          />
          <button type="submit" className="sdt-button">
            {msg(lang, 'track')}
          </button>
        </div>
        {fieldError && (
          <p id="sdt-awb-error" className="sdt-error" role="alert">
            {msg(lang, fieldError)}
          </p>
        )}
      </form>

      {view.kind === 'idle' && <p className="sdt-muted sdt-hint">{msg(lang, 'hint')}</p>}
      {view.kind === 'loading' && (
        <p className="sdt-card sdt-muted" role="status" aria-live="polite">
          {msg(lang, 'loading')}
        </p>
      )}
      {view.kind === 'invalid' && (
        <section className="sdt-card sdt-invalid" data-testid="invalid-state">
          <p className="sdt-invalid-icon" aria-hidden="true">
            ?
          </p>
          <p>{msg(lang, 'awbNotValid')}</p>
        </section>
      )}
      {view.kind === 'notFound' && (
        <section className="sdt-card sdt-invalid" data-testid="not-found" role="status">
          <h2 className="sdt-section-title">{msg(lang, 'notFoundTitle')}</h2>
          <p>{msg(lang, 'notFoundHelp')}</p>
        </section>
      )}
      {view.kind === 'error' && (
        <section className="sdt-card sdt-invalid" role="alert">
          <p>{msg(lang, 'loadFailed')}</p>
          <button type="button" className="sdt-button" onClick={() => setAttempt((n) => n + 1)}>
            {msg(lang, 'retry')}
          </button>
        </section>
      )}
      {view.kind === 'offline' && (
        <p className="sdt-offline" role="status" data-testid="offline-banner">
          {msg(lang, 'offline', { time: formatDateTime(lang, view.savedAt) })}
        </p>
      )}
      {data && (
        <>
          <TrackingSummary data={data} lang={lang} details={details} />
          {data.customerRequestsAllowed && view.kind === 'ok' && (
            <NdrPanel
              key={data.trackingNumber}
              awb={data.trackingNumber}
              lang={lang}
              requests={details?.requests ?? []}
              onSent={() => setDetailsAttempt((n) => n + 1)}
            />
          )}
          <Timeline timeline={data.timeline} lang={lang} />
          {details && <SellerCard details={details} lang={lang} />}
        </>
      )}

    </TrackPage>
  );
}
