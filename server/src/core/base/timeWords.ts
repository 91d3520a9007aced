// Times and durations in the few words a view, a hover or a terminal line shows: one wording for
// every host (the views, the history's CodeLens and hover, tas).

/** "3 min ago", "2 h ago", "yesterday", or a date. */
export function relativeTime(iso: string | undefined, now: number): string | undefined {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return undefined;
  const s = Math.round((now - t) / 1000);
  if (s < 0) return 'just now';
  if (s < 45) return `${s} s ago`;
  if (s < 45 * 60) return `${Math.max(1, Math.round(s / 60))} min ago`;
  if (s < 20 * 3600) return `${Math.round(s / 3600)} h ago`;
  if (s < 36 * 3600) return 'yesterday';
  if (s < 7 * 86400) return `${Math.round(s / 86400)} days ago`;
  return new Date(t).toISOString().slice(0, 10);
}

/** "850 ms", "12.3 s", "4 min 05 s", "1 h 02 min". */
export function durationText(ms: number | undefined): string | undefined {
  if (ms === undefined || ms < 0) return undefined;
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** A point in time in local words: "09:00" today, "3 Mar 09:00" this year, else its date. */
export function clockTime(iso: string | undefined, now: number): string | undefined {
  const t = iso === undefined ? NaN : Date.parse(iso);
  if (Number.isNaN(t)) return undefined;
  const d = new Date(t);
  const n = new Date(now);
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  if (d.toDateString() === n.toDateString()) return hm;
  if (d.getFullYear() === n.getFullYear()) return `${d.getDate()} ${MONTHS[d.getMonth()]} ${hm}`;
  return new Date(t).toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
