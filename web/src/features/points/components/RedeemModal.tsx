/**
 * 兑换确认: the quantity (up to what is left and what the account may still redeem), the receiving address for
 * physical goods (the default chosen, a new one added on the spot), the total in points and cash and the
 * points left after it. Cash is paid from the balance: the payment-password dialog takes over before the order
 * is posted. The dialog makes its request key when it opens, so a double post gives back one order.
 */
import { EnvironmentOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, InputNumber, Modal, Radio, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, yuanToFen } from '@core/money';
import { POINTS_ORDER_MAX_QUANTITY, type PointsGoods, type PointsRedeemed } from '@core/schemas/points';
import { AddressFormModal } from '@/ui/AddressFormModal';
import { PayConfirmModal } from '@/ui/PayConfirmModal';
import { useAddresses } from '@/lib/address/get-addresses';
import { isZero } from '@/lib/money';
import { usePointsGoods } from '../api/points-goods';
import { newRequestKey, useRedeem } from '../api/redeem';
import { PointsPrice, pointsText } from './PointsGoodsCard';

type Props = {
  goods: PointsGoods | null;
  /** The account's points now. */
  points: number;
  onClose: () => void;
  onDone: (done: PointsRedeemed) => void;
};

/** The most one order may take: what is left, what the account may still redeem, and the order's own cap. */
function maxQuantity(g: PointsGoods) {
  const allowed = g.per_user > 0 ? g.per_user - g.mine : Infinity;
  return Math.max(0, Math.min(g.stock, allowed, POINTS_ORDER_MAX_QUANTITY));
}

function AddressChoice({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const list = useAddresses();
  const [adding, setAdding] = useState(false);
  const addresses = list.data ?? [];
  // The default address (listed first) is chosen until the buyer picks another.
  const first = list.data?.[0]?.id ?? null;
  useEffect(() => {
    if (value === null && first !== null) onChange(first);
  }, [first, value, onChange]);
  return (
    <div className="yct-jf-redeem__row yct-jf-redeem__addr">
      <span className="yct-jf-redeem__label">收货地址</span>
      <div className="yct-jf-redeem__field">
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        ) : addresses.length ? (
          <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} className="yct-jf-redeem__addrs" data-testid="redeem-addresses">
            {addresses.map((a) => (
              <Radio key={a.id} value={a.id} data-testid="redeem-address" data-id={a.id}>
                <b>{a.name}</b> {a.phone}
                {a.is_default ? <span className="yct-jf-redeem__default">默认</span> : null}
                <span className="yct-jf-redeem__full">{a.full}</span>
              </Radio>
            ))}
          </Radio.Group>
        ) : (
          <p className="yct-muted">
            <EnvironmentOutlined /> 暂无收货地址，请先新增
          </p>
        )}
        <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)} className="yct-jf-redeem__add">
          新增收货地址
        </Button>
      </div>
      <AddressFormModal open={adding} onClose={() => setAdding(false)} onSaved={(a) => onChange(a.id)} />
    </div>
  );
}

/** The goods' own description, read when the dialog opens. */
function Description({ id }: { id: number }) {
  const detail = usePointsGoods(id);
  if (!detail.data?.description) return null;
  return (
    <p className="yct-jf-redeem__desc" data-testid="redeem-description">
      {detail.data.description}
    </p>
  );
}

