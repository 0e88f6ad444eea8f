/** HTTP of the console's background jobs (job:read to see them, job:run to run one now). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/envelope.js';
import { JobList, jobParams, JobRunPage, jobRunsQuery, JobView } from '../../../core/schemas/jobs.js';
import type { Deps } from '../../deps.js';
import { requirePermission } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { jobRunsOf, listJobs, runJobNow } from './service.js';

export async function jobAdminRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['jobs'];
  app.get(
    '/api/admin/jobs',
    {
      schema: {
        tags,
        summary: 'The background jobs: when each runs next, whether a process holds it now, and its last run (job:read).',
        response: answers(JobList),
      },
    },
    async (req) => {
      requirePermission(req, 'job:read');
      return ok(await listJobs(db));
    },
  );
  app.get(
    '/api/admin/jobs/:name/runs',
    {
      schema: {
        tags,
        summary: "A job's runs, newest first: which process, how long, what it did or why it failed (job:read).",
        params: jobParams,
        querystring: jobRunsQuery,
        response: answers(JobRunPage),
      },
    },
    async (req) => {
      requirePermission(req, 'job:read');
      return ok(await jobRunsOf(db, req.params.name, req.query.page));
    },
  );
  app.post(
    '/api/admin/jobs/:name/run',
    {
      schema: {
        tags,
        summary: 'Makes a job due now: one of the server processes runs it within a few seconds (job:run, audited).',
        params: jobParams,
        response: answers(JobView),
      },
    },
    async (req) => ok(await runJobNow(db, req, req.params.name)),
  );
}
