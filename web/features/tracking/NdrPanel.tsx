import { useState, type FormEvent } from 'react';
import { normalisePhone, PHONE_INPUT_MAX } from '../../../domain/phone';
import { BUYER_SLOW_DOWN, PHONE_RE, type PublicRequest } from '../../../domain/tracking-rules';
import { sendNdrRequest, verifyBuyer, type NdrRequest } from './api';
import { formatDateTime, formatPlainDate } from './format';
import { msg, type Lang, type MessageKey } from './messages';

type Step = { kind: 'verify' } | { kind: 'choose'; token: string; dates: string[] } | { kind: 'sent' };
type Problem = { key: MessageKey; vars?: Record<string, number> } | null;

export type NdrPanelProps = {
  awb: string;
  lang: Lang;
  /** The buyer's requests already made on this shipment (open ones first in mind). */
  requests?: PublicRequest[];
  /** A request was sent: the host fetches the requests again. */
  onSent?: () => void;
};

/** The buyer's requests on the shipment, newest first, with where each stands. */
function RequestList({ requests, lang }: { requests: PublicRequest[]; lang: Lang }) {
  if (!requests.length) return null;
  return (
    <div className="sdt-requests" data-testid="ndr-requests">
      <h3 className="sdt-dialog-sub">{msg(lang, 'ndrOpenTitle')}</h3>
      <ul>
        {[...requests].reverse().map((r, i) => (
          <li key={`${r.createdAt}-${i}`} data-testid="ndr-request" data-status={r.status}>
            <strong>{r.kind === 'reattempt' && r.date ? msg(lang, 'ndrRequestReattempt', { date: formatPlainDate(lang, r.date) }) : msg(lang, 'ndrRequestAddress')}</strong>
            {' · '}
            <span className={`sdt-request-status sdt-request-${r.status.toLowerCase()}`}>{msg(lang, `ndrStatus${r.status}` as MessageKey)}</span>
            <br />
            <time className="sdt-muted" dateTime={r.createdAt}>
              {formatDateTime(lang, r.createdAt)}
            </time>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * After a failed delivery: the customer proves to be the buyer (last 4 digits of
 * the phone on the order), then asks for a re-attempt on a date or corrects the
 * address. The request lands in the seller's User Requests (NDR) list.
 */
export function NdrPanel({ awb, lang, requests = [], onSent }: NdrPanelProps) {
  const [step, setStep] = useState<Step>({ kind: 'verify' });
  const hasOpen = requests.some((r) => r.status === 'OPEN');
  const [wantsAnother, setWantsAnother] = useState(false);
  const [digits, setDigits] = useState('');
  const [kind, setKind] = useState<NdrRequest['kind']>('reattempt');
  const [date, setDate] = useState('');
  const [address, setAddress] = useState({ address1: '', address2: '', landmark: '', phone: '' });
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}$/.test(digits)) return setProblem({ key: 'ndrDigitsInvalid' });
    setBusy(true);
    const r = await verifyBuyer(awb, digits);
    setBusy(false);
    if (r.ok) {
      setProblem(null);
      setDate(r.body.reattemptDates[0] ?? '');
      return setStep({ kind: 'choose', token: r.body.token, dates: r.body.reattemptDates });
    }
    if (r.status === 429) return setProblem({ key: r.body?.message === BUYER_SLOW_DOWN ? 'ndrSlowDown' : 'ndrTooMany' });
    if (r.status === 403) return setProblem({ key: 'ndrWrongDigits', vars: { n: r.body?.attemptsLeft ?? 0 } });
    setProblem({ key: 'ndrFailed' });
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== 'choose') return;
    let req: NdrRequest;
    if (kind === 'reattempt') {
      if (!step.dates.includes(date)) return setProblem({ key: 'ndrDateInvalid' });
      req = { kind, date };
    } else {
      const a = Object.fromEntries(Object.entries(address).map(([k, val]) => [k, val.trim()]).filter(([, val]) => val)) as Record<string, string>;
      if (!Object.keys(a).length) return setProblem({ key: 'ndrChangeRequired' });
      if (a.phone) a.phone = normalisePhone(a.phone);
      if (a.phone && !PHONE_RE.test(a.phone)) return setProblem({ key: 'ndrPhoneInvalid' });
      req = { kind, ...a };
    }
    setBusy(true);
    const r = await sendNdrRequest(awb, step.token, req);
    setBusy(false);
    if (r.ok) {
      setProblem(null);
      setWantsAnother(false);
      onSent?.();
      return setStep({ kind: 'sent' });
    }
    if (r.status === 409) return setProblem({ key: 'ndrDuplicate' });
    if (r.status === 401) {
      setDigits('');
      setStep({ kind: 'verify' });
      return setProblem({ key: 'ndrTokenInvalid' });
    }
    setProblem({ key: 'ndrFailed' });
  };

  /** The end of both steps' forms: what went wrong, then the submit button (saying so while sending). */
  const formEnd = (submit: MessageKey) => (
    <>
      {problem && (
        <p className="sdt-error" role="alert" data-testid="ndr-problem">
          {msg(lang, problem.key)}
          {problem.key === 'ndrWrongDigits' && problem.vars ? ` (${msg(lang, 'ndrAttemptsLeft', problem.vars)})` : ''}
        </p>
      )}
      <button type="submit" className="sdt-button" disabled={busy}>
        {busy ? msg(lang, 'sending') : msg(lang, submit)}
      </button>
    </>
  );

  return (
    <section className="sdt-card sdt-ndr" aria-labelledby="sdt-ndr-title" data-testid="ndr-panel">
      <h2 id="sdt-ndr-title" className="sdt-section-title">
        {msg(lang, 'ndrTitle')}
      </h2>
      <RequestList requests={requests} lang={lang} />
      {step.kind === 'sent' ? (
        <p className="sdt-success" role="status">
          ✓ {msg(lang, 'ndrSent')}
        </p>
      ) : step.kind === 'verify' && hasOpen && !wantsAnother ? (
        <button type="button" className="sdt-text-button" onClick={() => setWantsAnother(true)}>
          {msg(lang, 'ndrAnother')}
        </button>
      ) : step.kind === 'verify' ? (
        <form onSubmit={verify} noValidate>
          <p className="sdt-muted">{msg(lang, 'ndrIntro')}</p>
          <label className="sdt-field">
            <span>{msg(lang, 'ndrDigitsLabel')}</span>
            <input
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={digits}
              onChange={(e) => setDigits(e.target.value.replace(/\D/g, '').slice(0, 4))}
              aria-invalid={!!problem}
            />
          </label>
          {formEnd('ndrContinue')}
        </form>
      ) : (
        <form onSubmit={send} noValidate>
          <fieldset className="sdt-choice">
            <legend>{msg(lang, 'ndrChoose')}</legend>
            {(['reattempt', 'address'] as const).map((k) => (
              <label key={k} className="sdt-radio">
                <input type="radio" name="ndr-kind" value={k} checked={kind === k} onChange={() => { setKind(k); setProblem(null); }} />
                <span>{msg(lang, k === 'reattempt' ? 'ndrReattempt' : 'ndrAddress')}</span>
              </label>
            ))}
          </fieldset>
          {kind === 'reattempt' ? (
            <label className="sdt-field">
              <span>{msg(lang, 'ndrDate')}</span>
              <select value={date} onChange={(e) => setDate(e.target.value)}>
                {step.dates.map((d) => (
                  <option key={d} value={d}>
                    {formatPlainDate(lang, d)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            (['address1', 'address2', 'landmark', 'phone'] as const).map((f) => (
              <label key={f} className="sdt-field">
                <span>{msg(lang, f === 'address1' ? 'ndrAddress1' : f === 'address2' ? 'ndrAddress2' : f === 'landmark' ? 'ndrLandmark' : 'ndrPhone')}</span>
                <input
                  value={address[f]}
                  inputMode={f === 'phone' ? 'tel' : undefined}
                  maxLength={f === 'phone' ? PHONE_INPUT_MAX : 200}
                  autoComplete={f === 'phone' ? 'tel-national' : f === 'address1' ? 'address-line1' : f === 'address2' ? 'address-line2' : 'off'}
                  onChange={(e) => setAddress((a) => ({ ...a, [f]: e.target.value }))}
                  // '+91 98450-12345' pasted becomes its 10 digits when the field is left.
                  onBlur={f === 'phone' ? (e) => { const v = normalisePhone(e.currentTarget.value); setAddress((a) => ({ ...a, phone: v })); } : undefined}
                />
              </label>
            ))
          )}
          {formEnd('ndrSubmit')}
        </form>
      )}
    </section>
  );
}
