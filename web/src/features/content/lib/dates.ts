/** `YYYY-MM-DD` of a Unix time in China time, as the help centre dates its articles. */
export const chinaDay = (seconds: number) => new Date(seconds * 1000 + 8 * 3_600_000).toISOString().slice(0, 10);
