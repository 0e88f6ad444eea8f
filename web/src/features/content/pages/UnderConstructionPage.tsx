import { Link } from 'react-router';

/** Screens the route table lists but that are not built yet: the title and a plain notice. */
export default function UnderConstructionPage({ title }: { title: string }) {
  return (
    <div className="yct-container yct-notice-page yct-notice-page--plain" data-testid="under-construction">
      <h1>{title}</h1>
      <p>该页面正在建设中</p>
      <div className="yct-notice-page__actions">
        <Link to="/" className="yct-btn">
          返回首页
        </Link>
      </div>
    </div>
  );
}
