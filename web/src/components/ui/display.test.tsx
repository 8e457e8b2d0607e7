import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';
import { Card } from './card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

describe('Card', () => {
  it('is a div with the card look, or styles its child with asChild', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <>
        <Card ref={ref} data-testid="plain" className="space-y-3" />
        <Card asChild className="p-4">
          <section aria-label="Members" />
        </Card>
      </>,
    );
    const plain = screen.getByTestId('plain');
    expect(ref.current).toBe(plain);
    expect(plain.tagName).toBe('DIV');
    expect(plain.className).toContain('rounded-2xl');
    expect(plain.className).toContain('space-y-3');
    const section = screen.getByRole('region', { name: 'Members' });
    expect(section.className.split(' ')).toContain('p-4');
    expect(section.className.split(' ')).not.toContain('p-6');
  });
});

describe('Table', () => {
  it('renders a table whose column headers are scoped to their columns', () => {
    render(
      <Table aria-label="Usage">
        <TableHeader>
          <TableRow>
            <TableHead>Member</TableHead>
            <TableHead className="text-right">Tokens</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>ann@example.com</TableCell>
            <TableCell className="text-right">12</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Usage' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(headers[1]?.className).toContain('text-right');
    expect(within(table).getByRole('cell', { name: '12' }).className).toContain('py-2');
    expect(table.querySelector('tbody')?.className).toContain('divide-y');
  });
});

describe('Badge', () => {
  it('colours by tone and sizes its text', () => {
    render(
      <>
        <Badge>Pending</Badge>
        <Badge tone="success" size="sm">
          Completed
        </Badge>
      </>,
    );
    expect(screen.getByText('Pending').className).toContain('bg-slate-100');
    const done = screen.getByText('Completed').className;
    expect(done).toContain('text-emerald-700');
    expect(done).toContain('text-[11px]');
  });
});
