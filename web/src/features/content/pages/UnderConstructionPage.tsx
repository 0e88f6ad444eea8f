import { Link } from 'react-router';
import { useCurrentRoute } from '@/app/current-route';

/** Screens the route table lists but that are not built yet: the title and a plain notice. */
export default function UnderConstructionPage() {
  const route = useCurrentRoute();
  return (
    <div className="yct-container yct-notice-page yct-notice-page--plain" data-testid="under-construction">
      <h1>{route?.title}</h1>
      <p>该页面正在建设中</p>
      <div className="yct-notice-page__actions">
        <Link to="/" className="yct-btn">
          返回首页
        </Link>
      </div>
    </div>
  );
}
