/**
 * /admin/goods/new 新增商品 and /admin/goods/:id 编辑商品: the goods form (goods:write; read-only without it) and,
 * for existing goods, the 库存 panel with the stock log.
 */
import { useQuery } from '@tanstack/react-query';
import { Spin, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { useCan } from '@/lib/admin/me';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { goodsQuery } from '../api/get-goods';
import { GoodsForm } from '../components/GoodsForm';
import { StockPanel } from '../components/StockPanel';
import '../goods.css';

export default function GoodsEditPage() {
  const param = useParams().id;
  const id = Number(param);
  const existing = param !== undefined;
  const mayWrite = useCan('goods:write');
  const goods = useQuery({ ...goodsQuery(id), enabled: existing && Number.isSafeInteger(id) && id > 0 });
  const back = <Link to="/admin/goods">返回列表</Link>;

  if (!existing) {
    return (
      <div className="yct-admin-goods__edit" data-testid="goods-edit">
        <AdminPanel title="新增商品" extra={back}>
          <GoodsForm goods={null} mayWrite={mayWrite} />
        </AdminPanel>
      </div>
    );
  }
  if (goods.isError) return <LoadFailed error={goods.error} onRetry={() => void goods.refetch()} retrying={goods.isFetching} />;
  const g = goods.data;
  if (!g) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <div className="yct-admin-goods__edit" data-testid="goods-edit">
      <AdminPanel
        title={
          <span className="yct-admin-goods__head">
            <span className="yct-admin-goods__title">{mayWrite ? '编辑商品' : '商品详情'}</span>
            <span>{g.name}</span>
            <span className="yct-muted">{g.ypgg}</span>
            {g.is_on_sale ? <Tag color="green">出售中</Tag> : <Tag>已下架</Tag>}
            <span className="yct-muted yct-admin-goods__meta">
              ID {g.id} · {g.category_path.map((c) => c.name).join(' / ')} · 销量 {g.sales}
            </span>
          </span>
        }
        extra={back}
      >
        <GoodsForm
          key={g.id}
          goods={g}
          mayWrite={mayWrite}
          stock={
            <span className="yct-admin-goods__stock-inline">
              <b data-testid="goods-stock">{g.number}</b> {g.bzdw}
              {g.held_number ? <span className="yct-muted">（订单占用 {g.held_number}）</span> : null}
              <a href="#stock">调整库存</a>
            </span>
          }
        />
      </AdminPanel>
      <StockPanel goods={g} />
    </div>
  );
}
