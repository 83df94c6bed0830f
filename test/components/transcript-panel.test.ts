/**
 * <podcast-player>'s transcript panel against the real mock (its transcripts are made with its
 * audio: demo/media/*.vtt). The Transcript controller alone, on data of our own: transcript.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer } from '../../src/castlet.ts';
import { parseVtt, type Cue } from '../../src/api/vtt.ts';
import type { LitElement } from 'lit';
import { all, flush, mount, openDetails, q, ready, shadow, useMock, useFeed, resetAfterEach } from '../support/harness.ts';

const mock = useMock();
/** An episode's transcript as the mock serves it (read from disk: a fetch here would fill happy-dom's HTTP cache). */
const vttOf = (id: string) => parseVtt(readFileSync(join(process.cwd(), 'demo/media', `${id}.vtt`), 'utf8'));
/** Requests the mock saw for transcripts. */
const vttRequests = () => mock.logs.filter((l) => /^GET \S+\.vtt/.test(l)).length;

const feed = useFeed(mock);
let cues: Cue[];
beforeAll(() => {
  cues = vttOf(feed.episodes[0]!.id);
});
resetAfterEach();

/** The transcript panel opened, its cues shown. */
async function openTranscript(el: PodcastPlayer) {
  openDetails(el, 'transcript');
  await vi.waitFor(() => expect(all(el, '[part=cue]').length).toBe(cues.length), 3000);
}

describe('<podcast-player> transcript', () => {
  it('asks for nothing before the listener opens it; then every cue is a button with its words and speaker', async () => {
    const before = vttRequests();
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    expect(q<HTMLDetailsElement>(el, 'details[part=transcript]').open).toBe(false);
    expect(vttRequests()).toBe(before);
    await openTranscript(el);
    expect(vttRequests()).toBe(before + 1);
    const buttons = all(el, 'button[part=cue]');
    expect(buttons[3]!.textContent).toContain(cues[3]!.text);
    // The speaker is named where the speaker changes, not on every cue.
    expect(buttons[0]!.querySelector('b')?.textContent).toBe(cues[0]!.speaker);
    expect(buttons[1]!.querySelector('b')).toBeNull();
  });

  it("its styles join the element's own once, however often it is opened", async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    const own = (el.constructor as typeof LitElement).elementStyles.map((s) => ('styleSheet' in s ? s.styleSheet : s));
    const sheets = () => shadow(el).adoptedStyleSheets;
    const before = sheets().length;
    expect(sheets().slice(0, own.length)).toEqual(own);
    await openTranscript(el);
    const details = q<HTMLDetailsElement>(el, 'details[part=transcript]');
    details.open = false;
    details.dispatchEvent(new Event('toggle'));
    openDetails(el, 'transcript');
    // (The panel's chunk, asked again, has arrived once the same import here has.)
    await import('../../src/podcast-player/transcript.ts');
    await flush();
    expect(sheets()).toHaveLength(before + 1);
    expect(sheets().slice(0, own.length)).toEqual(own);
  });

  it('the current cue follows playback (aria-current), and a click on a cue seeks to its start', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await openTranscript(el);
    const current = () => all(el, '[part=cue]').findIndex((b) => b.getAttribute('aria-current') === 'true');
    // Before the first words (0.35 s), no cue is current.
    expect(current()).toBe(-1);
    el.seek(cues[6]!.start + 0.5);
    await vi.waitFor(() => expect(current()).toBe(6), 3000);
    expect(all(el, '[part=cue][aria-current=true]')).toHaveLength(1);
    all(el, '[part=cue]')[10]!.click();
    expect(el.position).toBe(cues[10]!.start);
    await vi.waitFor(() => expect(current()).toBe(10), 3000);
  });

  it('search marks the matches and steps through them, wrapping around', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await openTranscript(el);
    const word = 'light';
    const hits = cues.filter((c) => c.text.toLowerCase().includes(word)).length;
    expect(hits).toBeGreaterThan(1);
    const input = q<HTMLInputElement>(el, '[part=transcript] input[type=search]');
    input.value = 'LIGHT ';
    input.dispatchEvent(new Event('input'));
    const status = () => q(el, '[part=transcript] [role=status]').textContent!.trim();
    await vi.waitFor(() => expect(status()).toBe(`1 of ${hits} matches`), 3000);
    expect(all(el, '[part=cue] mark').length).toBeGreaterThanOrEqual(hits);
    const focus = () => all(el, '[part=cue]').findIndex((b) => b.querySelector('mark.now'));
    const first = focus();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await vi.waitFor(() => expect(status()).toBe(`2 of ${hits} matches`), 3000);
    expect(focus()).toBeGreaterThan(first);
    q(el, '[part=transcript] button[aria-label="Previous match"]').click();
    q(el, '[part=transcript] button[aria-label="Previous match"]').click();
    await vi.waitFor(() => expect(status()).toBe(`${hits} of ${hits} matches`), 3000);
    input.value = 'zebra';
    input.dispatchEvent(new Event('input'));
    await vi.waitFor(() => expect(status()).toBe('No matches'), 3000);
    expect(all(el, '[part=cue] mark')).toHaveLength(0);
  });

  it('follows the episode on show: another episode shows its own transcript', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await openTranscript(el);
    const other = feed.episodes[1]!;
    const otherCues = vttOf(other.id);
    all(el, '[part=episode]')[1]!.click();
    await vi.waitFor(() => expect(all(el, '[part=cue]')[0]?.textContent).toContain(otherCues[0]!.text), 3000);
    el.media.pause();
  });

  it('an episode without a transcript says so when the panel is opened', async () => {
    const { id } = await mock.owner('addPodcast', { title: 'Notes without words', duration: 60, chapters: [] });
    onTestFinished(() => mock.owner('deletePodcast', { id }));
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    expect(el.current?.title).toBe('Notes without words');
    openDetails(el, 'transcript');
    await vi.waitFor(() => expect(q(el, '[part=transcript]').textContent).toContain('This episode has no transcript.'), 3000);
    // The one with words shows its own.
    all(el, '[part=episode]')[1]!.click();
    await vi.waitFor(() => expect(all(el, '[part=cue]').length).toBe(cues.length), 3000);
    el.media.pause();
  });
});
