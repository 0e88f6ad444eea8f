/**
 * /admin/orders/:id/print 发货单 (order:read): the delivery note that travels with the goods, on A4, without the
 * console's frame: buyer and address, every line with its approval number, totals in figures and in capitals,
 * and lines for the signatures of who shipped and who received.
 */
import { PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PRODUCT_TITLE } from '@core/constants';
import { formatMoney, yuanToFen } from '@core/money';
import { chinaDate, chinaToday } from '@/lib/china-time';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { orderQuery } from '../api/orders';
import { LINE_TYPE_TEXT, money, payMethodText, yuanInCapitals } from '../lib/labels';
import '../delivery-note.css';

export default function DeliveryNotePage() {
  const id = Number(useParams().id);
  const order = useQuery({ ...orderQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const o = order.data;
  useEffect(() => {
    if (o) document.title = `发货单 ${o.order_no}`;
  }, [o]);
  if (order.isError) return <LoadFailed error={order.error} onRetry={() => void order.refetch()} retrying={order.isFetching} />;
  if (!o) return <Spin style={{ display: 'block', margin: '120px auto' }} />;

  const ad = o.address;
  const units = o.items.reduce((n, i) => n + i.number, 0);
  const a = o.amounts;
  const discount = [a.welfare_amount, a.manjian_amount, a.coupon_amount, a.red_packet_amount].reduce((n, v) => n + yuanToFen(v), 0);
  return (
    <div className="yct-note-page">
      <div className="yct-note-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="note-print">
          打印
        </Button>
        <Link to={`/admin/orders/${o.id}`}>返回订单详情</Link>
        <span className="yct-note-toolbar__tip">请使用 A4 纸纵向打印，一式两联：发货方留存、随货同行。</span>
      </div>
      <article className="yct-note" data-testid="delivery-note">
        <header className="yct-note__head">
          <div className="yct-note__site">{PRODUCT_TITLE}</div>
          <h1>发 货 单</h1>
          <div className="yct-note__no">
            单号：<b data-testid="note-order-no">{o.order_no}</b>
          </div>
        </header>
        <table className="yct-note__party">
          <tbody>
            <tr>
              <th>客户名称</th>
              <td colSpan={3}>{o.buyer.company}</td>
              <th>下单日期</th>
              <td>{chinaDate(o.created_at)}</td>
            </tr>
            <tr>
              <th>收货人</th>
              <td>{ad.name}</td>
              <th>联系电话</th>
              <td>{ad.phone}</td>
              <th>发货日期</th>
              <td>{chinaDate(o.shipped_at) || chinaToday()}</td>
            </tr>
            <tr>
              <th>收货地址</th>
              <td colSpan={5}>
                {ad.province}
                {ad.city}
                {ad.district} {ad.address}
              </td>
            </tr>
            <tr>
              <th>物流公司</th>
              <td>{o.carrier}</td>
              <th>运单号</th>
              <td>{o.tracking_no}</td>
              <th>支付方式</th>
              <td>{payMethodText(o.pay_method)}</td>
            </tr>
            {o.remark ? (
              <tr>
                <th>订单备注</th>
                <td colSpan={5}>{o.remark}</td>
              </tr>
            ) : null}
          </tbody>
        </table>
        <table className="yct-note__lines" data-testid="note-lines">
          <thead>
            <tr>
              <th className="is-no">序号</th>
              <th>商品名称</th>
              <th>规格</th>
              <th>生产厂家</th>
              <th>批准文号</th>
              <th className="is-unit">单位</th>
              <th className="is-num">数量</th>
              <th className="is-num">单价</th>
              <th className="is-num">金额</th>
            </tr>
          </thead>
          <tbody>
            {o.items.map((i, n) => (
              <tr key={i.id} data-testid="note-line">
                <td className="is-no">{n + 1}</td>
                <td>
                  {i.name}
                  {LINE_TYPE_TEXT[i.type] ? `（${LINE_TYPE_TEXT[i.type]}）` : ''}
                </td>
                <td>{i.ypgg}</td>
                <td>{i.sccj}</td>
                <td className="is-code">{i.pzwh}</td>
                <td className="is-unit">{i.bzdw}</td>
                <td className="is-num">{i.number}</td>
                <td className="is-num">{i.price}</td>
                <td className="is-num">{i.amount}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={6}>合计（{o.items.length} 个品种）</td>
              <td className="is-num">{units}</td>
              <td />
              <td className="is-num">{o.amounts.goods_amount}</td>
            </tr>
          </tfoot>
        </table>
        <div className="yct-note__totals">
          <span>商品金额：{money(o.amounts.goods_amount)}</span>
          {discount > 0 ? <span>优惠：-{formatMoney(discount)}</span> : null}
          <span>运费：{money(o.amounts.shipping_amount)}</span>
          <span className="yct-note__pay">
            实付金额：<b>{money(o.amounts.pay_amount)}</b>
          </span>
          <span className="yct-note__capitals">人民币（大写）：{yuanInCapitals(o.amounts.pay_amount)}</span>
        </div>
        <footer className="yct-note__sign">
          <div>
            发货人（签字）：
            <i />
          </div>
          <div>
            复核人（签字）：
            <i />
          </div>
          <div>
            收货人（签字/盖章）：
            <i />
          </div>
          <div>
            收货日期：
            <i />
          </div>
        </footer>
        <p className="yct-note__foot">
          请收货时当面核对品名、规格、数量及外包装，如有破损、短少或差错，请在签收时注明并及时联系平台客服。本单据一式两联，第一联发货方留存，第二联随货同行。
        </p>
      </article>
    </div>
  );
}
