/**
 * 首营资料 (DESIGN.md section 17, docs/decisions/034-first-business-documents.md): the site's own first-business
 * documents (营业执照, 药品经营许可证, seals ...) with their validity, and each goods' documents (注册证或批件, 说明书,
 * 质量标准, 包装图). Their files are private uploads of the console (uploads, `/uploads/documents/...`), served only
 * through the documents module to the buyers and operators who may read them.
 */
import { date, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { goods } from './catalogue.js';

/** One file of a document as the console uploaded it. */
export type DocumentFile = { url: string; name: string; mime: string; size: number };

/** The site's documents, one row per kind (core/schemas/documents.ts `SITE_DOCUMENT_KINDS`); a kind not set has no row. */
export const siteDocuments = pgTable('site_documents', {
  kind: varchar('kind', { length: 32 }).primaryKey(),
  /** 证号 or 编号: 统一社会信用代码, 许可证编号, 核准号, 协议编号; empty for a seal or a sample. */
  number: varchar('number', { length: 60 }).notNull().default(''),
  validFrom: date('valid_from', { mode: 'string' }),
  /** Null: no end (长期, a seal's impression, a template). */
  validUntil: date('valid_until', { mode: 'string' }),
  files: jsonb('files').$type<DocumentFile[]>().notNull(),
  remark: varchar('remark', { length: 200 }).notNull().default(''),
  updatedBy: varchar('updated_by', { length: 64 }).notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each goods' documents, one row per goods and kind. */
export const goodsDocuments = pgTable(
  'goods_documents',
  {
    id: serial('id').primaryKey(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    number: varchar('number', { length: 60 }).notNull().default(''),
    validUntil: date('valid_until', { mode: 'string' }),
    files: jsonb('files').$type<DocumentFile[]>().notNull(),
    updatedBy: varchar('updated_by', { length: 64 }).notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('goods_documents_goods_kind_idx').on(t.goodsId, t.kind), index('goods_documents_updated_idx').on(t.updatedAt)],
);
