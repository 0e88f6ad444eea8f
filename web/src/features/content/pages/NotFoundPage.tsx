import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <div className="yct-container yct-notice-page" data-testid="not-found">
      <div className="yct-notice-page__code">404</div>
      <h1>抱歉，您访问的页面不存在</h1>
      <p>页面可能已被移除、更名，或链接地址有误。</p>
      <div className="yct-notice-page__actions">
        <Link to="/" className="yct-btn yct-btn--primary">
          返回首页
        </Link>
        <Link to="/help" className="yct-btn">
          帮助中心
        </Link>
      </div>
    </div>
  );
}
