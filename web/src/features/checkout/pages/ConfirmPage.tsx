/**
 * /cart/step2 确认订单信息: address, the goods of each order, coupon, red packet, invoice and remark, and the amounts
 * in a sticky bar with 提交订单. Every choice that changes money asks GET /api/cart/confirm again: the server prices.
 */
import '../checkout.css';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Code } from '@core/codes';
import type { Confirm } from '@core/schemas/trade';
import { isApiError } from '@/api/client';
import { useFirstGoods } from '@/lib/documents/first-goods';
import { AddressFormModal } from '@/ui/AddressFormModal';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useCreateOrder } from '../api/create-order';
import { CONFIRM_KEY, useConfirm, type ConfirmParams } from '../api/get-confirm';
import { AddressPicker } from '../components/AddressPicker';
import { AmountBar } from '../components/AmountBar';
import { CouponPicker } from '../components/CouponPicker';
import { GoodsGroup } from '../components/GoodsGroup';
import { InvoiceBox, type InvoiceValue } from '../components/InvoiceBox';
import { RedPacketBox } from '../components/RedPacketBox';
import { PageLoading, RequireBuyer } from '../components/RequireBuyer';
import { newCheckoutKey, splitOrderErrors, type InvoiceField, type PayNavState } from '../lib/checkout';

const REMARK_MAX = 200;

function ConfirmForm({
  data,
  params,
  setParams,
  refreshing,
}: {
  data: Confirm;
  params: ConfirmParams;
  setParams: (p: ConfirmParams) => void;
  refreshing: boolean;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useCreateOrder();
  const [addressId, setAddressId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [invoice, setInvoice] = useState<InvoiceValue>({ type: 0, title: '', tax_no: '', email: '' });
  const [remark, setRemark] = useState('');
  // One key for this checkout: a double click or a retry after a lost answer gets the same orders back.
  const [checkoutKey] = useState(newCheckoutKey);
  const [errors, setErrors] = useState<{ invoice: Partial<Record<InvoiceField, string>>; other: Record<string, string> }>({ invoice: {}, other: {} });

  const address = data.addresses.find((a) => a.id === (addressId ?? data.address_id)) ?? null;
  const hasNormal = data.groups.some((g) => g.key === 'normal');
  const first = useFirstGoods(data.groups.flatMap((g) => g.list.flatMap((l) => (l.combination ? [] : [l.goods_id]))));

  const changeInvoice = (next: InvoiceValue) => {
    setInvoice(next);
    if (Object.keys(errors.invoice).length) setErrors((e) => ({ ...e, invoice: {} }));
  };

  const submit = () => {
    if (!address) return;
    setErrors({ invoice: {}, other: {} });
    create.mutate(
      {
        address_id: address.id,
        // What the buyer sees is what the order gets: the coupon the server applied, or none.
        coupon_id: data.coupon?.id ?? 0,
        use_red_packet: data.red_packet.use,
        remark: remark.trim(),
        invoice: invoice.type === 0 ? { type: 0 } : invoice,
        checkout_key: checkoutKey,
      },
      {
        onSuccess: (created) => {
          const state: PayNavState = { wallet: data.wallet, orders: created.orders };
          void navigate(created.next, { state });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === Code.invalid) setErrors(splitOrderErrors(error.fieldErrors));
        },
      },
    );
  };

  return (
    <>
      <AddressPicker addresses={data.addresses} selected={address?.id ?? null} onSelect={setAddressId} onAdd={() => setAdding(true)} />
      <AddressFormModal
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={(a) => {
          setAddressId(a.id);
          void client.invalidateQueries({ queryKey: CONFIRM_KEY });
        }}
      />

      <section className="yct-co-section" data-testid="goods-section">
        <header className="yct-co-section__head">
          <h2>商品清单</h2>
          <div className="yct-co-section__tools">
            <Link to="/cart" className="yct-co-link" data-testid="back-to-cart">
              返回购物车修改
            </Link>
          </div>
        </header>
        <div className={refreshing ? 'yct-co-refreshing' : undefined}>
          {data.groups.map((g) => (
            <GoodsGroup key={g.key} group={g} many={data.groups.length > 1} first={first} />
          ))}
        </div>
        {first.size ? (
          <Alert
            className="yct-co-first"
            type="info"
            showIcon
            data-testid="confirm-first-note"
            title={`本单含 ${first.size} 个首营品种（首次采购）`}
            description="其首营资料（注册证或批件、说明书、质量标准、包装图）与本站资质证照一起编入订单资料包，下单后可在「账户中心 › 首营资料」或订单详情中下载。"
          />
        ) : null}
      </section>

      {hasNormal ? (
        <>
          <CouponPicker data={data} busy={refreshing} error={errors.other.coupon_id} onChoose={(id) => setParams({ ...params, coupon_id: id })} />
          <RedPacketBox packet={data.red_packet} busy={refreshing} onToggle={(use) => setParams({ ...params, use_red_packet: use ? 1 : 0 })} />
        </>
      ) : null}

      <InvoiceBox types={data.invoice_types} value={invoice} onChange={changeInvoice} errors={errors.invoice} />

      <section className="yct-co-section" data-testid="remark-section">
        <header className="yct-co-section__head">
          <h2>订单备注</h2>
        </header>
        <Input.TextArea
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
          maxLength={REMARK_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder="选填：对本次采购的补充说明，如送货时间、随货资料要求等"
          status={errors.other.remark ? 'error' : undefined}
          data-testid="order-remark"
        />
        {errors.other.remark ? <p className="yct-co-field-error">{errors.other.remark}</p> : null}
      </section>

      {data.contract_signed ? null : (
        <Alert
          className="yct-co-contract"
          type="warning"
          showIcon
          data-testid="contract-notice"
          title={
            <>
              首次下单前请先签署《药采通平台药品采购服务协议》电子合同，签署后即可提交订单。
              <Link to={`/dzht?redirect=${encodeURIComponent('/cart/step2')}`} className="yct-co-link" data-testid="contract-link">
                去签署电子合同
              </Link>
            </>
          }
        />
      )}

      <AmountBar
        total={data.total}
        address={address}
        orders={data.groups.length}
        submitting={create.isPending}
        disabled={!address || refreshing}
        onSubmit={submit}
      />
    </>
  );
}

function ConfirmScreen() {
  const [params, setParams] = useState<ConfirmParams>({ coupon_id: 'best', use_red_packet: 0 });
  const confirm = useConfirm(params);
  let body;
  if (confirm.isPending) body = <PageLoading />;
  else if (confirm.isError && !confirm.data) {
    const refused = isApiError(confirm.error) && confirm.error.code === Code.refused;
    body = refused ? (
      <div className="yct-co-panel">
        <EmptyState description={confirm.error.message || '请先在购物车中选择要结算的商品'}>
          <Link to="/cart" className="yct-btn yct-btn--primary" data-testid="go-cart">
            去购物车
          </Link>
        </EmptyState>
      </div>
    ) : (
      <div className="yct-co-panel">
        <ErrorState onRetry={() => void confirm.refetch()} retrying={confirm.isFetching} />
      </div>
    );
  } else if (confirm.data)
    body = <ConfirmForm data={confirm.data} params={params} setParams={setParams} refreshing={confirm.isFetching && confirm.isPlaceholderData} />;
  return body;
}

export default function ConfirmPage() {
  return (
    <div className="yct-container yct-co" data-testid="confirm-page">
      <h1 className="yct-co-title">填写并核对订单信息</h1>
      <RequireBuyer what="确认订单信息">
        <ConfirmScreen />
      </RequireBuyer>
    </div>
  );
}
