import { GoodsListView } from '../components/GoodsListView';

export default function ListNoImagePage() {
  return <GoodsListView view="noimage" title="全部商品" />;
}
