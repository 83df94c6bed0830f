/**
 * Icecast's admin calls, with the admin credentials (ICECAST_ADMIN_USER / ICECAST_ADMIN_PASSWORD):
 * setting a mount's title and dropping its source. A failure is one log line and `false`, never
 * a throw; after each call the status is polled again (`after`).
 */
export class IcecastAdmin {
  readonly #url: string;
  readonly #auth: string;
  readonly #log: (line: string) => void;
  readonly #after: () => void;

  constructor(url: string, credentials: { user: string; password: string }, log: (line: string) => void, after: () => void) {
    this.#url = url;
    this.#auth = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
    this.#log = log;
    this.#after = after;
  }

  /**
   * Sets the title of `mount` (`/admin/metadata`, mode updinfo). It sends `artist` and `title`,
   * not `song`: measured on Icecast 2.4.4, `song` on an MP3 mount replaces only the title part
   * and keeps the artist the source sent (ezstream sends both), and it wins over
   * `artist`/`title` when given too.
   */
  setTitle(mount: string, np: { title: string; artist: string }): Promise<boolean> {
    return this.#call('metadata', mount, { mode: 'updinfo', artist: np.artist, title: np.title, charset: 'UTF-8' });
  }

  /** Drops the source of `mount` (`/admin/killsource`). */
  killSource(mount: string): Promise<boolean> {
    return this.#call('killsource', mount, {});
  }

  async #call(command: string, mount: string, params: Record<string, string>): Promise<boolean> {
    // Icecast decodes %20 but not `+` (URLSearchParams' space): encode each value by hand.
    const query = Object.entries({ mount: `/${mount}`, ...params })
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('&');
    try {
      const res = await fetch(`${this.#url}/admin/${command}?${query}`, {
        headers: { Authorization: this.#auth },
        signal: AbortSignal.timeout(3000),
      });
      await res.body?.cancel();
      if (!res.ok) this.#log(`icecast: /admin/${command} for /${mount} answered ${res.status}`);
      return res.ok;
    } catch (err) {
      this.#log(`icecast: /admin/${command} for /${mount} failed (${err instanceof Error ? err.message : String(err)})`);
      return false;
    } finally {
      this.#after();
    }
  }
}
