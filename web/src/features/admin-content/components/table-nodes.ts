/**
 * Tables in an article body (the help pages list fees, delivery times and licence numbers in them): kept and
 * editable cell by cell, so that opening such a page in the editor and saving it does not lose them. Rows and
 * columns are not added or removed here. The browser's HTML parser puts every row in a `thead` or `tbody`, so a
 * table is always an optional head and a body.
 */
import { Node, mergeAttributes } from '@tiptap/core';

const span = (name: 'colspan' | 'rowspan') => ({
  default: null,
  parseHTML: (el: HTMLElement) => {
    const n = Number(el.getAttribute(name));
    return Number.isInteger(n) && n > 1 ? n : null;
  },
  renderHTML: (attrs: Record<string, unknown>) => (attrs[name] ? { [name]: attrs[name] } : {}),
});

const cell = (name: string, tag: 'td' | 'th') =>
  Node.create({
    name,
    content: 'inline*',
    marks: '_',
    isolating: true,
    addAttributes: () => ({ colspan: span('colspan'), rowspan: span('rowspan') }),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, mergeAttributes(HTMLAttributes), 0],
  });

export const TableKeep = [
  Node.create({
    name: 'table',
    group: 'block',
    content: 'tableHead? tableBody',
    isolating: true,
    parseHTML: () => [{ tag: 'table' }],
    renderHTML: () => ['table', 0],
  }),
  Node.create({
    name: 'tableHead',
    content: 'tableRow+',
    parseHTML: () => [{ tag: 'thead' }],
    renderHTML: () => ['thead', 0],
  }),
  Node.create({
    name: 'tableBody',
    content: 'tableRow+',
    parseHTML: () => [{ tag: 'tbody' }],
    renderHTML: () => ['tbody', 0],
  }),
  Node.create({
    name: 'tableRow',
    content: '(tableCell | tableHeader)+',
    parseHTML: () => [{ tag: 'tr' }],
    renderHTML: () => ['tr', 0],
  }),
  cell('tableCell', 'td'),
  cell('tableHeader', 'th'),
];
