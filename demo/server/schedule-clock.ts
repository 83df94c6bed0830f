/**
 * The schedule's clock: what /public/stream shows of a channel's schedule changes when a show
 * starts or ends, with no owner action; the stream's events must say so then. One timer, set for
 * the next such moment of any channel (schedule.ts `nextChange`), re-set when the owner changes
 * a schedule; `stop()` clears it.
 */
import { nextChange } from './schedule.ts';
import type { Store, StoreEvent } from './store.ts';

/** setTimeout's longest delay; a later moment is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class ScheduleClock {
  #store: Store;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(store: Store) {
    this.#store = store;
  }

  /** Follows the store (the app passes it every event): a new schedule sets the timer again. */
  storeChanged(event: StoreEvent): void {
    if (event.type === 'schedule') this.#arm();
  }

  /** Stops the timer. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The timer for the next change of any channel's schedule; at it, each channel whose schedule changed then is announced. */
  #arm(): void {
    this.stop();
    const now = this.#store.now();
    const changes = this.#store.channels.map((c) => ({ id: c.id, at: nextChange(this.#store.schedule(c.id), now) ?? Infinity }));
    const at = Math.min(...changes.map((c) => c.at));
    if (at === Infinity) return;
    this.#timer = setTimeout(
      () => {
        if (this.#store.now() >= at) for (const c of changes) if (c.at === at) this.#store.scheduleTicked(c.id);
        this.#arm();
      },
      Math.min(Math.max(at - now, 0), MAX_TIMER_MS),
    );
    this.#timer.unref?.();
  }
}
