import type { PublicTimelineEntry } from '../../../domain/tracking-rules';

export interface TimelineGroup {
  status: string;
  /** Newest first. */
  entries: PublicTimelineEntry[];
  latest: PublicTimelineEntry;
}

/**
 * The timeline grouped by status, newest group first (a group's place is its
 * newest entry), entries of a group newest first.
 */
export function groupTimeline(timeline: readonly PublicTimelineEntry[]): TimelineGroup[] {
  const byStatus = new Map<string, PublicTimelineEntry[]>();
  for (const e of timeline) {
    const list = byStatus.get(e.status);
    if (list) list.push(e);
    else byStatus.set(e.status, [e]);
  }
  const time = (e: PublicTimelineEntry) => Date.parse(e.createdAt);
  return [...byStatus.entries()]
    .map(([status, list]) => {
      const entries = [...list].sort((a, b) => time(b) - time(a));
      return { status, entries, latest: entries[0] };
    })
    .sort((a, b) => time(b.latest) - time(a.latest));
}
