// The embed API's example page (embed-api.html; docs/embed-api.md): two frames, each attached and driven on its own.
import { attach } from '/castlet-embed.js';

// The demo account's public token, or the one in this page's URL (`?token=`, after a reset).
const token = new URLSearchParams(location.search).get('token') ?? '97824ed0-ee56-4d2c-ba29-efbcb76794c5';
const frames = {
  podcast: `/embed/podcast?token=${encodeURIComponent(token)}`,
  radio: `/embed/stream?token=${encodeURIComponent(token)}`,
};
const EVENTS = ['ready', 'state', 'time', 'nowplaying', 'episodechange', 'error'];

for (const [name, src] of Object.entries(frames)) {
  const iframe = document.getElementById(name);
  iframe.src = src;
  const player = attach(iframe);
  const log = document.getElementById(`${name}-log`);
  const say = (text) => {
    const li = document.createElement('li');
    li.textContent = text;
    log.prepend(li);
    while (log.children.length > 12) log.lastElementChild.remove();
  };
  for (const event of EVENTS) player.on(event, (detail) => say(`${event} ${JSON.stringify(detail)}`));
  // The frame's height follows the player's.
  player.on('resize', ({ height }) => (iframe.height = String(height)));
  const commands = {
    play: () => player.play(),
    pause: () => player.pause(),
    toggle: () => player.toggle(),
    seek: () => player.seek(60),
    load: () => player.load({ episode: 'ep-2', position: 30 }),
    clip: () => player.load({ episode: 'ep-1', clip: [20, 10] }).then(() => player.play()),
  };
  document.querySelector(`[data-frame=${name}]`).addEventListener('click', (e) => {
    const what = e.target.closest('button')?.dataset.do;
    if (what)
      commands[what]().then(
        (answer) => say(`${what}: done ${JSON.stringify(answer)}`),
        (error) => say(`${what}: ${error.code}: ${error.message}`),
      );
  });
}
