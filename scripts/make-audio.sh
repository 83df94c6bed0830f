#!/usr/bin/env bash
# Regenerates all demo audio in demo/media/ from scratch (docs/design.md §1 "Audio").
#
#   scripts/make-audio.sh
#   scripts/make-audio.sh --opus    # only the Opus files (episodes, tone), from the MP3s already there
#
# Speech comes from espeak-ng, music (melodies, chord pads, tone beds) from `sox synth`,
# and lame encodes it; nothing is fetched from outside. The results are committed, since
# CI has none of these tools (apt: espeak-ng lame sox opus-tools).
#
# Every MP3 is MPEG-2 layer III, 22.05 kHz mono, 32 kbit/s CBR, with the bit reservoir off
# (--nores) so each frame decodes on its own and the server can slice and loop whole
# frames, and no Xing/LAME or ID3 tag, so the files are pure frames.
#
# Outputs: live.mp3 (the live radio loop), live-2.mp3 (the second station's loop: one steady
# tone a song, each its own pitch, so a test can hear which song plays), ep-1.mp3 … ep-3.mp3 (podcast episodes with
# chapters) and their WebVTT transcripts ep-1.vtt … ep-3.vtt (a cue a sentence, timed by
# how the speech was put together), tone.mp3 (a 10 s bed the server repeats for episodes
# added at run time), ep-1.opus … ep-3.opus (each episode again as Ogg Opus, made from its MP3
# by `lame --decode` and opusenc, so both sound alike and start together), tone.opus (the tone
# bed likewise: the server repeats its packets for episodes added at run time) and manifest.json (titles, real durations and chapter offsets, measured from the audio).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/demo/media"
RATE=22050        # Hz
KBPS=32           # kbit/s, constant
OPUS_KBPS=24      # kbit/s, the average (opusenc's VBR): Opus at 24 sounds better than MP3 at 32
SPEED=150         # espeak-ng words per minute

for tool in espeak-ng sox soxi lame opusenc awk node; do
  command -v "$tool" >/dev/null || {
    echo "make-audio: '$tool' not found (apt-get install -y --no-install-recommends espeak-ng lame sox opus-tools)" >&2
    exit 1
  }
done

WORK="$(mktemp -d)"
[[ -n "${MAKE_AUDIO_KEEP:-}" ]] && echo "make-audio: keeping $WORK" >&2 || trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

# sox: repeatable (no random dither seed), quiet, no clipping warnings spam.
SOX=(sox -R -V1)
FMT=(-r "$RATE" -c 1 -b 16)

seconds() { soxi -D "$1"; }
# Float arithmetic without bc: calc '1.5 + 2'
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }
round1() { awk -v x="$1" 'BEGIN { printf "%.1f", x + 0 }'; }
# json KEY[:TYPE] VALUE ... — one JSON object, made by node so it is always valid JSON;
# TYPE is s (text, the default), n (a number) or j (JSON text, e.g. an array of objects).
json() {
  node -e '
    const args = process.argv.slice(1), out = {};
    for (let i = 0; i < args.length; i += 2) {
      const [key, type = "s"] = args[i].split(":");
      const value = args[i + 1];
      out[key] = type === "n" ? Number(value) : type === "j" ? JSON.parse(value) : value;
      if (type === "n" && !Number.isFinite(out[key])) throw new Error(`json: ${key} is not a number: ${value}`);
    }
    process.stdout.write(JSON.stringify(out));
  ' -- "$@"
}

# say OUT VOICE TEXT — speech, trimmed of espeak's silence, with a short lead-in and tail.
say() {
  local out="$1" voice="$2" text="$3"
  espeak-ng -v "$voice" -s "$SPEED" -g 3 -w "$WORK/espeak.wav" "$text"
  "${SOX[@]}" "$WORK/espeak.wav" "${FMT[@]}" "$out" \
    silence 1 0.02 0.3% reverse silence 1 0.02 0.3% reverse \
    highpass 90 norm -3 pad 0.35 0.45
}

