/**
 * What the server refuses in a search keyword (core/schemas/goods.ts: trimmed, at most 50 characters, no `<` or
 * `>`, no control characters), said before asking: such a search can never succeed, so no request goes out, the
 * buyer reads one message where the suggestions or the results would be, and no retry is offered
 * (docs/decisions/017-storefront-edges.md).
 */
import { hasControlChar } from '@core/validate';

const KEYWORD_MAX = 50;

/** Why `raw` cannot be searched for, or null when it can (an empty keyword is no search at all). */
export function keywordProblem(raw: string): string | null {
  const k = raw.trim();
  if (/[<>]/.test(k)) return '关键词不能包含<或>，请修改后重新搜索';
  if (k.length > KEYWORD_MAX) return `关键词最多${KEYWORD_MAX}个字，请修改后重新搜索`;
  if (hasControlChar(k)) return '关键词含有无法识别的字符，请修改后重新搜索';
  return null;
}
