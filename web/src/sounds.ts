// The game page's sounds, made on the spot with the Web Audio API (no sound files): a move, a
// capture, a trample and the low-time warning. Muting is remembered in localStorage.

export type Sound = "move" | "capture" | "trample" | "low-time";

const MUTE_KEY = "menagerie.muted";

/** Each sound as a few tones: frequency (Hz), start and length (s), wave and loudness. */
const TONES: Record<Sound, { f: number; at: number; len: number; wave: OscillatorType; gain: number }[]> = {
  move: [{ f: 520, at: 0, len: 0.07, wave: "triangle", gain: 0.25 }],
  capture: [
    { f: 330, at: 0, len: 0.08, wave: "square", gain: 0.12 },
    { f: 220, at: 0.06, len: 0.1, wave: "triangle", gain: 0.25 },
  ],
  trample: [
    { f: 90, at: 0, len: 0.18, wave: "sawtooth", gain: 0.2 },
    { f: 70, at: 0.12, len: 0.2, wave: "sawtooth", gain: 0.2 },
  ],
  "low-time": [
    { f: 880, at: 0, len: 0.08, wave: "sine", gain: 0.2 },
    { f: 880, at: 0.16, len: 0.08, wave: "sine", gain: 0.2 },
  ],
};

export class Sounds {
  private context: AudioContext | null = null;
  /** The sounds asked for, newest last (the browser tests read it through the page). */
  readonly played: Sound[] = [];
  muted: boolean;

  constructor() {
    this.muted = readMuted();
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    try {
      if (muted) localStorage.setItem(MUTE_KEY, "1");
      else localStorage.removeItem(MUTE_KEY);
    } catch {
      // a browser without storage forgets the choice on reload
    }
  }

  play(sound: Sound): void {
    if (this.muted) return;
    this.played.push(sound);
    document.body.dataset.lastSound = sound;
    const ctx = this.audio();
    if (!ctx) return;
    const now = ctx.currentTime;
    for (const tone of TONES[sound]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = tone.wave;
      osc.frequency.value = tone.f;
      gain.gain.setValueAtTime(tone.gain, now + tone.at);
      gain.gain.exponentialRampToValueAtTime(0.001, now + tone.at + tone.len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + tone.at);
      osc.stop(now + tone.at + tone.len + 0.02);
    }
  }

  private audio(): AudioContext | null {
    if (!this.context) {
      try {
        this.context = new AudioContext();
      } catch {
        return null;
      }
    }
    if (this.context.state === "suspended") void this.context.resume().catch(() => undefined);
    return this.context;
  }
}

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === "1";
  } catch {
    return false;
  }
}
