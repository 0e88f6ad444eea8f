/**
 * /help 帮助中心: where to start (the questions buyers ask most), every help group with its pages, the latest
 * industry and company news, and how to reach a person.
 */
import { CustomerServiceOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { PostListItem } from '@core/schemas/help';
import { EmptyState } from '@/ui/EmptyState';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { useArticleList } from '../api/get-article-list';
import { useHelpCategory } from '../api/get-help-category';
import { groupIcon, HelpLayout } from '../components/HelpLayout';
import { chinaDay } from '../lib/dates';

/** The pages new buyers open first. */
const QUICK = [
  { title: '如何注册', sub: '三步开通采购账号', to: '/help/xrzn/hyzc' },
  { title: '资质要求', sub: '需要准备哪些证照', to: '/help/xrzn/hyzc' },
  { title: '支付方式', sub: '四种方式任选', to: '/help/zfps/ddzf' },
  { title: '配送时效', sub: '华东次日达', to: '/help/zfps/hwps' },
  { title: '退货政策', sub: '质量问题 7 天可退', to: '/help/zfps/ypth' },
  { title: '常见问题', sub: '账号、订单、发票', to: '/help/cjwt' },
];

function LatestNews({ type, title }: { type: string; title: string }) {
  const list = useArticleList(type, 1);
  const rows: PostListItem[] = list.data?.data.slice(0, 5) ?? [];
  return (
    <section className="yct-help__latest" data-testid={`help-latest-${type}`}>
      <header>
        <h2>{title}</h2>
        <Link to={list.data?.category.url ?? '/help/xwzx'}>
          更多 <RightOutlined />
        </Link>
      </header>
      {list.isPending ? (
        <div className="yct-help__latest-wait">
          <span className="yct-spinner" />
        </div>
      ) : !rows.length ? (
        <EmptyState compact description={list.isError ? '资讯加载失败' : '暂无资讯'} />
      ) : (
        <ul>
          {rows.map((n) => (
            <li key={n.id}>
              <Link to={n.url} title={n.title}>
                {n.title}
              </Link>
              <span>{chinaDay(n.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function HelpPage() {
  const menu = useHelpCategory({ fresh: true });
  const site = useFocusCommon().data?.site;
  const groups = (menu.data ?? []).filter((g) => g.code !== 'xwzx');
  return (
    <HelpLayout active="/help" crumbs={[]}>
      <div className="yct-help__home" data-testid="help-home">
        <div className="yct-help__hero">
          <div>
            <h1>您好，有什么可以帮您？</h1>
            <p>注册开户、采购下单、支付配送、退货售后，常见问题都能在这里找到答案。</p>
          </div>
          <div className="yct-help__hero-call">
            <CustomerServiceOutlined />
            <span>
              客服热线
              <strong>{site?.hot_line || '—'}</strong>
            </span>
          </div>
        </div>
        <div className="yct-help__quick">
          {QUICK.map((q) => (
            <Link key={q.title} to={q.to} className="yct-help__quick-item" data-testid="help-quick">
              <strong>{q.title}</strong>
              <span>{q.sub}</span>
            </Link>
          ))}
        </div>
        <div className="yct-help__cards">
          {groups.map((g) => (
            <section key={g.id} className="yct-help__card" data-testid="help-card">
              <h2>
                <span className="yct-help__group-icon">{groupIcon(g.code)}</span>
                {g.name}
              </h2>
              <ul>
                {g.children.slice(0, 4).map((c) => (
                  <li key={c.url}>
                    <Link to={c.url}>{c.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="yct-help__latest-row">
          <LatestNews type="hyxw" title="行业新闻" />
          <LatestNews type="gsxw" title="公司新闻" />
        </div>
      </div>
    </HelpLayout>
  );
}
