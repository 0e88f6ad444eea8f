/**
 * 积分抽奖 on the points page (积分管理): the running activity with its 去抽奖 entry that opens the pop-up, and 我的抽奖
 * 记录 with what became of each prize; a physical prize asks for one of my addresses here, a shipped one shows its
 * carrier and tracking number. Shown to approved buyers only (the others cannot draw).
 */
import '../lottery.css';
import { App, Button, Modal, Pagination, Radio, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DrawRecord } from '@core/schemas/lottery';
import { useAddresses } from '@/lib/address/get-addresses';
import { chinaMinute } from '@/lib/china-time';
import { useUserBase } from '@/lib/session/get-user-base';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useDrawSimple } from '../api/get-draw-simple';
import { useDrawRecords } from '../api/get-records';
import { useGiveAddress } from '../api/give-address';
import { LotteryModal } from './LotteryModal';
import { PrizeIcon } from './PrizeIcon';

const STATUS_COLOURS: Record<string, string> = { 已发放: 'green', 待填写地址: 'orange', 待发货: 'blue', 已发货: 'cyan', 未中奖: 'default' };

const time = chinaMinute;

function AddressModal({ record, onClose }: { record: DrawRecord | null; onClose: () => void }) {
  const addresses = useAddresses({ enabled: Boolean(record) });
  const give = useGiveAddress();
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = addresses.data ?? [];
  const picked = chosen ?? list[0]?.id ?? null;
  const submit = async () => {
    if (!record || !picked) return;
    await give.mutateAsync({ id: record.id, addressId: picked });
    void message.success('收货地址已提交，奖品将尽快发出');
    onClose();
  };
  return (
    <Modal
      open={Boolean(record)}
      title={`填写收货地址：${record?.prize_name ?? ''}`}
      okText="确认提交"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={give.isPending}
      okButtonProps={{ disabled: !picked, 'data-testid': 'draw-address-save' }}
      destroyOnHidden
      width={560}
    >
      {addresses.isPending ? (
        <div className="yct-draw-loading yct-draw-loading--small" />
      ) : addresses.isError ? (
        <ErrorState compact onRetry={() => void addresses.refetch()} />
      ) : !list.length ? (
        <EmptyState compact description="您还没有收货地址">
          <Link to="/zhzx/addr" className="yct-btn">
            去添加收货地址
          </Link>
        </EmptyState>
      ) : (
        <Radio.Group className="yct-draw-addresses" value={picked} onChange={(e) => setChosen(e.target.value as number)}>
          {list.map((a) => (
            <Radio key={a.id} value={a.id} data-testid="draw-address-option">
              <b>{a.name}</b> {a.phone}
              {a.is_default ? <Tag color="red">默认</Tag> : null}
              <div className="yct-draw-addresses__line">{a.full}</div>
            </Radio>
          ))}
        </Radio.Group>
      )}
    </Modal>
  );
}

function Records({ onDraw }: { onDraw?: () => void }) {
  const [page, setPage] = useState(1);
  const records = useDrawRecords(page);
  const [addressFor, setAddressFor] = useState<DrawRecord | null>(null);
  const columns: TableColumnsType<DrawRecord> = [
    { title: '抽奖时间', dataIndex: 'created_at', width: 140, render: (v: number) => <span className="yct-draw-time">{time(v)}</span> },
    {
      title: '奖品',
      key: 'prize',
      render: (_, r) => (
        <span className="yct-draw-prize" data-testid="draw-record-prize">
          <PrizeIcon kind={r.prize_kind} image={r.prize_image} name={r.prize_name} size={32} />
          <span>
            {r.prize_name}
            <small>{r.lottery_name}</small>
          </span>
        </span>
      ),
    },
    { title: '消耗', dataIndex: 'cost_text', width: 80 },
    {
      title: '状态',
      dataIndex: 'status_text',
      width: 100,
      render: (v: string) => (
        <Tag color={STATUS_COLOURS[v]} data-testid="draw-record-status">
          {v}
        </Tag>
      ),
    },
    {
      title: '收货信息',
      key: 'ship',
      width: 260,
      render: (_, r) =>
        r.status === 1 ? (
          <Button type="primary" size="small" onClick={() => setAddressFor(r)} data-testid="draw-record-address">
            填写收货地址
          </Button>
        ) : r.status >= 2 ? (
          <div className="yct-draw-shipping">
            <div>
              {r.consignee} {r.phone}
            </div>
            <div className="yct-draw-shipping__line">{r.address}</div>
            {r.status === 3 ? (
              <div className="yct-draw-shipping__line">
                {r.carrier} {r.tracking_no}
              </div>
            ) : null}
          </div>
        ) : (
          <span className="yct-draw-muted">—</span>
        ),
    },
  ];
  const data = records.data;
  if (records.isPending) return <div className="yct-draw-loading yct-draw-loading--small" />;
  if (records.isError && !data) return <ErrorState onRetry={() => void records.refetch()} retrying={records.isFetching} />;
  if (!data?.total)
    return (
      <EmptyState description="暂无抽奖记录">
        {onDraw ? (
          <button type="button" className="yct-btn" onClick={onDraw}>
            去抽奖
          </button>
        ) : null}
      </EmptyState>
    );
  return (
    <>
      <Table<DrawRecord>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={data.data}
        pagination={false}
        loading={records.isFetching}
        data-testid="draw-records"
      />
      {data.last_page > 1 ? (
        <Pagination
          className="yct-draw-pager"
          current={data.current_page}
          pageSize={data.per_page}
          total={data.total}
          onChange={setPage}
          showSizeChanger={false}
          size="small"
        />
      ) : null}
      <AddressModal record={addressFor} onClose={() => setAddressFor(null)} />
    </>
  );
}

export default function DrawRecordsSection() {
  const user = useUserBase().data;
  const approved = user?.is_passed === 1;
  const simple = useDrawSimple(approved);
  const [open, setOpen] = useState(false);
  if (!approved) return null;
  const activity = simple.data;
  return (
    <section className="yct-draw-sec" id="draw-records" data-testid="draw-section">
      <header className="yct-draw-sec__head">
        <h2>积分抽奖</h2>
      </header>
      <div className="yct-draw-entry">
        <div className="yct-draw-entry__text">
          <b>{activity ? activity.name : '暂无进行中的抽奖活动'}</b>
          <span>{activity ? activity.remarks : '敬请期待下一期抽奖'}</span>
        </div>
        {activity ? (
          <Button type="primary" size="large" onClick={() => setOpen(true)} data-testid="draw-open">
            {activity.is_join === 0 ? '去抽奖' : '查看活动'}
          </Button>
        ) : null}
      </div>
      <h3 className="yct-draw-sec__sub">我的抽奖记录</h3>
      <Records onDraw={activity ? () => setOpen(true) : undefined} />
      {activity ? <LotteryModal id={activity.id} open={open} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}
