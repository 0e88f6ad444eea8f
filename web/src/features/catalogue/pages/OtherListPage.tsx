import { useParams } from 'react-router';
import { GoodsListView } from '../components/GoodsListView';

/** /list/other/{id}/{name?}: the goods of one category, titled with its name. */
export default function OtherListPage() {
  const { id, name } = useParams();
  return <GoodsListView view="grid" title={name ?? '药品'} fixed={{ category: id }} views={{}} showFilters={false} />;
}
