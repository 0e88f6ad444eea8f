/** A `like` / `ilike` pattern that finds `text` anywhere, with `%`, `_` and `\` in it taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
