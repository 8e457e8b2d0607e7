/**
 * Stand-ins for the browser's microphone, MediaRecorder and <audio> playback (jsdom has none of
 * them working), for voice with a provider's speech model.
 */

/** A MediaRecorder that "records" `RecordedMediaRecorder.audio` and hands it over when stopped. */
export class RecordedMediaRecorder {
  static sessions: RecordedMediaRecorder[] = [];
  static audio = new Blob(['recorded audio'], { type: 'audio/webm;codecs=opus' });
  static isTypeSupported = (type: string) => type.startsWith('audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  readonly mimeType: string;

  constructor(
    readonly stream: MediaStream,
    readonly options: { mimeType?: string; audioBitsPerSecond?: number } = {},
  ) {
    this.mimeType = options.mimeType ?? 'audio/webm';
    RecordedMediaRecorder.sessions.push(this);
  }

  start() {
    this.state = 'recording';
  }

  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.ondataavailable?.({ data: RecordedMediaRecorder.audio });
    this.onstop?.();
  }

  static latest(): RecordedMediaRecorder {
    const session = RecordedMediaRecorder.sessions.at(-1);
    if (!session) throw new Error('Nothing was recorded');
    return session;
  }
}

/**
 * Installs a microphone (getUserMedia gives a stream whose tracks count their stops, or fails
 * with `refuse`) and the recorder; returns the stopped-tracks count and the uninstall.
 */
export function installMicrophone(refuse?: string): { stoppedTracks: () => number; uninstall: () => void } {
  RecordedMediaRecorder.sessions = [];
  let stopped = 0;
  const getUserMedia = async () => {
    if (refuse) throw new DOMException('refused', refuse);
    return { getTracks: () => [{ stop: () => (stopped += 1) }] } as unknown as MediaStream;
  };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  Object.defineProperty(window, 'MediaRecorder', {
    configurable: true,
    writable: true,
    value: RecordedMediaRecorder,
  });
  return {
    stoppedTracks: () => stopped,
    uninstall: () => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
      Reflect.deleteProperty(window, 'MediaRecorder');
    },
  };
}

/**
 * An <audio> element that records what it plays; `end()` finishes the current source. Its sources
 * are blob: URLs of `URL.createObjectURL` (replaced too: jsdom has none), their blobs in `blobs`
 * until revoked. `refuse`: play() rejects as Chromium does with audio it cannot decode.
 */
export class RecordedAudio {
  static played: string[] = [];
  static latest: RecordedAudio | null = null;
  static blobs = new Map<string, Blob>();
  static refuse = false;
  src = '';
  paused = true;
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor() {
    RecordedAudio.latest = this;
  }

  async play() {
    if (RecordedAudio.refuse)
      throw new DOMException('Failed to load because no supported source was found.', 'NotSupportedError');
    RecordedAudio.played.push(this.src);
    this.paused = false;
  }

  /** The text of the blobs played (the doubles of synthesized audio carry the text they say). */
  static async playedTexts(): Promise<string[]> {
    return Promise.all(RecordedAudio.played.map((url) => RecordedAudio.blobs.get(url)?.text() ?? 'revoked'));
  }

  pause() {
    this.paused = true;
  }

  end() {
    this.paused = true;
    this.onended?.();
  }
}

/** Installs the recorded audio as `window.Audio` (and blob: URLs); returns the uninstall. */
export function installAudio(): () => void {
  RecordedAudio.played = [];
  RecordedAudio.latest = null;
  RecordedAudio.blobs = new Map();
  RecordedAudio.refuse = false;
  const original = { Audio: window.Audio, create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  let count = 0;
  Object.defineProperty(window, 'Audio', { configurable: true, writable: true, value: RecordedAudio });
  URL.createObjectURL = (blob: Blob) => {
    count += 1;
    const url = `blob:http://localhost/audio-${count}`;
    RecordedAudio.blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void RecordedAudio.blobs.delete(url);
  return () => {
    Object.defineProperty(window, 'Audio', { configurable: true, writable: true, value: original.Audio });
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  };
}
