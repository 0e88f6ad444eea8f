/**
 * An article's body: HTML the server kept through its allow-list sanitizer (no scripts, event attributes or
 * javascript: links), shown as it is. A click on a link to a page of this site moves inside the app instead of
 * reloading it.
 */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export function ArticleBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!link || link.target === '_blank' || !/^\/(?!\/)/.test(href)) return;
    event.preventDefault();
    void navigate(href);
  };
  return <div className="yct-richtext" onClick={follow} dangerouslySetInnerHTML={{ __html: html }} data-testid="article-body" />;
}
