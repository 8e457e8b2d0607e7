import { type FocusEvent, type KeyboardEvent, useCallback, useLayoutEffect, useRef } from 'react';

/** Marks a row of a roving list (its value: the row's key) and, inside it, each control. */
export const ROVING_ROW = 'data-roving-row';
export const ROVING_CELL = 'data-roving-cell';

type Position = { row: string; cell: number };

function rowsOf(list: HTMLElement): HTMLElement[] {
  return [...list.querySelectorAll<HTMLElement>(`[${ROVING_ROW}]`)];
}

function cellsOf(row: HTMLElement): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(`[${ROVING_CELL}]`)];
}

function positionOf(list: HTMLElement, element: Element): Position | null {
  const row = element.closest<HTMLElement>(`[${ROVING_ROW}]`);
  if (!row || !list.contains(row)) return null;
  return {
    row: row.getAttribute(ROVING_ROW) ?? '',
    cell: Math.max(0, cellsOf(row).indexOf(element as HTMLElement)),
  };
}

/**
 * A list that is one Tab stop (a roving tabindex, WAI-ARIA's grid navigation): Up/Down/Home/End move
 * between rows, Left/Right between a row's controls. The stop is the control last focused, else the
 * `preferred` row's first (the open conversation), else the first row's. After a row goes away the
 * stop moves to the row that took its place.
 */
export function useRovingList<T extends HTMLElement>(preferred: string | null) {
  const listRef = useRef<T>(null);
  const current = useRef<Position | null>(null);
  // The rows' order as last rendered: where a removed row was.
  const order = useRef<string[]>([]);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const rows = rowsOf(list);
    const keys = rows.map((row) => row.getAttribute(ROVING_ROW) ?? '');
    let target = current.current;
    if (target && !keys.includes(target.row)) {
      // The row is gone (deleted): its neighbour takes the stop, and the focus the row took with it.
      const at = Math.min(order.current.indexOf(target.row), keys.length - 1);
      target = at >= 0 ? { row: keys[at] as string, cell: 0 } : null;
      current.current = target;
      // The focus went with the row, or is in the confirmation, which gives it back to the gone row
      // as it closes (Radix, on a timer): once that is done, the neighbour takes it.
      const document = list.ownerDocument;
      const lost = () => !document.activeElement || document.activeElement === document.body;
      if (lost() || document.activeElement?.closest('[role="alertdialog"]')) {
        const row = target ? rows[at] : undefined;
        setTimeout(() => {
          if (lost()) (row?.isConnected ? cellsOf(row)[0] : list)?.focus();
        });
      }
    }
    order.current = keys;
    const rowKey = target?.row ?? (preferred && keys.includes(preferred) ? preferred : keys[0]);
    const stopCell = target?.cell ?? 0;
    rows.forEach((row, index) => {
      const cells = cellsOf(row);
      cells.forEach((cell, cellIndex) => {
        const stop = keys[index] === rowKey && cellIndex === Math.min(stopCell, cells.length - 1);
        cell.tabIndex = stop ? 0 : -1;
      });
    });
  });

  const onFocus = useCallback((event: FocusEvent<T>) => {
    const list = listRef.current;
    const position = list && positionOf(list, event.target);
    if (!list || !position) return;
    current.current = position;
    for (const cell of list.querySelectorAll<HTMLElement>(`[${ROVING_CELL}]`)) {
      cell.tabIndex = cell === event.target ? 0 : -1;
    }
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent<T>) => {
    const list = listRef.current;
    const target = event.target as HTMLElement;
    if (!list || !target.hasAttribute(ROVING_CELL) || event.altKey || event.ctrlKey || event.metaKey) return;
    const rows = rowsOf(list);
    const row = target.closest<HTMLElement>(`[${ROVING_ROW}]`);
    const rowIndex = row ? rows.indexOf(row) : -1;
    const cells = row ? cellsOf(row) : [];
    const cellIndex = cells.indexOf(target);
    const firstCellOf = (index: number) => (rows[index] ? cellsOf(rows[index])[0] : undefined);
    const next: Record<string, HTMLElement | undefined> = {
      ArrowDown: firstCellOf(Math.min(rowIndex + 1, rows.length - 1)),
      ArrowUp: firstCellOf(Math.max(rowIndex - 1, 0)),
      Home: firstCellOf(0),
      End: firstCellOf(rows.length - 1),
      ArrowRight: cells[Math.min(cellIndex + 1, cells.length - 1)],
      ArrowLeft: cells[Math.max(cellIndex - 1, 0)],
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    next[event.key]?.focus();
  }, []);

  return { listRef, onFocus, onKeyDown };
}
