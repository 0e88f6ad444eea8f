/** 出库复核's lines: each goods of the order with its 药品标识码, batches, quantity and progress; its codes below, each undoable. */
import { Button, Empty, Progress, Table, Tag, type TableColumnsType } from 'antd';
import type { TraceLine, TraceOrder } from '@core/schemas/trace';

function LineProgress({ line, pending, onSetUp }: { line: TraceLine; pending: number; onSetUp: ((line: TraceLine) => void) | null }) {
  if (line.without_codes) return <Tag>无追溯码，无需扫码</Tag>;
  if (!line.needs_codes)
    return (
      <>
        <Tag color="warning">未设置药品标识码</Tag>
        {onSetUp ? (
          <Button size="small" type="link" onClick={() => onSetUp(line)} data-testid="line-set-up">
            设置
          </Button>
        ) : null}
      </>
    );
  const shown = Math.min(line.units, line.scanned + pending);
  const done = line.scanned >= line.units;
  return (
    <div className="yct-check__progress" data-testid="line-progress">
      <Progress percent={Math.round((shown / line.units) * 100)} status={done ? 'success' : 'active'} showInfo={false} size="small" />
      <span className={done ? 'yct-check__count yct-check__count--done' : 'yct-check__count'} data-testid="line-count">
        {shown}/{line.units}
      </span>
      {done ? (
        <Tag color="success" data-testid="line-done">
          已扫齐
        </Tag>
      ) : null}
    </div>
  );
}

type Props = {
  order: TraceOrder;
  pending: ReadonlyMap<string, number>;
  mayScan: boolean;
  onUndo: (code: string) => void;
  /** Opens 设置药品标识码 for a goods not set up; null without goods:write. */
  onSetUp: ((line: TraceLine) => void) | null;
};

export function LinesTable({ order, pending, mayScan, onUndo, onSetUp }: Props) {
  const columns: TableColumnsType<TraceLine> = [
    {
      title: '商品',
      key: 'goods',
      width: 300,
      render: (_, l) => (
        <div className="yct-check__goods">
          <b>{l.name}</b>
          <span>
            {l.ypgg} · {l.sccj}
          </span>
          <span className="yct-check__muted">{l.pzwh || '—'}</span>
        </div>
      ),
    },
    { title: '药品标识码', dataIndex: 'prefix', width: 110, render: (p: string, l) => (l.needs_codes ? <code>{p}</code> : '—') },
    {
      title: '出库批号',
      key: 'batches',
      width: 290,
      render: (_, l) => (
        <ul className="yct-check__batches">
          {l.batches.map((b) => (
            <li key={b.batch_no}>
              <code>{b.batch_no}</code> 效期至 {b.xq}
              <span className="yct-check__muted">
                {' '}
                {l.needs_codes ? `${b.scanned}/` : ''}
                {b.units}
                {l.bzdw}
              </span>
            </li>
          ))}
        </ul>
      ),
    },
    { title: '数量', dataIndex: 'units', width: 80, align: 'right', render: (n: number, l) => `${n}${l.bzdw}` },
    { title: '复核进度', key: 'progress', width: 260, render: (_, l) => <LineProgress line={l} pending={pending.get(l.key) ?? 0} onSetUp={onSetUp} /> },
  ];
  return (
    <Table<TraceLine>
      rowKey="key"
      size="middle"
      columns={columns}
      dataSource={order.lines}
      pagination={false}
      locale={{ emptyText: <Empty description="本订单没有出库批次" /> }}
      rowClassName={(l) => (l.needs_codes && l.scanned >= l.units ? 'yct-check__row--done' : '')}
      expandable={{
        rowExpandable: (l) => l.codes.length > 0,
        expandedRowRender: (l) => (
          <div className="yct-check__codes">
            {l.codes.map((c) => (
              <span key={c.code} className="yct-check__code">
                <code>{c.code}</code>
                <span className="yct-check__muted">{c.batch_no}</span>
                {mayScan ? (
                  <Button size="small" type="link" onClick={() => onUndo(c.code)}>
                    撤销
                  </Button>
                ) : null}
              </span>
            ))}
          </div>
        ),
      }}
    />
  );
}
