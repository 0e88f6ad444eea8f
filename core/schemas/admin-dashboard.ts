/** The console's 工作台: the queues an operator works from, today's figures and the last 30 days. */
import { z } from 'zod';
import { money } from './envelope.js';

/** Days the dashboard's chart covers, today included. */
export const DASHBOARD_DAYS = 30;

export const Dashboard = z.object({
  /** Only the queues the operator may work; each links to its filtered list. */
  queues: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int(), link: z.string() })),
  /** What needs attention beyond a count (an expired site document), shown above the queues to those who may act. */
  alerts: z.array(z.object({ key: z.string(), level: z.enum(['error', 'warning']), text: z.string(), link: z.string() })),
  today: z.object({ orders: z.number().int(), paid_amount: money, new_buyers: z.number().int() }),
  days: z.array(z.object({ day: z.string(), orders: z.number().int(), paid_amount: money, new_buyers: z.number().int() })),
});
export type Dashboard = z.infer<typeof Dashboard>;
