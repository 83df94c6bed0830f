/**
 * Capped exponential backoff with full jitter: attempt 0 waits up to `base`, each next
 * attempt doubles, never beyond `cap`. Half the delay is fixed so retries never bunch at 0.
 */
export function backoff(attempt: number, base = 1000, cap = 30_000, random = Math.random): number {
  // (2 ** a large attempt is Infinity, and the cap still wins; timers take fractions of a ms.)
  return (Math.min(cap, base * 2 ** attempt) * (1 + random())) / 2;
}
