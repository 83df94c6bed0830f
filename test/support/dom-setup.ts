// happy-dom has no EventSource: give the widgets one that speaks to the real mock.
import { NodeEventSource } from './event-source.ts';

Object.assign(globalThis, { EventSource: NodeEventSource });

// happy-dom's canPlayType answers '' for every type (so a typed source would never play): answer
// as a browser that plays MP3 and not Ogg Opus would. A test may give an element its own.
HTMLMediaElement.prototype.canPlayType = (type: string) => (/^audio\/(mpeg|mp3)\b/i.test(type) ? 'maybe' : '');
