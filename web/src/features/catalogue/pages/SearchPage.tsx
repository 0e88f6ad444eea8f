import { GoodsListView } from '../components/GoodsListView';

const SEARCH_VIEWS = { grid: '/search', table: '/search/table' };

export default function SearchPage() {
  return <GoodsListView view="grid" title="搜索结果" views={SEARCH_VIEWS} />;
}

export function SearchTablePage() {
  return <GoodsListView view="table" title="搜索结果" views={SEARCH_VIEWS} />;
}
