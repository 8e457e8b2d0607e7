import { SparklesIcon } from 'lucide-react';

/** A new chat before its first message. */
export function EmptyChat({ hint }: { hint?: string | undefined }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center px-6 text-center">
      <div className="mb-5 flex size-12 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
        <SparklesIcon className="size-6" />
      </div>
      <p className="text-2xl font-semibold tracking-tight text-slate-900">How can I help you today?</p>
      <p className="mt-2 max-w-md text-sm text-slate-500">
        {hint ?? 'Ask anything. Replies stream in live from the model you pick above.'}
      </p>
    </div>
  );
}
