/**
 * Runs `f` in a task of its own, the next one: a message, not a timer (none of a timer's clamps,
 * and the tests' fake timers do not hold it). What would lengthen the task that evaluated the
 * bundle and upgraded the players goes there (docs/performance.md, "The podcast page's
 * blocking time").
 */
export function nextTask(f: () => void): void {
  const c = new MessageChannel();
  c.port1.onmessage = () => (c.port1.close(), f());
  c.port2.postMessage(0);
}
