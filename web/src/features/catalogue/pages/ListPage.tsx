import { GoodsListView } from '../components/GoodsListView';

export default function ListPage() {
  return <GoodsListView view="grid" title="全部商品" />;
}
