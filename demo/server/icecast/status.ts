/**
 * Reading Icecast's `/status-json.xsl` (Icecast 2.4), quirks included: `icestats.source` is
 * absent with no source, an object with one and an array with several; `title` is
 * "Artist - Title" or absent; for a moment after Icecast starts the text is not JSON.
 */

/** What one mount with a source says. */
export interface MountStatus {
  listeners: number;
  /** The stream's title as the source (or /admin/metadata) set it; undefined when absent. */
  title?: string;
  /** kbit/s, when the source declares it (`ice-bitrate` or `ice-audio-info`); undefined otherwise. */
  bitrate?: number;
  /**
   * When its source connected (ms since the epoch, Icecast's clock, to the second):
   * `stream_start_iso8601`, else `stream_start`; undefined when absent or unreadable.
   */
  startedAt?: number;
}

/**
 * The mounts that have a source, by mount name without the leading slash ("live"), or null
 * when `text` is not an Icecast status document (not JSON, or no `icestats`).
 */
export function parseIcecastStatus(text: string): Map<string, MountStatus> | null {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return null;
  }
  const stats = (doc as { icestats?: unknown } | null)?.icestats;
  if (typeof stats !== 'object' || stats === null) return null;
  const raw = (stats as { source?: unknown }).source;
  const sources = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const mounts = new Map<string, MountStatus>();
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    const { listenurl, listeners, title, bitrate, audio_info, stream_start_iso8601, stream_start } = source as Record<string, unknown>;
    const mount = mountOf(listenurl);
    if (mount === undefined) continue;
    mounts.set(mount, {
      listeners: typeof listeners === 'number' && Number.isFinite(listeners) && listeners >= 0 ? Math.floor(listeners) : 0,
      ...(typeof title === 'string' && title.trim() !== '' ? { title: title.trim() } : {}),
      ...(typeof title === 'number' ? { title: String(title) } : {}),
      ...bitrateOf(bitrate, audio_info),
      ...startOf(stream_start_iso8601, stream_start),
    });
  }
  return mounts;
}

/** `bitrate` (a number, or the text of the source's header), else `bitrate=` in `audio_info`. */
function bitrateOf(bitrate: unknown, info: unknown): { bitrate?: number } {
  for (const raw of [bitrate, typeof info === 'string' ? /(?:^|;)\s*(?:ice-)?bitrate=([\d.]+)/.exec(info)?.[1] : undefined]) {
    const kbps = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : NaN;
    if (kbps > 0 && kbps < 10_000) return { bitrate: kbps };
  }
  return {};
}

/** When the source connected: the first of Icecast's two spellings that reads as a date. */
function startOf(...texts: unknown[]): { startedAt?: number } {
  for (const text of texts) {
    const at = typeof text === 'string' ? Date.parse(text) : NaN;
    if (Number.isFinite(at)) return { startedAt: at };
  }
  return {};
}

/** "http://host:8000/live" → "live" (Icecast writes its own hostname into listenurl). */
function mountOf(listenurl: unknown): string | undefined {
  if (typeof listenurl !== 'string') return undefined;
  try {
    return decodeURIComponent(new URL(listenurl).pathname.replace(/^\//, '')) || undefined;
  } catch {
    return undefined;
  }
}

/** "Artist - Title" split at the first " - "; without one, all of it is the title. */
export function splitTitle(text: string): { artist: string; title: string } {
  const cut = text.indexOf(' - ');
  if (cut < 0) return { artist: '', title: text };
  return { artist: text.slice(0, cut).trim(), title: text.slice(cut + 3).trim() || text };
}
