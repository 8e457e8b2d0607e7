import { MAX_WEBHOOK_BODY_BYTES } from '@agentforge/shared';
import { CopyButton } from '../../../components/copy-button';
import { Dialog } from '../../../components/dialog';
import { Button } from '../../../components/ui/button';

/** A new webhook secret as the API answers it, once. */
export type WebhookSecretAnswer = { webhookUrl: string; webhookSecret: string };

/** A copyable curl example: the secret in the Authorization header, a JSON body. */
const curlExample = ({ webhookUrl, webhookSecret }: WebhookSecretAnswer) =>
  [
    `curl -X POST '${webhookUrl}'`,
    `  -H 'Authorization: Bearer ${webhookSecret}'`,
    `  -H 'Content-Type: application/json'`,
    `  -d '{"event":"test"}'`,
  ].join(' \\\n');

function Copyable({ label, text, multiline = false }: { label: string; text: string; multiline?: boolean }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-semibold text-slate-600">{label}</p>
      <div className="flex items-start gap-2 rounded-lg bg-slate-100 p-2">
        <code
          className={`min-w-0 flex-1 text-xs ${multiline ? 'break-all whitespace-pre-wrap' : 'break-all'}`}
        >
          {text}
        </code>
        <CopyButton
          text={text}
          what={label.toLowerCase()}
          className="shrink-0 text-slate-700 hover:bg-slate-200"
        />
      </div>
    </div>
  );
}

/**
 * A webhook's URL and its secret (in `Authorization: Bearer`, out of every access log), shown once
 * after creating the automation or rotating the secret, with a curl example; and the URL with the
 * secret in its path for a sender that can set no header.
 */
export function WebhookDialog({ answer, onClose }: { answer: WebhookSecretAnswer; onClose: () => void }) {
  return (
    <Dialog
      title="Webhook"
      description="The secret is shown only once: copy it now. 'New webhook secret' on the automation's page replaces it."
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          A POST to the URL with the secret as a bearer token starts a run; its body (JSON or text, up to{' '}
          {MAX_WEBHOOK_BODY_BYTES / 1024} KB) is the run's input.
        </p>
        <Copyable label="Webhook URL" text={answer.webhookUrl} />
        <Copyable label="Secret" text={answer.webhookSecret} />
        <Copyable label="Example" text={curlExample(answer)} multiline />
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer">A sender that cannot set a header</summary>
          <p className="my-2">
            It may POST to this URL instead. The secret is then part of the address, which access logs record:
            prefer the header.
          </p>
          <Copyable
            label="URL with the secret"
            text={`${answer.webhookUrl}/${encodeURIComponent(answer.webhookSecret)}`}
          />
        </details>
      </div>
    </Dialog>
  );
}
