/** A table of one-line rows for the page's long lists (the preview, the run), windowed. */
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { useRowWindow } from './windowed.ts';

/** Each table row's height in px (bulk.css keeps every row to one line). */
export const TABLE_ROW_HEIGHT = 34;

interface WindowedTableProps<T> {
  label: string;
  columns: readonly string[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The row's cells. */
  row: (row: T) => ComponentChildren;
}

/**
 * A table of one-line rows, only those near the viewport rendered; spacer rows stand for the
 * others, and aria-rowcount / aria-rowindex tell assistive technology where each row is.
 */
export function WindowedTable<T>({ label, columns, rows, rowKey, row }: WindowedTableProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const window = useRowWindow(scrollRef, rows.length, TABLE_ROW_HEIGHT);
  return (
    // Focusable, so the keyboard can scroll it.
    <div class="table-scroll" ref={scrollRef} tabIndex={0}>
      <table aria-label={label} aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {window.before > 0 && <tr class="spacer" aria-hidden="true" style={{ height: `${window.before}px` }} />}
          {rows.slice(window.start, window.end).map((entry, offset) => (
            <tr key={rowKey(entry)} aria-rowindex={window.start + offset + 2} style={{ height: `${TABLE_ROW_HEIGHT}px` }}>
              {row(entry)}
            </tr>
          ))}
          {window.after > 0 && <tr class="spacer" aria-hidden="true" style={{ height: `${window.after}px` }} />}
        </tbody>
      </table>
    </div>
  );
}
