/**
 * Capped exponential backoff with full jitter: attempt 0 waits up to `base`, each next
 * attempt doubles, never beyond `cap`. Half the delay is fixed so retries never bunch at 0.
 */
export function backoff(attempt: number, base = 1000, cap = 30_000, random = Math.random): number {
  const ceiling = Math.min(cap, base * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