export function RedeemModal({ goods: g, points, onClose, onDone }: Props) {
  const [number, setNumber] = useState(1);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [key, setKey] = useState('');
  const [paying, setPaying] = useState(false);
  const redeem = useRedeem();

  useEffect(() => {
    if (!g) return;
    setNumber(1);
    setAddressId(null);
    setPaying(false);
    setKey(newRequestKey());
  }, [g]);

  if (!g) return <Modal open={false} />;
  const max = maxQuantity(g);
  const needPoints = g.points * number;
  const cash = yuanToFen(g.cash) * number;
  const short = needPoints > points;
  const physical = g.kind === 'physical';
  const ready = max > 0 && !short && (!physical || addressId !== null);

  const post = (payPassword?: string) =>
    redeem.mutateAsync(
      { goods_id: g.id, number, address_id: physical ? (addressId ?? undefined) : undefined, pay_password: payPassword, request_key: key },
      { onSuccess: onDone },
    );
  const confirm = () => (isZero(g.cash) ? void post().catch(() => undefined) : setPaying(true));

  return (
    <>
      <Modal
        open={!paying}
        title="兑换确认"
        width={560}
        onCancel={onClose}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={onClose}>
            取消
          </Button>,
          <Button key="ok" type="primary" danger disabled={!ready} loading={redeem.isPending} onClick={confirm} data-testid="redeem-confirm">
            {isZero(g.cash) ? '确认兑换' : '去支付并兑换'}
          </Button>,
        ]}
        data-testid="redeem-modal"
      >
        <div className="yct-jf-redeem">
          <div className="yct-jf-redeem__goods">
            <img src={g.picture} alt={g.name} />
            <div>
              <p className="yct-jf-redeem__name">{g.name}</p>
              <p className="yct-muted">
                {g.kind_text}
                {g.gives ? ` · ${g.gives}` : ''}
              </p>
              <PointsPrice points={g.points} cash={g.cash} />
            </div>
          </div>
          <Description id={g.id} />
          <div className="yct-jf-redeem__row">
            <span className="yct-jf-redeem__label">兑换数量</span>
            <div className="yct-jf-redeem__field">
              <InputNumber
                min={1}
                max={Math.max(1, max)}
                precision={0}
                disabled={max <= 1}
                value={number}
                onChange={(v) => setNumber(Math.min(Math.max(1, Math.floor(v ?? 1)), Math.max(1, max)))}
                data-testid="redeem-number"
              />
              <span className="yct-muted yct-jf-redeem__limit">
                剩余 {g.stock} 件{g.per_user ? `，每人限兑 ${g.per_user} 件（已兑 ${g.mine} 件）` : ''}
              </span>
            </div>
          </div>
          {physical ? <AddressChoice value={addressId} onChange={setAddressId} /> : null}
          <div className="yct-jf-redeem__sum" data-testid="redeem-sum">
            <div>
              合计：
              <b className="yct-jf-redeem__total">{pointsText(needPoints)}</b> 积分
              {cash > 0 ? (
                <>
                  {' + '}
                  <b className="yct-jf-redeem__total">{formatMoney(cash)}</b>
                  <span className="yct-muted">（余额支付）</span>
                </>
              ) : null}
            </div>
            <div className="yct-muted">
              我的积分 {pointsText(points)}
              {short ? <span className="yct-jf-redeem__short">，积分不足</span> : `，兑换后剩余 ${pointsText(points - needPoints)}`}
            </div>
          </div>
          {physical ? null : (
            <Alert
              type="info"
              showIcon
              title={g.kind === 'coupon' ? '兑换成功后优惠券立即放入“我的钱包-优惠券”' : '兑换成功后红包立即存入“我的钱包-账户红包”'}
            />
          )}
          {short ? (
            <p className="yct-jf-redeem__hint">
              积分可通过采购订单完成后获得（每实付 1 元得 1 积分），<Link to="/jfgl">查看积分明细</Link>
            </p>
          ) : null}
        </div>
      </Modal>
      <PayConfirmModal
        open={paying}
        title="确认兑换"
        amountLabel="加价金额"
        amount={(cash / 100).toFixed(2)}
        instrument="balance"
        details={[
          { label: '兑换商品', value: `${g.name} ×${number}` },
          { label: '扣除积分', value: `${pointsText(needPoints)} 积分` },
        ]}
        submitText="确认兑换"
        onSubmit={(password) => post(password)}
        onCancel={() => setPaying(false)}
      />
    </>
  );
}
