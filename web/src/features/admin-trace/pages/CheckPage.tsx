/**
 * /admin/check/:id 出库复核 (order:read; scanning order:ship): built for a handheld scanner, which types a code
 * and Enter into the focused box. Each code is checked for its form and repeats at once and queued; the queue
 * goes to the server in batches in the background, so the operator never waits on a request; each code's answer
 * shows as it comes. Every line has its progress bar per batch; the order says 可发货 once every box is scanned.
 */
import { ArrowLeftOutlined, CheckCircleFilled, DownloadOutlined, FileTextOutlined, LoadingOutlined, ScanOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Progress, Spin, Tag, type InputRef } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { TraceLine, TraceOrder } from '@core/schemas/trace';
import { formatTime } from '@/lib/admin/format';
import { useCan } from '@/lib/admin/me';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { codesUrl, traceOrderQuery } from '../api/trace';
import { GoodsPrefixModal } from '../components/GoodsPrefixModal';
import { LinesTable } from '../components/LinesTable';
import { ScanBox } from '../components/ScanBox';
import { ScanFeed } from '../components/ScanFeed';
import type { Scan } from '../lib/scan-feed';
import { useScanQueue } from '../lib/use-scan-queue';
import '../trace.css';

const TO_SHIP = 1;

/** Codes waiting or on their way, counted on the line their prefix names: the bars move as the scanner types. */
function pendingByLine(order: TraceOrder | undefined, feed: readonly Scan[]) {
  const out = new Map<string, number>();
  if (!order) return out;
  const room = new Map(order.lines.map((l) => [l.key, l.units - l.scanned]));
  for (const s of feed) {
    if (s.state !== 'waiting' && s.state !== 'sending') continue;
    const line = order.lines.find((l) => l.needs_codes && l.prefix === s.code.slice(0, 7) && (room.get(l.key) ?? 0) > 0);
    if (!line) continue;
    room.set(line.key, (room.get(line.key) ?? 0) - 1);
    out.set(line.key, (out.get(line.key) ?? 0) + 1);
  }
  return out;
}

export default function CheckPage() {
  const id = Number(useParams().id);
  const query = useQuery({ ...traceOrderQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const order = query.data;
  const mayScan = useCan('order:ship') && order?.status === TO_SHIP;
  const maySetUp = useCan('goods:write');
  const [settingUp, setSettingUp] = useState<TraceLine | null>(null);
  const { feed, take, undo: undoCode } = useScanQueue(id, mayScan);
  const input = useRef<InputRef>(null);

  const refocus = useCallback(() => {
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName)) input.current?.focus();
    }, 0);
  }, []);
  const undo = (code: string) => void undoCode(code).finally(refocus);

  const pending = useMemo(() => pendingByLine(order, feed), [order, feed]);
  const recent = useMemo(() => [...feed].reverse().slice(0, 60), [feed]);
  const nameOf = useMemo(() => new Map(order?.lines.map((l) => [l.key, `${l.name} ${l.ypgg}`]) ?? []), [order]);

  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!order) return <Spin style={{ display: 'block', margin: '120px auto' }} />;

  const waiting = feed.filter((s) => s.state === 'waiting' || s.state === 'sending').length;
  const refused = feed.filter((s) => s.state === 'refused' && s.message !== '已撤销').length;
  const shownTotal = Math.min(order.needed, order.scanned + [...pending.values()].reduce((n, v) => n + v, 0));

  return (
    <div className="yct-check" data-testid="check-page">
      <AdminPanel
        title={
          <>
            <ScanOutlined /> 出库复核
          </>
        }
        extra={
          <div className="yct-check__actions">
            <Link to={`/admin/orders/${order.order_id}`}>
              <Button icon={<ArrowLeftOutlined />}>订单详情{order.status === TO_SHIP ? '（发货）' : ''}</Button>
            </Link>
            {order.scanned ? (
              <Button icon={<DownloadOutlined />} href={codesUrl(order.order_id, 'xlsx')} data-testid="check-codes">
                导出追溯码
              </Button>
            ) : null}
            <Button icon={<FileTextOutlined />} href={`/admin/check/${order.order_id}/note`} target="_blank" data-testid="check-note">
              随货同行单
            </Button>
          </div>
        }
      >
        <Descriptions size="small" column={4}>
          <Descriptions.Item label="订单编号">
            <b data-testid="check-order-no">{order.order_no}</b>
          </Descriptions.Item>
          <Descriptions.Item label="购货单位">{order.company}</Descriptions.Item>
          <Descriptions.Item label="订单状态">
            <Tag color={order.status === TO_SHIP ? 'orange' : 'blue'}>{order.status_text}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="复核结果">
            {order.needed === 0 ? (
              <Tag>本单商品无追溯码</Tag>
            ) : order.complete ? (
              <Tag color="success" icon={<CheckCircleFilled />} data-testid="check-complete">
                可发货
              </Tag>
            ) : (
              <Tag color="warning">未扫齐</Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
        <div className="yct-check__total">
          <span>全单进度</span>
          <Progress percent={order.needed ? Math.round((shownTotal / order.needed) * 100) : 100} status={order.complete ? 'success' : 'active'} />
          <b data-testid="check-total">
            {shownTotal}/{order.needed}
          </b>
        </div>
        {mayScan ? (
          <div className="yct-check__scan">
            <ScanBox ref={input} onScan={take} onBlur={refocus} />
            <div className="yct-check__queue" data-testid="scan-queue">
              {waiting ? (
                <span>
                  <LoadingOutlined /> 提交中 {waiting} 个
                </span>
              ) : (
                <span>已全部提交</span>
              )}
              {refused ? <span className="yct-check__bad">未计入 {refused} 个</span> : null}
            </div>
          </div>
        ) : (
          <Alert
            type="info"
            showIcon
            message={order.status === TO_SHIP ? '您没有发货权限，只能查看复核进度' : `订单${order.status_text}，追溯码已锁定，不能再扫描或撤销`}
          />
        )}
      </AdminPanel>
      <div className="yct-check__body">
        <AdminPanel title={`商品（${order.lines.length}行）`}>
          <LinesTable order={order} pending={pending} mayScan={mayScan} onUndo={undo} onSetUp={maySetUp ? setSettingUp : null} />
          {maySetUp ? <GoodsPrefixModal line={settingUp} orderId={order.order_id} onClose={() => setSettingUp(null)} /> : null}
        </AdminPanel>
        <AdminPanel title="扫描记录">
          <ScanFeed recent={recent} nameOf={nameOf} mayScan={mayScan} onUndo={undo} />
          {order.lines.some((l) => l.codes.length) ? (
            <div className="yct-check__muted yct-check__since">
              最近一次扫描：{formatTime(Math.max(...order.lines.flatMap((l) => l.codes.map((c) => c.scanned_at))))}
            </div>
          ) : null}
        </AdminPanel>
      </div>
    </div>
  );
}
