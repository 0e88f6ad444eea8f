/** HH:MM of a server timestamp (seconds) on China time, whatever the buyer's computer is set to. */
export function chinaClock(seconds: number): string {
  return new Date((seconds + 8 * 3600) * 1000).toISOString().slice(11, 16);
}
