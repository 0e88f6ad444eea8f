/** One article as the help centre shows it: title, where it sits (and for news when), the body, and the ones before and after it. */
import { Link } from 'react-router';
import type { PostDetail } from '@core/schemas/help';
import { chinaDay } from '../lib/dates';
import { ArticleBody } from './ArticleBody';

export function ArticleView({ post }: { post: PostDetail }) {
  const list = post.category.is_list;
  return (
    <article className="yct-help__article" data-testid="help-article">
      <header className="yct-help__article-head">
        <h1 data-testid="help-article-title">{post.title}</h1>
        <p className="yct-help__meta">
          <span>栏目：{post.category.name}</span>
          {list ? <span>发布时间：{chinaDay(post.created_at)}</span> : null}
        </p>
      </header>
      <ArticleBody html={post.content} />
      <nav className="yct-help__pager" aria-label="上一篇与下一篇" data-testid="help-article-pager">
        <p>
          <span className="yct-help__pager-label">上一篇：</span>
          {post.prev ? (
            <Link to={post.prev.url} data-testid="help-prev">
              {post.prev.title}
            </Link>
          ) : (
            <span className="yct-muted">没有了</span>
          )}
        </p>
        <p>
          <span className="yct-help__pager-label">下一篇：</span>
          {post.next ? (
            <Link to={post.next.url} data-testid="help-next">
              {post.next.title}
            </Link>
          ) : (
            <span className="yct-muted">没有了</span>
          )}
        </p>
        {list ? (
          <Link to={post.list_url} className="yct-btn yct-help__back" data-testid="help-back-to-list">
            返回列表
          </Link>
        ) : null}
      </nav>
    </article>
  );
}
