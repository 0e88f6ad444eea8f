/** Bridges between the shared Zod schemas, antd forms and the server's 422 answers. */
import type { FormInstance, FormRule } from 'antd';
import type { ZodType } from 'zod';
import { isApiError } from '@/api/client';

/** An antd rule that validates with the same Zod schema the server uses for this field. */
export function zodRule(schema: ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}

export type FieldPath = (string | number)[];

/** A server's field key as a form path: `items.1.goods_id` → ['items', 1, 'goods_id']. */
export const dottedPath = (field: string): FieldPath => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * Puts each field message of a 422 answer under its form field. `mapField` turns a server field
 * (`phone`, `licences.0.image`) into a form path, or null when the form has no such field.
 * Returns the messages that found no field, for a form-level notice.
 */
export function applyServerErrors(form: FormInstance, error: unknown, mapField: (field: string) => FieldPath | null = (field) => [field]): string[] {
  if (!isApiError(error)) return [];
  const rest: string[] = [];
  const fields: { name: FieldPath; errors: string[] }[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const name = mapField(field);
    if (name && isRegistered(form, name)) fields.push({ name, errors: messages });
    else rest.push(...messages);
  }
  if (fields.length) {
    form.setFields(fields);
    form.scrollToField(fields[0].name, { block: 'center', behavior: 'smooth' });
  }
  return rest;
}

function isRegistered(form: FormInstance, name: FieldPath): boolean {
  const key = name.join('.');
  return form.getFieldsError().some((f) => f.name.join('.') === key);
}
