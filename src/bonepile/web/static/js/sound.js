// Small sound effects, made in code with Web Audio (nothing is fetched): a tile laid down, a tile drawn,
// a bonus, the end of a hand, the end of the game. One switch turns them off, remembered in this browser.
//
// Browsers start audio only after a person's gesture, so the audio context is made on the first sound
// after a click or a key, and a sound asked for before that is simply not played.

const STORAGE_KEY = "bonepile.sound";

let context = null;
let gestured = false;
const listeners = new Set();

for (const kind of ["pointerdown", "keydown"]) {
  window.addEventListener(kind, () => (gestured = true), { capture: true, passive: true });
}

/** Whether sound is on (the default) in this browser. */
export function soundOn() {
  try {
    return localStorage.getItem(STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setSoundOn(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // private mode: the switch holds for this page only
  }
  for (const listener of listeners) listener(on);
}

/** Call `listener(on)` when the switch changes (another table on the page); answers the unsubscribe. */
export function onSoundChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function audio() {
  if (!gestured) return null;
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    try {
      context = new Context();
    } catch {
      return null;
    }
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** A short tone: frequency `freq` Hz from `at` s for `length` s, with a quick attack and a soft decay. */
function tone(ctx, { freq, at = 0, length = 0.18, type = "sine", gain = 0.18, slideTo = null }) {
  const start = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, start + length);
  amp.gain.setValueAtTime(0.0001, start);
  amp.gain.exponentialRampToValueAtTime(gain, start + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

/** A burst of filtered noise: the click of a tile on the table, or the slide of one off the pile. */
function noise(ctx, { at = 0, length = 0.06, freq = 1800, q = 1.2, gain = 0.35, sweepTo = null }) {
  const start = ctx.currentTime + at;
  const frames = Math.max(1, Math.floor(ctx.sampleRate * length));
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = q;
  filter.frequency.setValueAtTime(freq, start);
  if (sweepTo) filter.frequency.exponentialRampToValueAtTime(sweepTo, start + length);
  const amp = ctx.createGain();
  amp.gain.value = gain;
  source.connect(filter).connect(amp).connect(ctx.destination);
  source.start(start);
}

const EFFECTS = {
  play(ctx) {
    noise(ctx, { length: 0.05, freq: 2400, gain: 0.5 });
    tone(ctx, { freq: 190, length: 0.09, type: "triangle", gain: 0.22, slideTo: 120 });
  },
  draw(ctx) {
    noise(ctx, { length: 0.16, freq: 900, q: 0.8, gain: 0.28, sweepTo: 2600 });
  },
  bonus(ctx) {
    [523.25, 659.25, 783.99, 1046.5].forEach((freq, i) => tone(ctx, { freq, at: i * 0.075, length: 0.3, gain: 0.13 }));
  },
  hand(ctx) {
    tone(ctx, { freq: 587.33, length: 0.35, gain: 0.14 });
    tone(ctx, { freq: 880, at: 0.16, length: 0.5, gain: 0.12 });
  },
  win(ctx) {
    [523.25, 659.25, 783.99, 1046.5, 783.99, 1046.5].forEach((freq, i) =>
      tone(ctx, { freq, at: i * 0.12, length: i === 5 ? 0.8 : 0.22, type: "triangle", gain: 0.14 }),
    );
  },
};

/**
 * Play effect `name` ("play", "draw", "bonus", "hand", "win") unless sound is off. `mark` is an element
 * whose data-sound attribute records the last effect asked for (what the page would have played).
 */
export function playSound(name, mark = null) {
  if (mark) mark.dataset.sound = name;
  if (!soundOn() || !EFFECTS[name]) return;
  const ctx = audio();
  if (!ctx) return;
  try {
    EFFECTS[name](ctx);
  } catch {
    // a sound is never worth an error
  }
}
