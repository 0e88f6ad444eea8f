/**
 * HTTP of the console's categories and brands (catalogue/admin-taxonomy.ts): reads need `goods:read`, writes
 * `category:write`, checked as the request arrives.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBrand,
  AdminCategory,
  brandCreateBody,
  brandParams,
  brandUpdateBody,
  categoryCreateBody,
  categoryParams,
  categoryUpdateBody,
} from '../../../core/schemas/admin-goods.js';
import { answers } from '../../../core/schemas/envelope.js';
import type { Deps } from '../../deps.js';
import { needs } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import * as taxonomy from './admin-taxonomy.js';

export async function taxonomyAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['admin-goods'];
  const read = needs('goods:read');
  const taxonomyWrite = needs('category:write');
  const SHOWN =
    'Hiding (`is_show` 0) takes it out of the storefront at once; the shared answers are dropped in every server process. Audited with the fields before and after.';
  app.get(
    '/api/admin/categories',
    {
      ...read,
      schema: {
        tags,
        summary: 'Every category, hidden ones too, parents before their children in menu order, with its goods count (goods:read).',
        response: answers(z.array(AdminCategory)),
      },
    },
    async () => ok(await taxonomy.adminCategories(db)),
  );
  app.post(
    '/api/admin/categories',
    {
      ...taxonomyWrite,
      schema: {
        tags,
        summary: 'Adds a category under `parent_id` (0: the top level) (category:write).',
        description: `Names are unique among a parent's categories; a category holding goods takes no sub-categories (goods hang on the deepest level). ${SHOWN}`,
        body: categoryCreateBody,
        response: answers(AdminCategory),
      },
    },
    async (req) => ok(await taxonomy.createCategory(db, req, req.body)),
  );
  app.post(
    '/api/admin/categories/:id',
    {
      ...taxonomyWrite,
      schema: {
        tags,
        summary: 'Renames, moves, sorts, shows or hides a category; the fields sent change (category:write).',
        description: `A category never moves under itself or its own sub-categories, nor under one holding goods. 404 for an unknown id. ${SHOWN}`,
        params: categoryParams,
        body: categoryUpdateBody,
        response: answers(AdminCategory),
      },
    },
    async (req) => ok(await taxonomy.updateCategory(db, req, req.params.id, req.body)),
  );
  app.get(
    '/api/admin/brands',
    {
      ...read,
      schema: {
        tags,
        summary: "Every brand, hidden ones too, in the brand zone's order, with its goods count (goods:read).",
        response: answers(z.array(AdminBrand)),
      },
    },
    async () => ok(await taxonomy.adminBrands(db)),
  );
  app.post(
    '/api/admin/brands',
    {
      ...taxonomyWrite,
      schema: { tags, summary: 'Adds a brand; names are unique (category:write).', description: SHOWN, body: brandCreateBody, response: answers(AdminBrand) },
    },
    async (req) => ok(await taxonomy.createBrand(db, req, req.body)),
  );
  app.post(
    '/api/admin/brands/:id',
    {
      ...taxonomyWrite,
      schema: {
        tags,
        summary: 'Renames, sorts, shows or hides a brand, or changes its pictures and text; the fields sent change (category:write).',
        description: `404 for an unknown id. ${SHOWN}`,
        params: brandParams,
        body: brandUpdateBody,
        response: answers(AdminBrand),
      },
    },
    async (req) => ok(await taxonomy.updateBrand(db, req, req.params.id, req.body)),
  );
}
