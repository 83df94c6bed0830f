/**
 * demo/server/live-items.ts on a fake clock: the one timer reaches moments further away than
 * setTimeout can wait, an ended item leaves 24 h after its end by default, and stop() leaves
 * no timer behind.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalog } from '../../demo/server/media/catalog.ts';
import { LiveItems, type NewLiveItem } from '../../demo/server/live-items.ts';
import { seedStore } from '../../demo/server/seed.ts';
import type { StoreEvent } from '../../demo/server/store.ts';

const DAY = 24 * 3600_000;
// The domain takes checked input (routes/live-items.ts checks the body): times in ms.
const body = ({ start, end, ...rest }: { title: string; start?: string; end?: string }): NewLiveItem => ({
  ...rest,
  ...(start ? { start: Date.parse(start) } : {}),
  ...(end ? { end: Date.parse(end) } : {}),
});
const catalog = loadCatalog();

describe('LiveItems on a fake clock', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-27T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  function setup() {
    const store = seedStore(catalog);
    const items = new LiveItems(store, { origin: 'https://radio.example', stream: () => 'https://radio.example/listen/live' });
    const events: StoreEvent[] = [];
    store.subscribe((e) => {
      events.push(e);
      items.storeChanged(e);
    });
    const status = (id: string) => store.liveItems.find((i) => i.id === id)?.status ?? 'gone';
    return { store, items, events, status };
  }

  it('goes live 30 days ahead (past setTimeout’s longest wait), ends at its end, leaves 24 h later', () => {
    const { items, status, events } = setup();
    const { id } = items.add(body({ title: 'Far off', start: '2026-12-27T12:00:00Z', end: '2026-12-27T13:00:00Z' }));
    expect(status(id)).toBe('pending');
    vi.advanceTimersByTime(30 * DAY - 1);
    expect(status(id)).toBe('pending');
    vi.advanceTimersByTime(1);
    expect(status(id)).toBe('live');
    vi.advanceTimersByTime(3600_000);
    expect(status(id)).toBe('ended');
    vi.advanceTimersByTime(DAY - 1);
    expect(status(id)).toBe('ended');
    vi.advanceTimersByTime(1);
    expect(status(id)).toBe('gone');
    // One event per change: added, live, ended, gone.
    expect(events.filter((e) => e.type === 'live-items')).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() leaves no timer behind', () => {
    const { items } = setup();
    items.add(body({ title: 'Pending', start: '2026-11-28T12:00:00Z' }));
    expect(vi.getTimerCount()).toBe(1);
    items.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a channel offline at the start (stopServer) keeps it pending until the channel is live (startServer)', () => {
    const { store, items, status } = setup();
    store.setReady(false);
    const { id } = items.add(body({ title: 'Waiting', start: '2026-11-27T12:00:00.100Z', end: '2026-11-27T13:00:00Z' }));
    vi.advanceTimersByTime(300);
    expect(status(id)).toBe('pending');
    store.setReady(true);
    expect(status(id)).toBe('live');
    items.stop();
  });

  it('a channel that goes offline and back (a dropped source): pending while offline, live again after', () => {
    const { store, items, status } = setup();
    const { id } = items.add(body({ title: 'On air' }));
    expect(status(id)).toBe('live');
    store.setOnAir('main', false);
    expect(status(id)).toBe('pending');
    store.setOnAir('main', true);
    expect(status(id)).toBe('live');
    items.stop();
  });
});
