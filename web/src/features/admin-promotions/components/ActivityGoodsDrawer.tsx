/**
 * An activity's goods in a drawer: the list with the activity price, limits and weekday, 移出 for chosen rows, and
 * 添加商品 found by name, maker or approval number, with the terms a flash sale or daily special needs. A 换购 takes
 * two kinds: the goods whose spend reaches its threshold, and the add-ons with their price and units per order.
 */
import { App, Button, Drawer, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PRICED_ACTIVITY_TYPES, type AdminActivity, type AdminActivityGoodsPage } from '@core/schemas/admin-promotions';
import { applyServerErrors } from '@/lib/form';
import { SearchSelect, type SearchOption } from '@/ui/admin/SearchSelect';
import { ACTIVITIES_KEY, findGoods, getActivityGoods, useAddActivityGoods, useRemoveActivityGoods } from '../api/activities';

type Row = AdminActivityGoodsPage['data'][number];
const goodsOptions = async (keyword: string, signal: AbortSignal): Promise<SearchOption[]> =>
  (await findGoods(keyword, signal)).data.map((g) => ({ value: g.id, label: `${g.name} ${g.ypgg}（${g.sccj}）¥${g.base_price}` }));
type AddValues = { goods_ids: number[]; role: 'goods' | 'offer'; price?: string; limit_per_user: number; quota: number; weekday: number };

/** 秒杀, 每日特价 and 月月惠 sell their goods at an activity price; the others price by their rules. */
const isPriced = (type: string) => (PRICED_ACTIVITY_TYPES as readonly string[]).includes(type);

const WEEKDAYS = ['每天', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];

function AddGoodsForm({ activity }: { activity: AdminActivity }) {
  const [form] = Form.useForm<AddValues>();
  const add = useAddActivityGoods();
  const { message } = App.useApp();
  const role = Form.useWatch('role', form);
  const offer = activity.type === 'huangou' && role === 'offer';
  const priced = isPriced(activity.type) || offer;

  const submit = async ({ role: _, ...v }: AddValues) => {
    try {
      const done = await add.mutateAsync({ id: activity.id, body: { ...v, price: priced ? v.price : undefined } });
      void message.success(`已添加 ${done.added} 个商品`);
      form.resetFields(['goods_ids']);
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ goods_ids: [], role: 'goods', limit_per_user: 0, quota: 0, weekday: 0 }}
      onFinish={(v) => void submit(v)}
      className="yct-admin-activity-goods__add"
      data-testid="activity-goods-add"
    >
      <Form.Item name="goods_ids" rules={[{ required: true, message: '请选择商品' }]} style={{ width: '100%', marginBottom: 8 }}>
        <SearchSelect
          mode="multiple"
          find={goodsOptions}
          hint="输入商品名称、厂家或批准文号查找"
          placeholder="查找并选择商品"
          data-testid="activity-goods-pick"
        />
      </Form.Item>
      {activity.type === 'huangou' ? (
        <Form.Item name="role">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'goods', label: '参与商品' },
              { value: 'offer', label: '换购商品' },
            ]}
            data-testid="activity-goods-role"
          />
        </Form.Item>
      ) : null}
      {priced ? (
        <>
          <Form.Item name="price" label={offer ? '换购价' : '活动价'} rules={[{ required: true, message: offer ? '请输入换购价' : '请输入活动价' }]}>
            <Input prefix="¥" style={{ width: 110 }} data-testid="activity-goods-price" />
          </Form.Item>
          <Form.Item name="limit_per_user" label={offer ? '每单限换' : '每人每日限购'}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: 90 }} />
          </Form.Item>
        </>
      ) : null}
      {activity.type === 'spike' ? (
        <Form.Item name="quota" label="每日限量">
          <InputNumber min={0} max={9999999} precision={0} style={{ width: 100 }} />
        </Form.Item>
      ) : null}
      {activity.type === 'everyday' ? (
        <Form.Item name="weekday" label="特价日">
          <Select options={WEEKDAYS.map((label, value) => ({ value, label }))} style={{ width: 90 }} />
        </Form.Item>
      ) : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="activity-goods-submit">
          添加商品
        </Button>
      </Form.Item>
    </Form>
  );
}

