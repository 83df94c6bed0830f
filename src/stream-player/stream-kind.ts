/**
 * What the live player supplies its parts (an on-demand chunk, loaded with the first of them):
 * its keys, and what the lock screen shows (now playing as heard).
 */
import type { StreamInfo } from '../api/types.js';
import type { Kind, PlayerPort } from '../internal/port.js';

/** `k`/Space play-pause, `m` mute; on the lock screen, the track heard (else the channel): `view()`, the data as the listener hears it. */
export function kind(port: PlayerPort, view: () => StreamInfo | null | undefined): Kind {
  // (As the Play button: a play given up, e.g. paused at once, is no error.)
  const toggle = () => port.toggle().catch(() => {});
  return {
    keys: { k: toggle, ' ': toggle, m: () => port.setMuted(!port.playback.muted) },
    session() {
      const d = view();
      const now = d?.now_playing;
      return d
        ? [
            {
              title: now?.title || d.channel.name,
              artist: now?.artist || '',
              album: d.channel.name,
              artwork: now?.artwork_url || d.channel.artwork_url,
            },
            {},
          ]
        : null;
    },
  };
}
