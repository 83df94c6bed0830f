// happy-dom has no EventSource: give the widgets one that speaks to the real mock.
import { NodeEventSource } from './event-source.ts';

Object.assign(globalThis, { EventSource: NodeEventSource });

// happy-dom plays nothing and says so (`canPlayType` is always ''): the players would find nothing
// to play. Its media elements answer as a browser that plays MP3 and no other codec (the widgets'
// tests assert the MP3 URLs; which codec each real engine takes is the browser tests' business).
HTMLMediaElement.prototype.canPlayType = (type: string) => (/^audio\/(mpeg|mp3)\b/i.test(type.trim()) ? 'maybe' : '');

// happy-dom has a stub of the Remote Playback API (`remote`, which never sees a device): the
// widgets would load their Cast/AirPlay chunk in every test. Its elements answer as a browser
// without it; test/components/remote.test.ts gives them a test double of it.
delete (HTMLMediaElement.prototype as { remote?: unknown }).remote;
