/**
 * A small EventSource for happy-dom (which has none), over node:http against the real mock:
 * the widgets' SSE code runs unchanged in component tests. It never reconnects by itself
 * (the widgets' feed handles that), and `instances` lets tests check nothing is left open.
 */
import { request, type ClientRequest } from 'node:http';

export class NodeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static readonly instances = new Set<NodeEventSource>();
  /** Fires 'change' when a connection opens or ends (the harness waits on it for answers). */
  static readonly changes = new EventTarget();
  /** Connections opened so far, to count retries. */
  static opened = 0;
  readyState = 0;
  onerror: ((e: Event) => void) | null = null;
  onopen: ((e: Event) => void) | null = null;
  private req: ClientRequest;

  constructor(readonly url: string) {
    super();
    NodeEventSource.instances.add(this);
    NodeEventSource.opened++;
    this.req = request(url, { headers: { Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return this.fail();
      }
      this.readyState = 1;
      NodeEventSource.changes.dispatchEvent(new Event('change'));
      this.fire(new Event('open'));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      });
      res.on('end', () => this.fail());
      res.on('error', () => this.fail());
    });
    this.req.on('error', () => this.fail());
    this.req.end();
  }

  close(): void {
    this.readyState = 2;
    NodeEventSource.instances.delete(this);
    this.req.destroy();
    NodeEventSource.changes.dispatchEvent(new Event('change'));
  }

  private dispatch(block: string) {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) type = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length && this.readyState === 1) this.fire(new MessageEvent(type, { data: data.join('\n') }));
  }

  private fail() {
    if (this.readyState === 2) return;
    this.close();
    this.fire(new Event('error'));
  }

  /** happy-dom's EventTarget also calls the `on<type>` property, as browsers do. */
  private fire(e: Event) {
    this.dispatchEvent(e);
  }
}
