import { Link } from 'react-router';

export default function NoActivityPage() {
  return (
    <div className="yct-container yct-notice-page" data-testid="no-activity">
      <div className="yct-notice-page__icon" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          <rect x="8" y="12" width="48" height="44" rx="4" fill="#fff5f5" stroke="#e4393c" strokeWidth="2" />
          <path d="M8 24h48M20 6v12M44 6v12" stroke="#e4393c" strokeWidth="2" />
          <path d="M24 38h16" stroke="#e4393c" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </div>
      <h1>活动暂未开始</h1>
      <p>该活动尚未开始或已经结束，去看看其他优惠吧。</p>
      <div className="yct-notice-page__actions">
        <Link to="/" className="yct-btn yct-btn--primary">
          返回首页
        </Link>
        <Link to="/mrtj" className="yct-btn">
          每日特价
        </Link>
      </div>
    </div>
  );
}
