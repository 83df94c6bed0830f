/** Where a listener left an episode, and at what speed. */
export interface Resume {
  t: number;
  rate: number;
}

const key = (token: string, episode: string) => `castlet:${token}:${episode}`;

/** Reads the saved position; a finished episode (within 5 s of its end) starts over. */
export function loadResume(token: string, episode: string, duration: number): Resume {
  let saved: Partial<Resume> | null = null;
  try {
    // (Nothing saved: JSON.parse(null) reads "null".)
    saved = JSON.parse(localStorage.getItem(key(token, episode)) ?? 'null');
  } catch {
    // Storage blocked or not JSON: nothing saved.
  }
  const t = Number(saved?.t) || 0;
  const rate = Number(saved?.rate) || 1;
  return { t: t > 0 && (!duration || t < duration - 5) ? t : 0, rate: rate >= 0.5 && rate <= 3 ? rate : 1 };
}

export function saveResume(token: string, episode: string, value: Resume): void {
  try {
    localStorage.setItem(key(token, episode), JSON.stringify({ ...value, t: Math.round(value.t) }));
  } catch {
    // Storage full or blocked (private mode): resuming is a nicety.
  }
}
