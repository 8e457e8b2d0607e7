/** Not in the spec: dictation and read-aloud (issue 31, item 5), with the browser's speech APIs. */
export const VOICE_MESSAGES = {
  listening: 'Listening…',
  dictationStopped: 'Dictation stopped.',
  /** SpeechRecognition's error codes, as the user reads them. */
  microphoneBlocked:
    "Microphone access is blocked. Allow it for this site in your browser's settings to dictate.",
  noSpeech: 'No speech was heard. Try again, and speak once it says Listening….',
  network: "Dictation needs a network connection: your browser's speech service could not be reached.",
  noMicrophone: 'No microphone was found. Connect one and try again.',
  languageUnsupported: 'Dictation is not available in this language.',
  dictationFailed: (code: string) => `Dictation stopped unexpectedly (${code}).`,
  /** Settings' Voice section. */
  audioStaysInBrowser:
    "Dictation and Read aloud use your browser's own speech features: AgentForge never receives your audio. Some browsers (such as Chrome) recognise speech with their maker's online service.",
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  /** Said in place of a fenced code block: its code is not read out. */
  codeBlock: (language: string) => (language ? `Code block in ${language}.` : 'Code block.'),
} as const;

/** Voice with a provider's speech model (OpenAI, the user's or the team's key). */
export const SPEECH_MESSAGES = {
  engineBrowser: 'In this browser',
  engineBrowserHint: 'The audio stays in your browser (where it has speech features).',
  engineOpenAi: 'OpenAI (your key)',
  engineOpenAiHint:
    "The audio of dictation and the text read aloud are sent to OpenAI with your OpenAI key (or your team's), on that key owner's account. Recordings are at most 2 minutes.",
  noOpenAiKey:
    "Voice with OpenAI needs an OpenAI API key: add one in Settings (or use a team's), or choose 'In this browser'.",
  recordingTooLarge: 'The recording is too long: at most 3 MB (about 2 minutes).',
  recording: 'Recording…',
  transcribing: 'Transcribing…',
  recordingLimit: 'Recording stopped at 2 minutes, the longest one can be.',
  noRecorder: 'This browser cannot record audio.',
  transcriptionFailed: (reason: string) => `The recording could not be transcribed: ${reason}`,
  readingFailed: (reason: string) => `The reply could not be read aloud: ${reason}`,
  /** The audio came but the browser cannot decode or play it (its `error`, or `play()` refused). */
  playbackFailed: 'The reply could not be read aloud: this browser could not play the audio it received.',
} as const;
