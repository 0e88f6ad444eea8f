import { useEffect, useState } from 'react';
import { Link } from 'react-router';

/** /loading and /loading/activity: an activity link lands here while its page is prepared. */
export default function LoadingPage() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), 3000);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div className="yct-container yct-notice-page" data-testid="loading-page">
      <span className="yct-spinner yct-spinner--large" aria-hidden="true" />
      <h1>活动加载中，请稍候…</h1>
      {slow ? (
        <p>
          活动暂未开始或已结束，<Link to="/">返回首页</Link>看看其他商品。
        </p>
      ) : (
        <p>正在为您准备活动页面</p>
      )}
    </div>
  );
}
