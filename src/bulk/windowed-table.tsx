/** A table of one-line rows for the page's long lists (the preview, the run), windowed. */
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { useRowWindow } from '../listing-view/use-row-window.ts';

/** Each table row's height in px (bulk.css keeps every row to one line). */
export const TABLE_ROW_HEIGHT = 34;

interface WindowedTableProps {
  label: string;
  columns: readonly string[];
  /** How many rows: row `i` is drawn by `row(i)`, keyed by `rowKey(i)`. */
  count: number;
  rowKey: (index: number) => string;
  /** The row's cells. */
  row: (index: number) => ComponentChildren;
}

/**
 * A table of one-line rows, only those near the viewport rendered; spacer rows stand for the
 * others, and aria-rowcount / aria-rowindex tell assistive technology where each row is.
 */
export function WindowedTable({ label, columns, count, rowKey, row }: WindowedTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const window = useRowWindow(scrollRef, count, TABLE_ROW_HEIGHT);
  return (
    // Focusable, so the keyboard can scroll it.
    <div class="table-scroll" ref={scrollRef} tabIndex={0}>
      <table aria-label={label} aria-rowcount={count + 1}>
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
          {Array.from({ length: window.end - window.start }, (_, offset) => window.start + offset).map((index) => (
            <tr key={rowKey(index)} aria-rowindex={index + 2} style={{ height: `${TABLE_ROW_HEIGHT}px` }}>
              {row(index)}
            </tr>
          ))}
          {window.after > 0 && <tr class="spacer" aria-hidden="true" style={{ height: `${window.after}px` }} />}
        </tbody>
      </table>
    </div>
  );
}

/** A cell of one line (a name, by default, or a place: `className`), cut with an ellipsis, whole in its tooltip; isolated, as a name from Grist may be right to left. */
export function textCell(text: string, className = 'name') {
  return (
    <td class={className} title={text}>
      <bdi dir="auto">{text}</bdi>
    </td>
  );
}