export function ActivityGoodsDrawer({ activity, onClose }: { activity: AdminActivity | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number[]>([]);
  const remove = useRemoveActivityGoods();
  const { message } = App.useApp();
  useEffect(() => {
    setPage(1);
    setChosen([]);
  }, [activity?.id]);
  const goods = useQuery({
    queryKey: [...ACTIVITIES_KEY, 'goods', activity?.id, page],
    queryFn: ({ signal }) => getActivityGoods(activity!.id, page, signal),
    enabled: Boolean(activity),
  });
  const priced = Boolean(activity && isPriced(activity.type));
  const columns: TableColumnsType<Row> = [
    { title: 'ID', dataIndex: 'goods_id', width: 70 },
    {
      title: '商品',
      key: 'name',
      render: (_, g) => (
        <span>
          {g.name} <span className="yct-admin-muted">{g.ypgg}</span>
          {g.is_on_sale ? null : <Tag style={{ marginLeft: 6 }}>已下架</Tag>}
          <div className="yct-admin-muted">{g.sccj}</div>
        </span>
      ),
    },
    { title: '原价', dataIndex: 'base_price', width: 90, render: (p: string) => `¥${p}` },
    ...(priced
      ? ([
          { title: '活动价', dataIndex: 'price', width: 90, render: (p: string | null) => (p ? <b className="yct-admin-red">¥{p}</b> : '—') },
          { title: '每人每日限购', dataIndex: 'limit_per_user', width: 110, render: (n: number) => n || '不限' },
        ] as TableColumnsType<Row>)
      : []),
    ...(activity?.type === 'huangou'
      ? ([
          {
            title: '类型',
            key: 'role',
            width: 90,
            render: (_, g) => (g.price === null ? <Tag color="blue">参与商品</Tag> : <Tag color="volcano">换购商品</Tag>),
          },
          { title: '换购价', dataIndex: 'price', width: 90, render: (p: string | null) => (p ? <b className="yct-admin-red">¥{p}</b> : '—') },
          { title: '每单限换', key: 'limit', width: 90, render: (_, g) => (g.price === null ? '—' : g.limit_per_user || '不限') },
        ] as TableColumnsType<Row>)
      : []),
    ...(activity?.type === 'spike'
      ? ([{ title: '每日限量', dataIndex: 'quota', width: 90, render: (n: number) => n || '不限' }] as TableColumnsType<Row>)
      : []),
    ...(activity?.type === 'everyday'
      ? ([{ title: '特价日', dataIndex: 'weekday', width: 80, render: (d: number) => WEEKDAYS[d] }] as TableColumnsType<Row>)
      : []),
    { title: '库存', dataIndex: 'number', width: 80 },
  ];
  const removeChosen = async () => {
    if (!activity) return;
    try {
      const done = await remove.mutateAsync({ id: activity.id, goodsIds: chosen });
      void message.success(`已移出 ${done.removed} 个商品`);
      setChosen([]);
    } catch {
      // The console's client has shown why.
    }
  };
  return (
    <Drawer
      open={Boolean(activity)}
      title={activity ? `活动商品：${activity.name}` : ''}
      width={900}
      onClose={onClose}
      destroyOnHidden
      data-testid="activity-goods-drawer"
    >
      {activity ? (
        <>
          {activity.editable ? <AddGoodsForm activity={activity} /> : <p className="yct-admin-muted">该类型活动的商品由系统配置，此处仅供查看。</p>}
          <Space style={{ margin: '8px 0' }}>
            <span>共 {goods.data?.total ?? '--'} 个商品</span>
            {activity.editable ? (
              <Popconfirm
                title={`确定移出选中的 ${chosen.length} 个商品吗？`}
                onConfirm={() => void removeChosen()}
                okText="移出"
                cancelText="取消"
                disabled={!chosen.length}
              >
                <Button danger disabled={!chosen.length} loading={remove.isPending} data-testid="activity-goods-remove">
                  移出选中
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
          <Table<Row>
            rowKey="goods_id"
            size="small"
            columns={columns}
            dataSource={goods.data?.data ?? []}
            loading={goods.isFetching}
            rowSelection={activity.editable ? { selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) } : undefined}
            locale={{ emptyText: goods.isError ? '加载失败，请稍后重试' : '还没有活动商品，在上方查找并添加' }}
            pagination={{ current: page, pageSize: 20, total: goods.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
            data-testid="activity-goods-table"
          />
        </>
      ) : null}
    </Drawer>
  );
}
