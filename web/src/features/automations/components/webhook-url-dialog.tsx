import { MAX_WEBHOOK_BODY_BYTES } from '@agentforge/shared';
import { CopyButton } from '../../../components/copy-button';
import { Dialog } from '../../../components/dialog';
import { Button } from '../../../components/ui/button';

/** A webhook's URL (its secret in it), shown once after creating the automation or rotating the secret. */
export function WebhookUrlDialog({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <Dialog
      title="Webhook URL"
      description="Shown only once: copy it now. 'New webhook URL' on the automation's page replaces it."
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="space-y-2">
        <p className="text-sm text-slate-700">
          A POST to this URL starts a run; its body (JSON or text, up to {MAX_WEBHOOK_BODY_BYTES / 1024} KB)
          is the run's input.
        </p>
        <div className="flex items-center gap-2 rounded-lg bg-slate-100 p-2">
          <code className="min-w-0 flex-1 text-xs break-all">{url}</code>
          <CopyButton text={url} what="webhook URL" className="shrink-0 text-slate-700 hover:bg-slate-200" />
        </div>
      </div>
    </Dialog>
  );
}
