/**
 * Embed anywhere, what only Chromium needs to show (the flows of every engine are in
 * embed.test.ts): axe-core (WCAG 2.2 AA) finds nothing on the embed pages, a share page and
 * the configurator, none of them breaks its own policy; the configurator is used by keyboard
 * alone, and Copy puts the output on the real clipboard and says so in a live region.
 */
import { describe, expect, it } from 'vitest';
import { PRIVATE, PUBLIC, axeViolations, describeViolations, waitForState, withBrowser, type TestPage } from '../support/browser.ts';

const env = withBrowser({ context: { viewport: { width: 1040, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] } });

/** Records policy violations from now on (the page's own). */
const watchPolicy = (t: TestPage) =>
  t.page.evaluate(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`), true);
  });
const violations = (t: TestPage) => t.page.evaluate(() => (window as unknown as { violations: string[] }).violations);

describe('embed pages and share pages', () => {
  it.each([
    ['the radio embed page', `/embed/stream?token=${PUBLIC}&theme=dark&accent=d92d3a`, 'stream-player'],
    ['the podcast embed page', `/embed/podcast?token=${PUBLIC}&lang=ar`, 'podcast-player'],
    ["an episode's share page", `/s/${PUBLIC}/episodes/ep-3`, 'podcast-player'],
    ["the station's share page", `/s/${PUBLIC}/stream?theme=dark`, 'stream-player'],
  ])('%s: no axe violation, nothing refused by its policy, no console problem', async (_, path, player) => {
    const t = await env.visit(`${env.mock}${path}`);
    await watchPolicy(t);
    await waitForState(t.page, player, 'ready');
    // An embed page is made to be framed: its frame's title names it and the host page has the
    // headings, so axe's best practice of a level-one heading per page is not asked of it.
    const found = (await axeViolations(t.page)).filter((v) => !(path.startsWith('/embed/') && v.id === 'page-has-heading-one'));
    expect(found, describeViolations(found)).toEqual([]);
    expect(await violations(t)).toEqual([]);
    expect(t.problems).toEqual([]);
  });
});

describe('the configurator', () => {
  async function signIn(): Promise<TestPage> {
    const t = await env.visit(`${env.mock}/`);
    await t.page.fill('#check [name=token]', PRIVATE);
    await t.page.click('#check button[type=submit]');
    await waitForState(t.page, '#configurator-preview stream-player', 'ready');
    return t;
  }

  it('no axe violation in the console with the configurator shown', async () => {
    const t = await signIn();
    await watchPolicy(t);
    await t.page.selectOption('#cfg-kind', 'podcast');
    await waitForState(t.page, '#configurator-preview podcast-player', 'ready');
    const found = await axeViolations(t.page);
    expect(found, describeViolations(found)).toEqual([]);
    expect(await violations(t)).toEqual([]);
    expect(t.problems).toEqual([]);
  });

  it('by keyboard alone: every control labelled, a choice by arrow keys changes the preview, Copy by Enter says "Copied"', async () => {
    const t = await signIn();
    // Every control has a name a screen reader reads.
    const unnamed = await t.page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#configurator select, #configurator input, #configurator textarea, #configurator button')]
        .filter(
          (el) => !((el as HTMLInputElement).labels?.length || el.getAttribute('aria-label') || (el.tagName === 'BUTTON' && el.textContent?.trim())),
        )
        .map((el) => el.id),
    );
    expect(unnamed).toEqual([]);
    // Tab from the token form reaches the player menu; ArrowDown picks the podcast.
    await t.page.focus('#cfg-kind');
    await t.page.keyboard.press('ArrowDown');
    await waitForState(t.page, '#configurator-preview podcast-player', 'ready');
    // Tab on to the theme, then to the Copy button of the iframe, by keyboard only.
    const order: string[] = [];
    for (let i = 0; i < 40 && !order.includes('copy-iframe'); i++) {
      await t.page.keyboard.press('Tab');
      order.push(
        await t.page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return el.dataset.copy ? `copy-${el.dataset.copy}` : el.id;
        }),
      );
    }
    expect(order.slice(0, 4)).toEqual(['cfg-channel', 'cfg-episode', 'cfg-theme', 'cfg-lang']);
    expect(order).toContain('cfg-out-snippet');
    expect(order.at(-1)).toBe('copy-iframe');
    await t.page.keyboard.press('Enter');
    await t.page.waitForFunction(() => document.getElementById('cfg-status')!.textContent!.startsWith('Copied'));
    expect(await t.page.getAttribute('#cfg-status', 'role')).toBe('status');
    const copied = await t.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await t.page.inputValue('#cfg-out-iframe'));
    expect(copied).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\/podcast\?token=/);
  });
});
