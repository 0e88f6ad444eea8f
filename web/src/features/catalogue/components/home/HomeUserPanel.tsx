/** The home page's right column: who is logged in and what to do next, then the newest notices. */
import { Link } from 'react-router';
import type { UserBase } from '@core/schemas/user';
import { usePostList } from '@/lib/content/get-post-list';
import { isLoggedIn } from '@/lib/session/get-user-base';
import { TargetLink } from '@/ui/TargetLink';

const REVIEW: Record<number, { text: string; className: string }> = {
  0: { text: '资质审核中', className: 'is-waiting' },
  1: { text: '资质已认证', className: 'is-passed' },
  2: { text: '资质未通过', className: 'is-rejected' },
};

function Account({ user }: { user: UserBase | undefined }) {
  if (!isLoggedIn(user)) {
    return (
      <div className="yct-homeuser__account" data-testid="home-user-guest">
        <div className="yct-homeuser__avatar" aria-hidden="true" />
        <p className="yct-homeuser__hello">您好，欢迎来到药采通</p>
        <p className="yct-homeuser__sub">登录后查看采购价格</p>
        <div className="yct-homeuser__actions">
          <Link to="/login" className="yct-btn yct-btn--primary yct-btn--small">
            登录
          </Link>
          <Link to="/register" className="yct-btn yct-btn--small">
            注册
          </Link>
        </div>
      </div>
    );
  }
  const review = REVIEW[user.is_passed] ?? REVIEW[0];
  return (
    <div className="yct-homeuser__account" data-testid="home-user">
      <div className="yct-homeuser__avatar" aria-hidden="true" />
      <p className="yct-homeuser__hello" title={user.company}>
        您好，{user.company || user.username}
      </p>
      <p className="yct-homeuser__sub">
        {user.rank}
        <Link to="/zhzx/zzzj" className={`yct-homeuser__review ${review.className}`} data-testid="home-user-review">
          {review.text}
        </Link>
      </p>
      <dl className="yct-homeuser__stats">
        <div>
          <dt>积分</dt>
          <dd>{user.points}</dd>
        </div>
        <div>
          <dt>购物车</dt>
          <dd>{user.cart}</dd>
        </div>
        <div>
          <dt>消息</dt>
          <dd>{user.message_count}</dd>
        </div>
      </dl>
      <div className="yct-homeuser__actions">
        <Link to="/user" className="yct-btn yct-btn--primary yct-btn--small">
          会员中心
        </Link>
        <Link to="/order" className="yct-btn yct-btn--small">
          我的订单
        </Link>
      </div>
    </div>
  );
}

export function HomeUserPanel({ user }: { user: UserBase | undefined }) {
  const notices = usePostList();
  return (
    <aside className="yct-homeuser">
      <Account user={user} />
      <div className="yct-homeuser__notices" data-testid="home-notices">
        <h3>
          平台公告
          <Link to="/help/xwzx/gsxw">更多 ›</Link>
        </h3>
        <ul>
          {notices.isPending ? <li className="yct-muted">加载中…</li> : null}
          {notices.isError ? <li className="yct-muted">公告加载失败</li> : null}
          {notices.data && !notices.data.length ? <li className="yct-muted">暂无数据</li> : null}
          {(notices.data ?? []).slice(0, 5).map((n) => (
            <li key={n.id}>
              <TargetLink to={n.url} title={n.title}>
                {n.title}
              </TargetLink>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
