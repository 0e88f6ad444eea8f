/** The flat category list (parents before their children, in menu order) as the trees antd's pickers and tables take. */
import type { AdminCategory } from '@core/schemas/admin-goods';

export type CategoryNode = AdminCategory & { children?: CategoryNode[] };

export function categoryTree(rows: readonly AdminCategory[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { ...r }]));
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = nodes.get(r.parent_id);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

type PickerNode = { value: number; title: string; disabled?: boolean; children?: PickerNode[] };

/**
 * Options of a category picker. `leavesOnly`: goods hang on the deepest level, so other levels open but cannot be
 * picked. `without`: a category that may not be picked with everything under it (a category never moves under itself).
 */
export function categoryOptions(
  rows: readonly AdminCategory[],
  { leavesOnly = false, without }: { leavesOnly?: boolean; without?: number } = {},
): PickerNode[] {
  const walk = (list: CategoryNode[]): PickerNode[] =>
    list
      .filter((c) => c.id !== without)
      .map((c) => ({
        value: c.id,
        title: c.is_show ? c.name : `${c.name}（已隐藏）`,
        disabled: leavesOnly && !c.is_leaf,
        children: c.children ? walk(c.children) : undefined,
      }));
  return walk(categoryTree(rows));
}
