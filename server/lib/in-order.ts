/**
 * Statements of one transaction sent together: the database runs them in the order they were sent, without a
 * turn of the server's loop between them (on PGlite, whose one connection the transaction holds meanwhile, each
 * turn saved is time every other request stops waiting). Awaits them all and answers their values, or throws
 * the first failure in the order given, as awaiting them one after another would have.
 */
export async function allInOrder<T extends readonly unknown[]>(pending: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(pending);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