# The speakers' names in the transcripts, by espeak-ng voice.
declare -A SPEAKER=(["en-us+m3"]="Sam" ["en-gb+f3"]="Ruth")

# speak OUT VOICE TEXT OFFSET CUES — like `say`, but sentence by sentence: each sentence is
# synthesized on its own and the clips are joined, so where each one starts in the audio is
# known from how it was made. Appends one cue a sentence to CUES as
# "start|end|speaker|text" (seconds from the start of the episode; OFFSET is where this
# speech starts in it).
speak() {
  local out="$1" voice="$2" text="$3" offset="$4" cues="$5"
  local sentences=() parts=() i=0 at lead tail sentence len
  readarray -t sentences < <(printf '%s\n' "$text" | sed -E 's/([.!?]) +/\1\n/g')
  at=0
  for sentence in "${sentences[@]}"; do
    [[ -n "$sentence" ]] || continue
    # The first sentence keeps say's lead-in; between sentences a short breath.
    lead=0.08; [[ $i -eq 0 ]] && lead=0.35
    tail=0.22; [[ $i -eq $((${#sentences[@]} - 1)) ]] && tail=0.45
    espeak-ng -v "$voice" -s "$SPEED" -g 3 -w "$WORK/espeak.wav" "$sentence"
    "${SOX[@]}" "$WORK/espeak.wav" "${FMT[@]}" "$WORK/sent-$i.wav" \
      silence 1 0.02 0.3% reverse silence 1 0.02 0.3% reverse highpass 90 norm -3
    len="$(seconds "$WORK/sent-$i.wav")"
    printf '%s|%s|%s|%s\n' "$(calc "$offset + $at + $lead")" "$(calc "$offset + $at + $lead + $len")" \
      "${SPEAKER[$voice]:-Host}" "$sentence" >>"$cues"
    "${SOX[@]}" "$WORK/sent-$i.wav" "$WORK/sentp-$i.wav" pad "$lead" "$tail"
    at="$(calc "$at + $lead + $len + $tail")"
    parts+=("$WORK/sentp-$i.wav"); i=$((i + 1))
  done
  "${SOX[@]}" "${parts[@]}" "$out"
}

# vtt_time SECONDS — 00:01:02.345
vtt_time() { awk -v t="$1" 'BEGIN { ms = int(t * 1000 + 0.5); printf "%02d:%02d:%02d.%03d", ms / 3600000, (ms / 60000) % 60, (ms / 1000) % 60, ms % 1000 }'; }

# write_vtt CUES OUT — the episode's WebVTT transcript, a cue a sentence, with its speaker.
write_vtt() {
  local start end speaker text n=0
  {
    printf 'WEBVTT\n'
    while IFS='|' read -r start end speaker text; do
      n=$((n + 1))
      printf '\n%d\n%s --> %s\n<v %s>%s\n' "$n" "$(vtt_time "$start")" "$(vtt_time "$end")" "$speaker" "$text"
    done <"$1"
  } >"$2"
}

# chord LEN OUT GAIN_DB NOTE... — a soft sustained chord (sines), gently swelling.
chord() {
  local len="$1" out="$2" gain="$3"; shift 3
  local synth=() n
  for n in "$@"; do synth+=(sine "$n"); done
  "${SOX[@]}" -n "${FMT[@]}" "$out" synth "$len" "${synth[@]}" \
    tremolo 0.25 25 lowpass 1800 fade q 0.8 "$len" 1.2 norm "$gain"
}

# bed LEN OUT GAIN_DB CHORD... — chords (notes joined by ':') one after another over LEN
# seconds; each chord fades in and out, so the bed breathes rather than drones.
bed() {
  local len="$1" out="$2" gain="$3"; shift 3
  local count=$# i=0 part c parts=()
  part="$(calc "$len / $count")"
  for c in "$@"; do
    # shellcheck disable=SC2086
    chord "$part" "$WORK/bed-$i.wav" "$gain" ${c//:/ }
    parts+=("$WORK/bed-$i.wav"); i=$((i + 1))
  done
  "${SOX[@]}" "${parts[@]}" "$out"
}

# melody OUT WAVE BPM "NOTE/BEATS ..." — one voice; '-' is a rest.
melody() {
  local out="$1" wave="$2" bpm="$3" notes="$4"
  local beat i=0 tok note beats len parts=()
  beat="$(calc "60 / $bpm")"
  for tok in $notes; do
    note="${tok%/*}"; beats="${tok#*/}"
    len="$(calc "$beat * $beats")"
    if [[ "$note" == "-" ]]; then
      "${SOX[@]}" -n "${FMT[@]}" "$WORK/n-$i.wav" trim 0 "$len"
    elif [[ "$wave" == pluck ]]; then
      "${SOX[@]}" -n "${FMT[@]}" "$WORK/n-$i.wav" synth "$len" pluck "$note" fade q 0.005 "$len" 0.05
    else
      # A bell-ish voice: fundamental plus a quiet octave, quick attack, long release.
      "${SOX[@]}" -n "${FMT[@]}" "$WORK/n-$i.wav" synth "$len" "$wave" "$note" sine "$note" \
        fade q 0.02 "$len" "$(calc "$len * 0.7")"
    fi
    parts+=("$WORK/n-$i.wav"); i=$((i + 1))
  done
  "${SOX[@]}" "${parts[@]}" "$out"
}

# pad OUT BPM "CHORD/BEATS ..." — the harmony under a melody (chord = notes joined by ':').
pad() {
  local out="$1" bpm="$2" chords="$3"
  local beat i=0 tok len notes parts=()
  beat="$(calc "60 / $bpm")"
  for tok in $chords; do
    len="$(calc "$beat * ${tok#*/}")"
    notes="${tok%/*}"
    # shellcheck disable=SC2086
    chord "$len" "$WORK/p-$i.wav" -3 ${notes//:/ }
    parts+=("$WORK/p-$i.wav"); i=$((i + 1))
  done
  "${SOX[@]}" "${parts[@]}" "$out"
}

# encode WAV MP3 — the one encoding every file uses.
encode() {
  lame --quiet -m m --cbr -b "$KBPS" --resample 22.05 --nores -t "$1" "$2"
}

# opus MP3 OPUS — the MP3 again as Ogg Opus. A fixed stream serial and no encoder comment,
# so the same MP3 always gives the same bytes.
opus() {
  lame --quiet --decode "$1" "$WORK/opus-in.wav"
  opusenc --quiet --bitrate "$OPUS_KBPS" --serial 1 --discard-comments "$WORK/opus-in.wav" "$2"
}

# mp3_seconds FILE — duration of a CBR file of pure frames: bytes * 8 / bitrate.
mp3_seconds() {
  local bytes
  bytes="$(wc -c <"$1")"
  calc "$bytes * 8 / ($KBPS * 1000)"
}

# --opus: only the Opus files (and their names in manifest.json), from the MP3s.
if [[ "${1:-}" == --opus ]]; then
  for id in $(node -p 'require(process.argv[1]).episodes.map((e) => e.id).join(" ")' "$OUT/manifest.json") tone; do
    echo "make-audio: $id.opus" >&2
    opus "$OUT/$id.mp3" "$OUT/$id.opus"
  done
  # The name goes after each "file", the rest of the text as it is.
  node -e '
    const fs = require("fs"), file = process.argv[1];
    const text = fs
      .readFileSync(file, "utf8")
      .replace(/^( *)"file": "(ep-[^"]+)\.mp3",\n(?! *"opus")/gm, (line, indent, id) => `${line}${indent}"opus": "${id}.opus",\n`)
      .replace(/"file": "tone\.mp3",(?! *"opus")/, `"file": "tone.mp3", "opus": "tone.opus",`);
    fs.writeFileSync(file, text);
  ' "$OUT/manifest.json"
  exit 0
fi

# ---------------------------------------------------------------------------------------
# Live radio: four "tracks", each a station id over a soft chord, then the song.
# ---------------------------------------------------------------------------------------

TRACK_TITLES=("Harbor Lights" "Morning Glass" "Slow Orbit" "Paper Lanterns")
TRACK_ARTISTS=("The Tidewater Trio" "Juniper Lane" "Marisol and the Comets" "Kite Season")
TRACK_VOICES=("en-us+f3" "en-gb+m3" "en-us+f3" "en-gb+m3")
TRACK_IDS=(
  "You're listening to Castlet Radio, music for quiet places. Here is Harbor Lights, by the Tidewater Trio."
  "Castlet Radio. Coming up next, Morning Glass, from Juniper Lane."
  "This is Castlet Radio, live, all day. Next, Slow Orbit, by Marisol and the Comets."
  "Castlet Radio, thank you for staying with us. Here is Paper Lanterns, by Kite Season."
)
TRACK_WAVES=(pluck sine triangle pluck)
TRACK_BPM=(96 80 70 110)
TRACK_MELODY=(
  "E4/1 G4/1 C5/1 G4/1  A4/1 C5/1 E5/2  D5/1 C5/1 A4/1 F4/1  G4/2 D4/1 G4/1
   E4/1 G4/1 C5/1 E5/1  D5/1 C5/1 A4/2  F4/1 A4/1 C5/1 A4/1  G4/1 B4/1 D5/2
   C5/2 G4/1 E4/1  C4/4"
  "B4/1 D5/1 G5/2  E5/1 D5/1 B4/2  C5/1 E5/1 G5/1 E5/1  D5/2 A4/2
   B4/1 G4/1 D5/1 B4/1  G5/1 E5/1 B4/2  A4/1 C5/1 E5/1 D5/1  G4/4"
  "A4/2 C5/1 E5/1  F5/2 E5/1 C5/1  E5/1 G5/1 E5/1 C5/1  D5/2 B4/2
   C5/1 A4/1 E4/1 A4/1  C5/1 F5/1 E5/1 C5/1  A4/4"
  "F4/1 A4/1 C5/1 A4/1  D5/1 F5/1 D5/1 A4/1  Bb4/1 D5/1 F5/2  E5/1 C5/1 G4/2
   A4/1 C5/1 F5/1 C5/1  F5/1 E5/1 D5/2  D5/1 Bb4/1 F4/1 Bb4/1  C5/2 E5/2
   F5/1 C5/1 A4/1 C5/1  D5/2 A4/2  G4/1 Bb4/1 E5/1 C5/1  F4/4"
)
TRACK_CHORDS=(
  "C3:E3:G3:C2/4 A2:C3:E3:A1/4 F2:A2:C3:F1/4 G2:B2:D3:G1/4
   C3:E3:G3:C2/4 A2:C3:E3:A1/4 F2:A2:C3:F1/4 G2:B2:D3:G1/4 C3:E3:G3:C2/4 C3:E3:G3:C2/4"
  "G2:B2:D3:G1/4 E2:G2:B2:E1/4 C3:E3:G3:C2/4 D3:F#3:A3:D2/4
   G2:B2:D3:G1/4 E2:G2:B2:E1/4 C3:E3:G3:C2/4 G2:B2:D3:G1/4"
  "A2:C3:E3:A1/4 F2:A2:C3:F1/4 C3:E3:G3:C2/4 G2:B2:D3:G1/4 A2:C3:E3:A1/4 F2:A2:C3:F1/4 A2:C3:E3:A1/4"
  "F2:A2:C3:F1/4 D3:F3:A3:D2/4 Bb2:D3:F3:Bb1/4 C3:E3:G3:C2/4
   F2:A2:C3:F1/4 D3:F3:A3:D2/4 Bb2:D3:F3:Bb1/4 C3:E3:G3:C2/4
   F2:A2:C3:F1/4 D3:F3:A3:D2/4 C3:E3:G3:Bb3:C2/4 F2:A2:C3:F1/4"
)

echo "make-audio: live loop" >&2
live_parts=() track_starts=() track_lengths=()
offset=0
for t in 0 1 2 3; do
  say "$WORK/id-$t.wav" "${TRACK_VOICES[$t]}" "${TRACK_IDS[$t]}"
  first_chord="${TRACK_CHORDS[$t]%%/*}"
  # shellcheck disable=SC2086
  chord "$(seconds "$WORK/id-$t.wav")" "$WORK/id-bed-$t.wav" -24 ${first_chord//:/ }
  "${SOX[@]}" -m -v 1 "$WORK/id-$t.wav" -v 1 "$WORK/id-bed-$t.wav" "$WORK/intro-$t.wav"

  melody "$WORK/mel-$t.wav" "${TRACK_WAVES[$t]}" "${TRACK_BPM[$t]}" "${TRACK_MELODY[$t]}"
  pad "$WORK/pad-$t.wav" "${TRACK_BPM[$t]}" "${TRACK_CHORDS[$t]}"
  "${SOX[@]}" "$WORK/mel-$t.wav" "$WORK/mel-$t-n.wav" norm -4
  "${SOX[@]}" "$WORK/pad-$t.wav" "$WORK/pad-$t-n.wav" norm -15
  "${SOX[@]}" -m -v 1 "$WORK/mel-$t-n.wav" -v 1 "$WORK/pad-$t-n.wav" "$WORK/mix-$t.wav"
  # An explicit fade end: after reverb + norm, sox gets `fade … -0` wrong (cuts the song).
  "${SOX[@]}" "$WORK/mix-$t.wav" "$WORK/song-$t.wav" \
    reverb 35 50 70 norm -3 fade q 0.3 "$(seconds "$WORK/mix-$t.wav")" 2.5 pad 0 0.6

  "${SOX[@]}" "$WORK/intro-$t.wav" "$WORK/song-$t.wav" "$WORK/track-$t.wav"
  len="$(seconds "$WORK/track-$t.wav")"
  track_starts+=("$offset"); track_lengths+=("$len")
  offset="$(calc "$offset + $len")"
  live_parts+=("$WORK/track-$t.wav")
done
# The loop's ends are near-silence (speech lead-in, song fade-out), so end joins start cleanly.
"${SOX[@]}" "${live_parts[@]}" "$WORK/live.wav"
encode "$WORK/live.wav" "$OUT/live.mp3"

# ---------------------------------------------------------------------------------------
# The second station's loop: four "songs", each one steady sine of its own pitch (none the
# test tones' 500 or 2000 Hz), softly pulsing, with short fades; no speech, so a song's
# tone sounds from its first second and a test can tell which song it hears (Goertzel or an
# analyser at `tone` Hz). Lengths differ, so a wrong offset shows.
# ---------------------------------------------------------------------------------------

LOOP2_TITLES=("Amber Hum" "Silver Line" "Copper Drone" "Glass Whistle")
LOOP2_ARTISTS=("The Quiet Circuit" "Night Relay" "The Quiet Circuit" "Night Relay")
LOOP2_HZ=(350 1250 800 1700)
LOOP2_SECONDS=(12 10 14 11)

echo "make-audio: second station's loop" >&2
loop2_parts=() loop2_starts=() loop2_lengths=()
offset=0
for t in 0 1 2 3; do
  "${SOX[@]}" -n "${FMT[@]}" "$WORK/tone2-$t.wav" synth "${LOOP2_SECONDS[$t]}" sine "${LOOP2_HZ[$t]}" \
    tremolo 0.5 20 fade q 0.05 "${LOOP2_SECONDS[$t]}" 0.05 norm -6
  len="$(seconds "$WORK/tone2-$t.wav")"
  loop2_starts+=("$offset"); loop2_lengths+=("$len")
  offset="$(calc "$offset + $len")"
  loop2_parts+=("$WORK/tone2-$t.wav")
done
"${SOX[@]}" "${loop2_parts[@]}" "$WORK/live-2.wav"
encode "$WORK/live-2.wav" "$OUT/live-2.mp3"

# ---------------------------------------------------------------------------------------
# Podcast episodes: each chapter is speech over a soft bed, then a short musical tail.
# Episode data: id|published_at|title|description, then chapters as title|voice|text.
# ---------------------------------------------------------------------------------------

EP1_META="ep-1|2026-11-01T09:00:00Z|Keepers of the Light|Lighthouses, the people who kept them burning, and how ships found their way home through fog."
EP1_CHAPTERS=(
  "The light on the headland|en-us+m3|Welcome to the Castlet Radio Hour. This is episode one, Keepers of the Light. Chapter one: the light on the headland. For more than two thousand years, people have lit fires on high places to guide ships home. The lighthouse of Alexandria stood taller than almost any building of its age, and sailors said they could see its glow from far out at sea. Later towers used oil lamps, then mirrors, and finally great glass lenses that bend a small flame into a beam that reaches the horizon."
  "A keeper's long night|en-gb+f3|Chapter two: a keeper's long night. Before automation, every light needed a keeper. The work began at dusk. The keeper trimmed the wick, polished the brass, and wound the clockwork that turned the lens. Through the night, someone climbed the stairs every few hours to check the flame. Many keepers kept a log book, writing down the weather, the ships that passed, and the birds that rested on the gallery. One keeper on a rocky island wrote that she never once felt lonely, because the sea was always talking. Those notebooks are now a quiet history of the coast, written one night at a time."
  "Fog, horns and radio|en-us+m3|Chapter three: fog, horns and radio. A light is no help in thick fog, so stations added sound. First came bells, then signal guns, then the deep moan of the foghorn that many coastal towns still remember fondly. In the twentieth century radio beacons arrived, and ships could find a station they could neither see nor hear. Today most lights run on their own, but many towers are open to visitors. If you ever climb one, count the steps, and think of the keepers who did it every night. Thanks for listening to the Castlet Radio Hour. See you next week."
)
EP1_BEDS=("C3:G3:E4 A2:E3:C4" "F2:C3:A3 G2:D3:B3" "C3:G3:E4 F2:C3:A3")

EP2_META="ep-2|2026-11-08T09:00:00Z|The Patient Loaf|A gentle guide to sourdough: waking a starter, folding the dough, and the hardest step of all, waiting."
EP2_CHAPTERS=(
  "Waking the starter|en-gb+f3|Welcome back to the Castlet Radio Hour. This is episode two, The Patient Loaf. Chapter one: waking the starter. A sourdough starter is simply flour and water that has been left to collect wild yeast and friendly bacteria. Feed it every day for about a week, and it begins to bubble and smell pleasantly sour, a little like yogurt or green apples. Bakers give their starters names, and some jars have been passed down through families for generations. Ours is called Gerald, and he lives on the top shelf of the studio kitchen."
  "Folding and waiting|en-us+m3|Chapter two: folding and waiting. Once the starter is lively, mix a spoonful into flour, water and salt. Then comes the part that teaches patience. Instead of kneading hard, you stretch the dough and fold it over itself, once every half an hour, four or five times. Between folds, you wait. The dough slowly turns from a shaggy lump into something smooth and airy. If the kitchen is warm, the dough moves faster, so watch the dough rather than the clock. Many bakers then leave it somewhere cool overnight, which gives the bread a deeper flavor, and gives the baker a good night's sleep."
  "Into the oven|en-gb+f3|Chapter three: into the oven. In the morning, turn the dough onto a floured board, shape it gently into a round, and score the top with a sharp blade so it can rise without tearing. Bake it very hot, inside a covered pot for the first twenty minutes so the steam keeps the crust soft, then uncover it until it turns a deep golden brown. The hardest step is the last one: let it cool for an hour before you cut it. Thanks for baking along with the Castlet Radio Hour. Next week, we go outside after dark."
)
EP2_BEDS=("D3:A3:F#4 B2:F#3:D4" "G2:D3:B3 A2:E3:C#4" "D3:A3:F#4 G2:D3:B3")

EP3_META="ep-3|2026-11-15T09:00:00Z|Night Birds of the City|Owls in the parks, robins singing under street lamps, and swifts that sleep in the sky: what to listen for after dark."
EP3_CHAPTERS=(
  "Owls on the rooftops|en-us+m3|Welcome to the Castlet Radio Hour. This is episode three, Night Birds of the City. Chapter one: owls on the rooftops. Cities are brighter than forests, but they are not empty at night. Tawny owls nest in old parks and churchyards, and barn owls hunt along railway banks and quiet canals. Owls fly almost silently, thanks to soft, comb-like edges on their feathers. The famous hooting call you hear at dusk is usually two birds talking: one hoots, and the other answers with a sharp, rising note."
  "The robin that sings at midnight|en-gb+f3|Chapter two: the robin that sings at midnight. If you hear a bird singing beside a street lamp in the middle of the night, it is probably not a nightingale. It is more likely a robin. Street lights and busy daytime traffic encourage some robins to sing after dark, when the city is quiet enough for their song to carry. Their song is a thin, silvery ripple of notes that never quite repeats."
  "Swifts that sleep on the wing|en-us+m3|Chapter three: swifts that sleep on the wing. In summer, swifts scream over the rooftops in the evening, then climb high into the sky as the light fades. Scientists have found that these birds can stay in the air for months at a time, feeding, drinking and even sleeping while they fly. They only land to build a nest, often under the tiles of old houses."
  "How to listen tonight|en-gb+f3|Chapter four: how to listen tonight. You do not need any equipment to start. Open a window, switch off every screen for five minutes, and write down each sound you hear. Foxes, hedgehogs and even moths all make their own small noises, if you are patient. After a few nights, you will know which sounds are new. Thanks for listening to the Castlet Radio Hour, and good night."
)
EP3_BEDS=("A2:E3:C4 F2:C3:A3" "C3:G3:E4 G2:D3:B3" "F2:C3:A3 C3:G3:E4" "A2:E3:C4 E2:B2:G#3")

# make_episode N — builds ep-N.mp3 and writes its manifest entry to $WORK/ep-N.json.
make_episode() {
  local n="$1" meta_var="EP${1}_META" ch_var="EP${1}_CHAPTERS[@]" bed_var="EP${1}_BEDS[@]"
  local id published title description
  IFS='|' read -r id published title description <<<"${!meta_var}"
  local chapters=("${!ch_var}") beds=("${!bed_var}")
  echo "make-audio: $id (${#chapters[@]} chapters)" >&2

  local parts=() starts=() c=0 offset=0 entry ch_title voice text speech_len len
  : >"$WORK/$id.cues"
  for entry in "${chapters[@]}"; do
    IFS='|' read -r ch_title voice text <<<"$entry"
    speak "$WORK/$id-s$c.wav" "$voice" "$text" "$offset" "$WORK/$id.cues"
    speech_len="$(seconds "$WORK/$id-s$c.wav")"
    # The bed runs under the speech and 3 s past it, so each chapter has its own sound.
    # shellcheck disable=SC2086
    bed "$(calc "$speech_len + 3")" "$WORK/$id-b$c.wav" -23 ${beds[$c]}
    "${SOX[@]}" "$WORK/$id-s$c.wav" "$WORK/$id-sp$c.wav" pad 0 3
    "${SOX[@]}" -m -v 1 "$WORK/$id-sp$c.wav" -v 1 "$WORK/$id-b$c.wav" "$WORK/$id-c$c.wav" norm -3
    len="$(seconds "$WORK/$id-c$c.wav")"
    starts+=("$offset"); offset="$(calc "$offset + $len")"
    parts+=("$WORK/$id-c$c.wav"); c=$((c + 1))
  done
  "${SOX[@]}" "${parts[@]}" "$WORK/$id.wav"
  encode "$WORK/$id.wav" "$OUT/$id.mp3"
  opus "$OUT/$id.mp3" "$OUT/$id.opus"
  write_vtt "$WORK/$id.cues" "$OUT/$id.vtt"

  local duration
  duration="$(mp3_seconds "$OUT/$id.mp3")"
  if awk -v d="$duration" 'BEGIN { exit !(d < 125 || d > 180) }'; then
    echo "make-audio: $id is ${duration}s, outside 2:05-3:00; adjust its text" >&2
    exit 1
  fi
  local i list=""
  for i in "${!chapters[@]}"; do
    IFS='|' read -r ch_title _ <<<"${chapters[$i]}"
    list+="${list:+,}$(json start:n "$(round1 "${starts[$i]}")" title "$ch_title")"
  done
  json id "$id" file "$id.mp3" opus "$id.opus" transcript "$id.vtt" title "$title" description "$description" \
    published_at "$published" duration:n "$(round1 "$duration")" chapters:j "[$list]" >"$WORK/$id.json"
}

for n in 1 2 3; do make_episode "$n"; done

# ---------------------------------------------------------------------------------------
# Tone bed: 10 s, two swelling chords; it starts and ends quietly so it repeats cleanly.
# ---------------------------------------------------------------------------------------

echo "make-audio: tone bed" >&2
bed 10 "$WORK/tone.wav" -8 "C3:G3:E4:C2" "A2:E3:C4:F2"
encode "$WORK/tone.wav" "$OUT/tone.mp3"
opus "$OUT/tone.mp3" "$OUT/tone.opus"

# ---------------------------------------------------------------------------------------
# manifest.json — durations are those of the MP3s (CBR: bytes * 8 / bitrate); offsets are
# measured from the segment lengths (the encoder's ~0.05 s start delay is not added).
# ---------------------------------------------------------------------------------------

tracks=""
for t in 0 1 2 3; do
  tracks+="${tracks:+,}$(json title "${TRACK_TITLES[$t]}" artist "${TRACK_ARTISTS[$t]}" \
    start:n "$(round1 "${track_starts[$t]}")" duration:n "$(round1 "${track_lengths[$t]}")")"
done
loop2_tracks=""
for t in 0 1 2 3; do
  loop2_tracks+="${loop2_tracks:+,}$(json title "${LOOP2_TITLES[$t]}" artist "${LOOP2_ARTISTS[$t]}" \
    start:n "$(round1 "${loop2_starts[$t]}")" duration:n "$(round1 "${loop2_lengths[$t]}")" tone:n "${LOOP2_HZ[$t]}")"
done
json \
  live:j "$(json file live.mp3 duration:n "$(round1 "$(mp3_seconds "$OUT/live.mp3")")" tracks:j "[$tracks]")" \
  live2:j "$(json file live-2.mp3 duration:n "$(round1 "$(mp3_seconds "$OUT/live-2.mp3")")" tracks:j "[$loop2_tracks]")" \
  episodes:j "[$(cat "$WORK/ep-3.json"),$(cat "$WORK/ep-2.json"),$(cat "$WORK/ep-1.json")]" \
  tone:j "$(json file tone.mp3 opus tone.opus duration:n "$(round1 "$(mp3_seconds "$OUT/tone.mp3")")")" \
  audio:j "$(json format "MPEG-2 layer III" sampleRate:n "$RATE" channels:n 1 bitrate:n "$((KBPS * 1000))")" \
  generatedBy scripts/make-audio.sh |
  node -e 'process.stdout.write(`${JSON.stringify(JSON.parse(require("fs").readFileSync(0, "utf8")), null, 2)}\n`)' >"$OUT/manifest.json"

echo "make-audio: wrote $(cd "$OUT" && ls | tr '\n' ' ')($(du -cb "$OUT"/*.mp3 "$OUT"/*.opus "$OUT"/manifest.json | tail -1 | cut -f1) bytes)" >&2
