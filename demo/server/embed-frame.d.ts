// Types of embed-frame.js's exports (the frame script is served as it is written: plain JavaScript, a module).

/** A command the frame takes, checked: its fields and the id to echo. */
export type Command =
  | { command: 'play' | 'pause' | 'toggle'; id: string | number | undefined }
  | { command: 'seek'; position: number; id: string | number | undefined }
  | { command: 'load'; episode: string; position?: number; clip?: [number, number]; id: string | number | undefined };

export const COMMANDS: readonly string[];
export const MAX_CLIP: number;
/** null: no command (left alone); `error`: malformed (answered with `bad_command`). */
export function checkCommand(data: unknown, kind: 'stream' | 'podcast'): Command | { error: string; id: string | number | undefined } | null;
/** The share-link fragment of `episode` at a position or a clip. */
export function momentHash(episode: string, at: { position?: number; clip?: readonly [number, number] }): string;
