import { createOpenAiSpeechModels } from '../adapters/providers/openai-speech.js';
import { createSpeechService, type SpeechService } from '../domain/speech/speech-service.js';
import { createTeamCredentials } from '../domain/teams/team-credentials.js';
import { apiKeyService, guardedFetch } from './models.js';
import { myTeamsReader } from './team-scope.js';

let speech: SpeechService | undefined;
export function speechService(): SpeechService {
  speech ??= createSpeechService({
    credentials: createTeamCredentials(apiKeyService(), myTeamsReader()),
    models: createOpenAiSpeechModels(guardedFetch),
  });
  return speech;
}
