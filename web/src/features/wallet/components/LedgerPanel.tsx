/**
 * One instrument's ledger as a table: by use type (全部 / 收入 / 支出, or 获得 / 使用 for points) and a range of
 * days, with what came in and went out over the filter, twenty rows a page. The filter lives in the URL.
 */
import { DatePicker, Radio, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import type { MoneyLogRow, WalletInstrument } from '@core/schemas/wallet';
import { chinaPickerValue } from '@/lib/china-time';
import { EmptyState } from '@/ui/EmptyState';
import { PagedTable } from '@/ui/PagedTable';
import { useMoneyLog } from '../api/get-money-log';
import { formatTime, intParam, money, signed } from '../lib/format';
import { PanelLoading } from './WalletLayout';

type Props = {
  instrument: WalletInstrument;
  /** Names of 收入 and 支出 for this instrument. */
  labels?: [string, string];
  /** The column of the figure after each row. */
  afterLabel?: string;
  empty?: string;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function LedgerPanel({ instrument, labels = ['收入', '支出'], afterLabel = '余额', empty = '暂无收支记录' }: Props) {
  const [search, setSearch] = useSearchParams();
  const useType = intParam(search, 'use_type', [0, 1, 2] as const, 0);
  const page = Math.max(1, Number(search.get('lpage')) || 1);
  const start = DAY.test(search.get('start') ?? '') ? search.get('start')! : undefined;
  const end = DAY.test(search.get('end') ?? '') ? search.get('end')! : undefined;
  const log = useMoneyLog({ instrument, use_type: useType, start_time: start, end_time: end, page });
  const points = instrument === 'points';
  const show = (v: string | number) => (typeof v === 'number' ? v.toLocaleString('zh-CN') : money(v));

  const update = (next: Record<string, string | undefined>) => {
    const params = new URLSearchParams(search);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined || v === '' || v === '0') params.delete(k);
      else params.set(k, v);
    }
    if (!('lpage' in next)) params.delete('lpage');
    setSearch(params, { replace: true });
  };

  const columns: TableColumnsType<MoneyLogRow> = [
    { title: '时间', dataIndex: 'created_at', width: 150, render: (v: number) => <span className="yct-wal-time">{formatTime(v)}</span> },
    {
      title: '类型',
      dataIndex: 'kind_text',
      width: 110,
      render: (v: string, r) => <span className={`yct-wal-kind is-${r.use_type === 1 ? 'in' : 'out'}`}>{v}</span>,
    },
    {
      title: points ? '积分' : '金额',
      dataIndex: 'amount',
      width: 140,
      align: 'right',
      render: (v: string | number, r) => (
        <b className={`yct-wal-amount is-${r.use_type === 1 ? 'in' : 'out'}`} data-testid="log-amount">
          {signed(v)}
        </b>
      ),
    },
    {
      title: afterLabel,
      dataIndex: 'balance_after',
      width: 140,
      align: 'right',
      render: (v: string | number) => <span data-testid="log-after">{show(v)}</span>,
    },
    {
      title: '说明',
      dataIndex: 'memo',
      render: (memo: string, r) => (
        <span className="yct-wal-memo">
          {memo}
          {r.order_id ? (
            <Link to={`/order/info/${r.order_id}`} className="yct-wal-link yct-wal-memo__link">
              查看订单
            </Link>
          ) : null}
        </span>
      ),
    },
  ];

  const data = log.data;
  const range: [Dayjs, Dayjs] | null = start && end ? [dayjs(start), dayjs(end)] : null;
  // China's today, whatever the computer's zone: the days the server counts the ledger by.
  const today = chinaPickerValue();
  return (
    <div className="yct-wal-ledger" data-testid={`ledger-${instrument}`}>
      <div className="yct-wal-filter">
        <Radio.Group
          optionType="button"
          size="small"
          value={useType}
          onChange={(e) => update({ use_type: String(e.target.value) })}
          options={[
            { value: 0, label: '全部' },
            { value: 1, label: labels[0] },
            { value: 2, label: labels[1] },
          ]}
          data-testid="log-use-type"
        />
        <DatePicker.RangePicker
          size="small"
          value={range}
          allowClear
          disabledDate={(d) => d.isAfter(today.endOf('day'))}
          presets={[
            { label: '近7天', value: [today.subtract(6, 'day'), today] },
            { label: '近30天', value: [today.subtract(29, 'day'), today] },
            { label: '近3个月', value: [today.subtract(3, 'month'), today] },
          ]}
          onChange={(v) => update({ start: v?.[0]?.format('YYYY-MM-DD'), end: v?.[1]?.format('YYYY-MM-DD') })}
          data-testid="log-range"
        />
        {data ? (
          <span className="yct-wal-sum" data-testid="log-summary">
            {labels[0]} <b className="is-in">{points ? `+${data.summary.in}` : money(String(data.summary.in))}</b>
            {labels[1]} <b className="is-out">{points ? `-${data.summary.out}` : money(String(data.summary.out))}</b>
          </span>
        ) : null}
      </div>
      <PagedTable<MoneyLogRow>
        query={log}
        loading={<PanelLoading />}
        empty={<EmptyState description={useType || start ? '没有符合条件的记录' : empty} />}
        staleError
        pager={{ className: 'yct-wal-pager', onChange: (p) => update({ lpage: String(p) }), showTotal: (t) => `共 ${t} 条` }}
        rowKey="id"
        columns={columns}
        rowData={(r) => ({ 'data-testid': 'log-row', 'data-kind': r.kind })}
      />
    </div>
  );
}
