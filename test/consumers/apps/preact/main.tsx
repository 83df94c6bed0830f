// Preact: castlet's tags in JSX, type-checked only.
import { render } from 'preact';
import type {} from 'castlet/jsx/preact';

render(
  <stream-player public-token="t" base-url="https://service.example" channel="main" oncastlet-statechange={(e) => e.detail.state} />,
  document.body,
);
// @ts-expect-error castlet-play's detail has no state
void (<podcast-player oncastlet-play={(e) => e.detail.state} />);
