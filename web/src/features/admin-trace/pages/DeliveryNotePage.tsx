/**
 * /admin/check/:id/note 随货同行单 (order:read): the GSP delivery note on A4 landscape, without the console's frame:
 * a row per line and batch with 通用名, 剂型, spec, manufacturer, approval number, batch number, production and
 * expiry dates, quantity, unit, price and amount; supplier, receiver, address and shipping date; the 出库专用章
 * over the supplier. Before shipping it is a preview for picking, without a shipping date.
 */
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { deliveryNoteQuery, noteUrl, SEAL_URL } from '../api/trace';
import '../trace.css';

export default function DeliveryNotePage() {
  const id = Number(useParams().id);
  const query = useQuery({ ...deliveryNoteQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const [sealShown, setSealShown] = useState(true);
  const n = query.data;
  useEffect(() => {
    if (n) document.title = `随货同行单 ${n.order_no}`;
  }, [n]);
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!n) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  return (
    <div className="yct-gsp-page">
      <div className="yct-gsp-toolbar">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="gsp-print">
          打印
        </Button>
        <Button icon={<DownloadOutlined />} href={noteUrl(n.order_id)} data-testid="gsp-pdf">
          下载PDF
        </Button>
        <Link to={`/admin/check/${n.order_id}`}>返回出库复核</Link>
        <span className="yct-gsp-toolbar__tip">请使用 A4 纸横向打印，一式两联：供货单位留存、随货同行。</span>
      </div>
      <article className="yct-gsp" data-testid="gsp-note">
        <h1>{n.supplier} 随货同行单</h1>
        {n.shipped ? null : <div className="yct-gsp__preview">（未发货，仅供备货核对）</div>}
        <div className="yct-gsp__facts">
          <span>购货单位：{n.receiver}</span>
          <span>
            订单编号：<b data-testid="gsp-order-no">{n.order_no}</b>
          </span>
          <span>
            收货人：{n.contact} {n.phone}
          </span>
          <span data-testid="gsp-shipped-at">发货日期：{n.shipped_at || '—'}</span>
          <span>收货地址：{n.address}</span>
          <span>承运：{n.carrier ? `${n.carrier} ${n.tracking_no}` : '—'}</span>
        </div>
        <table>
          <thead>
            <tr>
              {['序号', '通用名称', '剂型', '规格', '生产厂家', '批准文号', '批号', '生产日期', '有效期至', '数量', '单位', '单价', '金额'].map((h) => (
                <th key={h}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {n.rows.map((r, i) => (
              <tr key={`${i}-${r.batch_no}`} data-testid="gsp-row">
                <td className="num">{i + 1}</td>
                <td>{r.name}</td>
                <td>{r.jx}</td>
                <td>{r.ypgg}</td>
                <td>{r.sccj}</td>
                <td>{r.pzwh}</td>
                <td data-testid="gsp-batch">{r.batch_no}</td>
                <td className="date">{r.scrq}</td>
                <td className="date">{r.xq}</td>
                <td className="num">{r.number}</td>
                <td>{r.bzdw}</td>
                <td className="num">{r.price}</td>
                <td className="num">{r.amount}</td>
              </tr>
            ))}
            <tr>
              <th colSpan={9} style={{ textAlign: 'left' }}>
                合计（大写）：{n.total_words}
              </th>
              <td className="num">{n.total_number}</td>
              <td colSpan={3} className="num">
                ¥{n.total_amount}
              </td>
            </tr>
          </tbody>
        </table>
        <div className="yct-gsp__sign">
          <span>供货单位（盖章）：{n.supplier}</span>
          <span>发货人：</span>
          <span>复核人：</span>
          <span>收货人签收：</span>
          {n.seal && sealShown ? <img className="yct-gsp__seal" src={SEAL_URL} alt="出库专用章" onError={() => setSealShown(false)} /> : null}
        </div>
        <div className="yct-gsp__note">本单一式两联：第一联供货单位留存，第二联随货同行。收货时请逐批核对品名、规格、批号、效期与数量，并查验药检报告。</div>
      </article>
    </div>
  );
}
