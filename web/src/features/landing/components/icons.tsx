/** Small decorative inline icons (hidden from assistive technology; the text beside them carries the meaning). */

type IconProps = { className?: string };

export function CheckIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={className} aria-hidden="true" focusable="false">
      <path
        fillRule="evenodd"
        d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function SendIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={className} aria-hidden="true" focusable="false">
      <path d="M3.1 2.3a.75.75 0 0 0-.9 1l2.3 5.9h6.3a.75.75 0 0 1 0 1.5H4.5l-2.3 5.9a.75.75 0 0 0 .9 1l15-7a.75.75 0 0 0 0-1.4l-15-7Z" />
    </svg>
  );
}

export function SparkIcon({ className = 'size-4' }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={className} aria-hidden="true" focusable="false">
      <path d="M10 1.5 11.9 7a1.5 1.5 0 0 0 1 1L18.5 10l-5.6 1.9a1.5 1.5 0 0 0-1 1L10 18.5l-1.9-5.6a1.5 1.5 0 0 0-1-1L1.5 10l5.6-1.9a1.5 1.5 0 0 0 1-1L10 1.5Z" />
    </svg>
  );
}

export function PlusIcon({ className = 'size-6' }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="none" className={className} aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
