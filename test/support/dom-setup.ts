// happy-dom has no EventSource: give the widgets one that speaks to the real mock.
import { NodeEventSource } from './event-source.ts';

Object.assign(globalThis, { EventSource: NodeEventSource });
