import type { SoundName } from "./sound.js";

/**
 * The table's sounds, made with the Web Audio API from short tones and noise (no audio files to load). The audio
 * context is created only after the person has interacted with the page, so the browser never blocks or warns.
 */
const VOLUME = 0.22;
const GAP_S = 0.28;

let context: AudioContext | null = null;
let noise: AudioBuffer | null = null;
let gesture = false;
const onGesture = () => {
  gesture = true;
};
for (const type of ["pointerdown", "keydown"]) addEventListener(type, onGesture, { capture: true, once: true });

type Activation = { userActivation?: { hasBeenActive: boolean } };
const activated = () => gesture || (navigator as Navigator & Activation).userActivation?.hasBeenActive === true;

function audio(): AudioContext | null {
  if (context) return context;
  if (!activated() || typeof AudioContext === "undefined") return null;
  context = new AudioContext();
  return context;
}

function output(ctx: AudioContext, start: number, duration: number, peak: number): GainNode {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak * VOLUME, start + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  gain.connect(ctx.destination);
  return gain;
}

function tone(ctx: AudioContext, at: number, freq: number, duration: number, opts: ToneOptions = {}) {
  const osc = ctx.createOscillator();
  osc.type = opts.type ?? "sine";
  osc.frequency.setValueAtTime(freq, at);
  if (opts.to) osc.frequency.exponentialRampToValueAtTime(opts.to, at + duration);
  osc.connect(output(ctx, at, duration, opts.peak ?? 1));
  osc.start(at);
  osc.stop(at + duration + 0.02);
}
interface ToneOptions {
  readonly type?: OscillatorType;
  readonly to?: number;
  readonly peak?: number;
}

function hiss(ctx: AudioContext, at: number, duration: number, freq: number, to = freq, peak = 1) {
  if (!noise) {
    noise = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.6), ctx.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  const source = ctx.createBufferSource();
  source.buffer = noise;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = 1.2;
  filter.frequency.setValueAtTime(freq, at);
  filter.frequency.exponentialRampToValueAtTime(to, at + duration);
  source.connect(filter).connect(output(ctx, at, duration, peak));
  source.start(at);
  source.stop(at + duration + 0.02);
}

/** Each sound, starting at `at` (seconds on the context's clock); returns its length. */
const SOUNDS: Record<SoundName, (ctx: AudioContext, at: number) => number> = {
  deal(ctx, at) {
    for (let i = 0; i < 3; i++) hiss(ctx, at + i * 0.07, 0.05, 3200, 1800, 0.8);
    return 0.25;
  },
  swap(ctx, at) {
    hiss(ctx, at, 0.12, 1500, 4200, 0.7);
    return 0.14;
  },
  knock(ctx, at) {
    for (const t of [0, 0.16]) tone(ctx, at + t, 150, 0.1, { to: 60, peak: 1.6 });
    return 0.3;
  },
  thirtyOne(ctx, at) {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ctx, at + i * 0.08, f, 0.16, { type: "triangle" }));
    return 0.4;
  },
  fire(ctx, at) {
    hiss(ctx, at, 0.5, 900, 200, 1.2);
    tone(ctx, at, 110, 0.45, { type: "sawtooth", to: 70, peak: 0.35 });
    [783.99, 1046.5, 1318.5].forEach((f, i) => tone(ctx, at + 0.12 + i * 0.07, f, 0.2, { type: "triangle" }));
    return 0.55;
  },
  lifeLost(ctx, at) {
    tone(ctx, at, 392, 0.16, { type: "triangle" });
    tone(ctx, at + 0.15, 293.66, 0.26, { type: "triangle" });
    return 0.42;
  },
  yourTurn(ctx, at) {
    tone(ctx, at, 880, 0.32, { peak: 0.8 });
    tone(ctx, at, 1320, 0.2, { peak: 0.25 });
    return 0.32;
  },
};

/** Plays the sounds one after the other; nothing before the person has interacted with the page. */
export function playAll(names: readonly SoundName[]): void {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === "suspended") void ctx.resume();
  let at = ctx.currentTime + 0.01;
  for (const name of names) at += SOUNDS[name](ctx, at) + GAP_S / 4;
}
