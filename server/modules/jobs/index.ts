/** The background jobs: what runs them once across processes, and the console's view of them. */
export { runJobs, type Job } from './runner.js';
export { jobAdminRoutes } from './routes.js';
export { setJobPeriods, trimJobRuns } from './service.js';
