/**
 * ICY metadata (the SHOUTcast/Icecast in-band titles) for a listener that asks with
 * `Icy-MetaData: 1`: after every `metaint` bytes of audio, one length byte (×16 bytes) and
 * `StreamTitle='Artist - Title';` padded with NULs — the title when it changed, else an
 * empty block (length 0). Browsers never ask and get plain MP3.
 */

/** Audio bytes between two metadata blocks (Icecast's default). */
export const ICY_METAINT = 16000;
/** The longest block a length byte can announce. */
const MAX_BLOCK = 255 * 16;

/** The metadata block announcing `title` (length byte included). */
export function icyBlock(title: string): Uint8Array {
  const encoder = new TextEncoder();
  let text = encoder.encode(`StreamTitle='${title}';`);
  // Too long: shorten the title (whole characters), keep the closing `';`.
  for (let keep = title.length; text.length > MAX_BLOCK;) {
    keep = Math.floor(keep * 0.9);
    text = encoder.encode(`StreamTitle='${[...title].slice(0, keep).join('')}';`);
  }
  const blocks = Math.ceil(text.length / 16);
  const out = new Uint8Array(1 + blocks * 16);
  out[0] = blocks;
  out.set(text, 1);
  return out;
}

/** A function that turns one listener's audio chunks into audio with metadata blocks. */
export function icyInterleaver(title: () => string, metaint = ICY_METAINT): (chunk: Uint8Array) => Uint8Array {
  let untilMeta = metaint;
  let sent: string | undefined;
  return (chunk) => {
    const parts: Uint8Array[] = [];
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(untilMeta, chunk.length - at);
      parts.push(chunk.subarray(at, at + take));
      at += take;
      untilMeta -= take;
      if (untilMeta === 0) {
        const now = title();
        parts.push(now === sent ? new Uint8Array(1) : icyBlock(now));
        sent = now;
        untilMeta = metaint;
      }
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  };
}

/** "Artist - Title", or the title alone: what Icecast shows and players display. */
export function icyTitle(np: { title: string; artist: string } | null): string {
  if (!np) return '';
  return np.artist ? `${np.artist} - ${np.title}` : np.title;
}
