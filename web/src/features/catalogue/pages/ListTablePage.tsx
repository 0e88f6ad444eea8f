import { GoodsListView } from '../components/GoodsListView';

export default function ListTablePage() {
  return <GoodsListView view="table" title="全部商品" />;
}
