/**
 * `npm run stripe:setup -- -c stage=<name>`: sets a deployed stage's Stripe account up (see
 * setup.ts and docs/deploy.md). The secret key comes from STRIPE_SECRET_KEY or a hidden prompt and
 * is never printed; the app's origin from the SSM parameter the stack writes; the keys go to the
 * stage's Stripe parameter (an SSM SecureString, lib/operator-secrets.ts). Prints what exists and what it did.
 */
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import Stripe from 'stripe';
import { appOriginParameterName } from '../../lib/stage-resource-names';
import { ssmKeyStore } from './key-store.js';
import { setUpStripe } from './setup.js';

const REGION = 'us-east-1';

/** Reads a line from the terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) throw new Error('Set STRIPE_SECRET_KEY (no terminal to ask on).');
  stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  let answer = '';
  try {
    for await (const chunk of stdin as AsyncIterable<Buffer>) {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return answer;
        if (char === '\u0003') throw new Error('Cancelled.');
        answer = char === '\u007f' ? answer.slice(0, -1) : answer + char;
      }
    }
    return answer;
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    stderr.write('\n');
  }
}

async function main(argv: string[]): Promise<void> {
  const stage = argv.find((arg) => arg.startsWith('stage='))?.slice('stage='.length);
  if (!stage) throw new Error('Usage: npm run stripe:setup -- -c stage=<name>');
  const secretKey = (process.env.STRIPE_SECRET_KEY ?? (await promptHidden('Stripe secret key: '))).trim();
  if (!/^(sk|rk)_(live|test)_/.test(secretKey))
    throw new Error('That is not a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_…).');
  const ssm = new SSMClient({ region: REGION });
  const { Parameter } = await ssm.send(new GetParameterCommand({ Name: appOriginParameterName(stage) }));
  if (!Parameter?.Value) throw new Error(`The stage ${stage} has no app origin parameter: deploy it first.`);
  console.log(
    `Stage ${stage}, app ${Parameter.Value}, Stripe ${secretKey.includes('_live_') ? 'live' : 'test'} mode`,
  );
  const lines = await setUpStripe({
    stripe: new Stripe(secretKey, { maxNetworkRetries: 2 }),
    secretKey,
    appOrigin: Parameter.Value,
    store: ssmKeyStore(ssm, stage),
  });
  for (const line of lines) console.log(`- ${line}`);
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
