// An integrator's React 19 + TypeScript app: castlet's wrappers and its plain tags in JSX.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PodcastPlayer, StreamPlayer } from 'castlet/react';
import type {} from 'castlet/jsx/react';

const params = new URLSearchParams(location.search);
const base = params.get('base') ?? '';
const token = params.get('token') ?? '';
const log: string[] = [];
(window as unknown as { castletLog: string[] }).castletLog = log;

function App() {
  const [channel, setChannel] = useState('');
  return (
    <main>
      {/* The wrappers: properties, and castlet-* events as onCastlet… props. */}
      <StreamPlayer
        id="wrapper-stream"
        publicToken={token}
        baseUrl={base}
        channel={channel}
        onCastletStatechange={(e) => log.push(`wrapper-stream ${e.detail.state}`)}
        onCastletNowplaying={(e) => log.push(`wrapper-stream now ${e.detail.nowPlaying?.title ?? ''}`)}
        onCastletError={(e) => log.push(`wrapper-stream ${e.detail.code}`)}
      />
      <PodcastPlayer
        id="wrapper-podcast"
        publicToken={token}
        baseUrl={base}
        onCastletStatechange={(e) => log.push(`wrapper-podcast ${e.detail.state}`)}
      />
      {/* The plain tags (React 19 sets known properties, other props as attributes, on… as listeners). */}
      <stream-player id="tag-attrs" public-token={token} base-url={base} oncastlet-statechange={(e) => log.push(`tag-attrs ${e.detail.state}`)} />
      <podcast-player
        id="tag-props"
        publicToken={token}
        baseUrl={base}
        theme="dark"
        oncastlet-statechange={(e) => log.push(`tag-props ${e.detail.state}`)}
      />
      <button id="channel" onClick={() => setChannel('nope')}>
        Other channel
      </button>
    </main>
  );
}

// @ts-expect-error the wrapper's publicToken is a string
void (<StreamPlayer publicToken={1} />);
// @ts-expect-error unknown castlet event prop on the tag's typed detail
void (<stream-player oncastlet-play={(e) => e.detail.state} />);

createRoot(document.getElementById('root')!).render(<App />);
