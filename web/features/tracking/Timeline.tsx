import { useId, useState } from 'react';
import type { PublicTimelineEntry } from '../../../domain/tracking-rules';
import { buyerEventText } from '../../../domain/tracking-events';
import { cityName } from './places';
import { Dialog } from './Dialog';
import { formatDateTime } from './format';
import { msg, statusText, type Lang } from './messages';
import { groupTimeline, type TimelineGroup } from './timeline';
import { useMediaQuery } from './useMediaQuery';

/** Below this width the updates of a group open in a modal instead of inline. */
export const SMALL_SCREEN = '(max-width: 640px)';

function UpdatesTable({ entries, lang, id }: { entries: PublicTimelineEntry[]; lang: Lang; id?: string }) {
  return (
    <div className="sdt-table-wrap" id={id}>
      <table className="sdt-table">
        <thead>
          <tr>
            <th scope="col">{msg(lang, 'dateTime')}</th>
            <th scope="col">{msg(lang, 'city')}</th>
            <th scope="col">{msg(lang, 'statusDescription')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e, i) => (
            <tr key={`${e.createdAt}-${i}`}>
              <td>
                <time dateTime={e.createdAt}>{formatDateTime(lang, e.createdAt)}</time>
              </td>
              <td>{cityName(lang, e.city) ?? '—'}</td>
              <td>{buyerEventText(lang, e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Group({ group, lang, small }: { group: TimelineGroup; lang: Lang; small: boolean }) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  const { latest } = group;
  const label = statusText(lang, group.status);
  return (
    <li className="sdt-group" data-testid="timeline-group">
      <span className="sdt-dot" aria-hidden="true" />
      <div className="sdt-group-body">
        <h3 className="sdt-group-status">{label}</h3>
        <p className="sdt-group-desc">
          {buyerEventText(lang, latest)}
          {cityName(lang, latest.city) ? ` · ${cityName(lang, latest.city)}` : ''}
        </p>
        <p className="sdt-group-time">
          <time dateTime={latest.createdAt}>{formatDateTime(lang, latest.createdAt)}</time>
        </p>
        <button
          type="button"
          className="sdt-text-button"
          aria-expanded={open}
          aria-controls={small ? undefined : tableId}
          aria-haspopup={small ? 'dialog' : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {open && !small ? msg(lang, 'showLess') : msg(lang, 'showMore', { n: group.entries.length })}
        </button>
        {open && !small && <UpdatesTable entries={group.entries} lang={lang} id={tableId} />}
        {small && (
          <Dialog title={msg(lang, 'moreUpdates')} open={open} onClose={() => setOpen(false)} closeLabel={msg(lang, 'close')}>
            <h3 className="sdt-dialog-sub">{label}</h3>
            <UpdatesTable entries={group.entries} lang={lang} />
          </Dialog>
        )}
      </div>
    </li>
  );
}

export type TimelineProps = { timeline: PublicTimelineEntry[]; lang: Lang };

/** Status updates grouped by status, newest first, each group expandable. */
export function Timeline({ timeline, lang }: TimelineProps) {
  const small = useMediaQuery(SMALL_SCREEN);
  const groups = groupTimeline(timeline);
  return (
    <section className="sdt-card" aria-labelledby="sdt-updates">
      <h2 id="sdt-updates" className="sdt-section-title">
        {msg(lang, 'updates')}
      </h2>
      {groups.length === 0 ? (
        <p className="sdt-muted">{msg(lang, 'noUpdates')}</p>
      ) : (
        <ol className="sdt-groups">
          {groups.map((g) => (
            <Group key={g.status} group={g} lang={lang} small={small} />
          ))}
        </ol>
      )}
    </section>
  );
}
