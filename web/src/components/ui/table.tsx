import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A data table: put it in a ScrollRegion so a phone can scroll it sideways by keyboard too. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return <table className={cn('w-full text-left text-sm', className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('text-slate-500', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

export function TableRow(props: ComponentProps<'tr'>) {
  return <tr {...props} />;
}

/** A column header (scope="col" unless told otherwise). */
export function TableHead({ className, scope, ...props }: ComponentProps<'th'>) {
  return <th scope={scope ?? 'col'} className={cn('py-2 font-medium', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('py-2', className)} {...props} />;
}
