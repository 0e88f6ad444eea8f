/** 发货 of a physical points order: the carrier (the ones order shipping offers, or another typed) and the waybill. */
import { Descriptions } from 'antd';
import type { AdminPointsOrder } from '@core/schemas/points';
import { ActionFormModal } from '@/ui/admin/ActionFormModal';
import { ShipFields, shipValues } from '@/ui/admin/ShipFields';
import { useShipPointsOrder } from '../api/points-orders';

export function ShipModal({ order, onClose }: { order: AdminPointsOrder | null; onClose: () => void }) {
  const ship = useShipPointsOrder();
  return (
    <ActionFormModal<{ carrier: string; tracking_no: string }>
      open={order !== null}
      title="积分订单发货"
      okText="确认发货"
      onClose={onClose}
      submit={async (v) => order && ship.mutateAsync({ id: order.id, body: shipValues(v) })}
      done={() => `已发货：${order?.order_no ?? ''}，买家将收到发货通知`}
      width={560}
      testId="points-ship"
    >
      {order ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          className="yct-admin-action__facts"
          items={[
            { key: 'no', label: '订单号', children: order.order_no },
            { key: 'goods', label: '兑换商品', children: `${order.goods_name} × ${order.number}` },
            { key: 'buyer', label: '客户', children: order.company },
            { key: 'to', label: '收货信息', children: `${order.consignee} ${order.phone}，${order.address}` },
          ]}
        />
      ) : null}
      <ShipFields testId="points-ship" />
    </ActionFormModal>
  );
}
