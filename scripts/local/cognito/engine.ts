import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { errorMessage } from '@agentforge/shared';
import { Router } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import {
  DateClock,
  LambdaService,
  MessagesService,
  type Services,
  TriggersService,
} from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import type { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import type { LogService } from 'cognito-local/lib/services/LogService';
import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
import type { Outbox } from '../outbox.js';
import { protectingCredentials } from './credential-store.js';
import { withOutbox } from './delivery.js';
import { signedWith, type TokenKeys } from './tokens.js';

export interface EngineOptions {
  /** Where cognito-local keeps its JSON files (we pass an absolute path, so no chdir is needed). */
  directory: string;
  /** `iss` of the tokens is `<issuerDomain>/<userPoolId>`. */
  issuerDomain: string;
  otp: () => string;
  outbox: Outbox;
  log: (message: string) => void;
  /** Signs every token (cognito-local's own key is public). */
  keys: TokenKeys;
  /** Lambda triggers run in-process: trigger name (e.g. 'PostConfirmation') -> handler. */
  triggers?: LocalTriggers;
}

export type LocalTriggerHandler = (event: Record<string, unknown>) => Promise<unknown>;
export type LocalTriggers = Partial<
  Record<'PreSignUp' | 'PostConfirmation' | 'PreAuthentication' | 'PostAuthentication', LocalTriggerHandler>
>;

/**
 * Stands in for the aws-sdk v2 Lambda client cognito-local invokes triggers with, so its own
 * event building and response handling run, but the handler is our real one, in-process.
 */
function inProcessLambdaClient(triggers: LocalTriggers) {
  return {
    invoke: ({ FunctionName, Payload }: { FunctionName: string; Payload: string }) => ({
      promise: async () => {
        const handler = triggers[FunctionName as keyof LocalTriggers];
        if (!handler) throw new Error(`No local trigger ${FunctionName}`);
        try {
          return { StatusCode: 200, Payload: JSON.stringify(await handler(JSON.parse(Payload))) };
        } catch (error) {
          return {
            StatusCode: 200,
            FunctionError: 'Unhandled',
            Payload: JSON.stringify({ errorMessage: errorMessage(error) }),
          };
        }
      },
    }),
  };
}

/** cognito-local's own services, assembled in-process the way its createDefaultServer does. */
export interface Engine {
  services: Services;
  ctx: Context;
  /** Calls one cognito-local target (e.g. 'InitiateAuth') in-process. */
  call(target: string, request: object): Promise<Record<string, unknown>>;
  /** cognito-local's express app: JWKS, /oauth2/*, /health. */
  httpApp: (req: unknown, res: unknown) => void;
}

// pino is cognito-local's own dependency; resolve it from there rather than declaring it ourselves.
const pino = createRequire(createRequire(import.meta.url).resolve('cognito-local'))('pino');

function createLogger(log: (message: string) => void): LogService {
  // Only info and above reach `log`, which is how cognito-local prints the codes it "sends".
  const destination = new Writable({
    write(line, _encoding, done) {
      const { msg } = JSON.parse(String(line)) as { msg?: string };
      if (msg) log(msg);
      done();
    },
  });
  return pino({ level: 'info' }, destination) as LogService;
}

export async function createEngine(options: EngineOptions): Promise<Engine> {
  const logger = createLogger(options.log);
  const ctx: Context = { logger };
  const dataDirectory = join(options.directory, 'db');
  const clock = new DateClock();
  const dataStoreFactory = protectingCredentials(new StormDBDataStoreFactory(dataDirectory));
  const config = {
    LambdaClient: {},
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { development: false },
  } as unknown as Services['config'];
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  // Triggers run in-process (no Lambda client); none uses KMS crypto (no custom e-mail sender).
  const localTriggers = options.triggers ?? {};
  const triggerNames = Object.fromEntries(Object.keys(localTriggers).map((name) => [name, name]));
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(triggerNames, inProcessLambdaClient(localTriggers) as never),
    {} as CryptoService,
  );
  const consoleMessages = new MessagesService(
    triggers,
    new MessageDeliveryService(new ConsoleMessageSender()),
  );
  const services: Services = {
    clock,
    cognito,
    config,
    messages: withOutbox(consoleMessages, options.outbox),
    otp: options.otp,
    tokenGenerator: signedWith(options.keys, new JwtTokenGenerator(clock, triggers, config.TokenConfig)),
    triggers,
  };
  const router = Router(services);
  const httpServer = createServer(router, logger as never, { development: false }, services);
  return {
    services,
    ctx,
    call: (target, request) => router(target)(ctx, request),
    httpApp: httpServer.application,
  };
}
