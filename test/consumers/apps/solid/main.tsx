// Solid: castlet's tags in JSX, type-checked only.
import type { JSX } from 'solid-js';
import type {} from 'castlet/jsx/solid';

export const player: JSX.Element = (
  <stream-player public-token="t" base-url="https://service.example" on:castlet-statechange={(e) => e.detail.state} />
);
// @ts-expect-error castlet-play's detail has no state
export const wrong: JSX.Element = <podcast-player on:castlet-play={(e) => e.detail.state} />;
