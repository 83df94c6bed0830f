import type { LitElement } from 'lit';
import type { Text } from '../i18n/en.js';
import type { LocaleController } from './locale.js';
import type { PlaybackController } from './playback/controller.js';
import type { Snapshot } from './playback/types.js';

/** A message in the listener's language. */
export type Say = (text: Text, vars?: Record<string, string | number>) => string;

/** What each key does, by `KeyboardEvent.key`: a letter as typed without Shift (`k`), in capitals with Shift (`N` is Shift+N), `' '` for Space. */
export type KeyMap = Record<string, () => unknown>;

/** What the lock screen shows of what plays. */
export interface SessionInfo {
  title: string;
  artist: string;
  album: string;
  artwork: string | null;
  /** The episode's chapters (`MediaMetadata.chapterInfo`, where the browser has it). */
  chapters?: { title: string; startTime: number }[];
}

/** The lock screen's actions beyond play and pause. */
export type SessionHandlers = Partial<Record<MediaSessionAction, MediaSessionActionHandler | undefined>>;

/** A kind of player's own parts: its keys and what it shows on the lock screen (an on-demand chunk of each kind). */
export interface Kind {
  keys: KeyMap;
  /** Null: nothing to show (no data yet, no episode). */
  session(): [SessionInfo, SessionHandlers] | null;
}

/**
 * The typed view a player hands its parts (the hotkeys, the lock screen, the mini-player):
 * a read-only snapshot of playback and commands. Nothing reaches into the player; each kind of
 * player adds what its own parts need (StreamPort, PodcastPort) and supplies its `Kind`.
 */
export interface PlayerPort {
  /** The element: its events, focus and shadow root (the mini-player renders a box of its own there). */
  readonly host: LitElement;
  readonly playback: Snapshot;
  /** The interface language, and its words. */
  readonly lang: string;
  readonly t: Say;
  /** The keyboard shortcuts are off (`no-hotkeys`). */
  readonly noHotkeys: boolean;
  toggle(): Promise<void>;
  setMuted(muted: boolean): void;
  /** This kind of player's keys and lock-screen details, once its chunk is here. */
  kind(): Promise<Kind>;
}

/** What a player gives its port. */
export interface PortParts {
  host: LitElement;
  audio: PlaybackController;
  locale: LocaleController;
  t: Say;
  toggle(): Promise<void>;
  /** Loads this kind of player's `Kind` (its own on-demand chunk): asked for once. */
  loadKind(): Promise<Kind>;
}

/** The port of a player: its playback's snapshot, its language, a few commands, and its `Kind`, loaded once. */
export function makePort({ host, audio, locale, t, toggle, loadKind }: PortParts): PlayerPort {
  let kind: Promise<Kind> | undefined;
  return {
    host,
    get playback() {
      return audio.snapshot;
    },
    get lang() {
      return locale.lang;
    },
    get noHotkeys() {
      return host.hasAttribute('no-hotkeys');
    },
    t,
    toggle,
    setMuted: (m) => audio.setMuted(m),
    kind: () => (kind ??= loadKind()),
  };
}
