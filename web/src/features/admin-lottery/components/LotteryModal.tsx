/**
 * 新增 and 编辑 a lottery activity in one modal: its period, what a draw costs, the limits, the pop-up's pictures
 * and rules, and the grid's eight prizes (kind, value, weight, stock) with each one's share of the weights worked
 * out as they are typed. Checked with core's schema first; the server's answer on a field shows under it.
 */
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { LOTTERY_SLOTS, PRIZE_KIND_TEXT, lotteryBody, prizeBody, type AdminLottery, type PrizeKind } from '@core/schemas/lottery';
import { chinaPickerValue } from '@/lib/china-time';
import { dottedPath, zodRule } from '@/lib/form';
import { EditModal } from '@/ui/admin/EditModal';
import { ImagesField } from '@/ui/admin/ImagesField';
import { PictureField } from '@/ui/admin/PictureField';
import { findCoupons, useSaveLottery } from '../api/lotteries';

/** What the modal edits: an activity, `new`, or nothing (closed). */
export type LotteryTarget = AdminLottery | 'new' | null;

type PrizeValues = { kind: PrizeKind; name: string; points?: number; amount?: string; coupon_id?: number; image?: string; weight: number; stock: number };
type Values = {
  name: string;
  remarks: string;
  rules: string;
  period: [Dayjs, Dayjs];
  cost_kind: 'points' | 'orders';
  cost_points: number;
  draws_per_order: number;
  daily_limit: number;
  total_limit: number;
  ads: string[];
  is_show: boolean;
  prizes: PrizeValues[];
};

const shape = lotteryBody.shape;
const prize = prizeBody.shape;
const MINUTE = 'YYYY-MM-DD HH:mm';
const KINDS = (Object.entries(PRIZE_KIND_TEXT) as [PrizeKind, string][]).map(([value, label]) => ({ value, label }));

/** A grid to start from: two 谢谢参与 and the usual small prizes. */
const STARTER: PrizeValues[] = [
  { kind: 'points', name: '20积分', points: 20, weight: 300, stock: 1000 },
  { kind: 'red_packet', name: '2元红包', amount: '2', weight: 150, stock: 500 },
  { kind: 'points', name: '50积分', points: 50, weight: 120, stock: 500 },
  { kind: 'none', name: '谢谢参与', weight: 250, stock: 0 },
  { kind: 'points', name: '100积分', points: 100, weight: 50, stock: 200 },
  { kind: 'red_packet', name: '5元红包', amount: '5', weight: 60, stock: 200 },
  { kind: 'goods', name: '电子体温计', weight: 5, stock: 10 },
  { kind: 'none', name: '谢谢参与', weight: 250, stock: 0 },
];

const fromActivity = (a: AdminLottery): Partial<Values> => ({
  name: a.name,
  remarks: a.remarks,
  rules: a.rules,
  period: [dayjs(a.starts_at), dayjs(a.ends_at)],
  cost_kind: a.cost_kind,
  cost_points: a.cost_points,
  draws_per_order: a.draws_per_order,
  daily_limit: a.daily_limit,
  total_limit: a.total_limit,
  ads: a.ads,
  is_show: a.is_show === 1,
  prizes: a.prizes.map((p) => ({
    kind: p.kind,
    name: p.name,
    points: p.points || undefined,
    amount: p.kind === 'red_packet' ? p.amount : undefined,
    coupon_id: p.coupon_id ?? undefined,
    image: p.image,
    weight: p.weight,
    stock: p.stock,
  })),
});

function CouponPick({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const coupons = useQuery({ queryKey: ['admin', 'lottery-coupons'], queryFn: ({ signal }) => findCoupons('', signal), staleTime: 60_000 });
  return (
    <Select
      value={value}
      onChange={onChange}
      placeholder="选择优惠券"
      showSearch={{ optionFilterProp: 'label' }}
      loading={coupons.isPending}
      style={{ width: 150 }}
      options={(coupons.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}

function PrizeRows() {
  const form = Form.useFormInstance<Values>();
  const prizes = (Form.useWatch('prizes', form) ?? []) as PrizeValues[];
  const total = prizes.reduce((s, p) => s + (Number(p?.weight) || 0), 0);
  return (
    <Form.List
      name="prizes"
      rules={[
        {
          validator: async (_, list: PrizeValues[] | undefined) => {
            if (!list || list.length !== LOTTERY_SLOTS) throw new Error(`奖品须为${LOTTERY_SLOTS}个（九宫格）`);
            if (!list.some((p) => p?.kind === 'none')) throw new Error('至少设置一个“谢谢参与”');
          },
        },
      ]}
    >
      {(fields, _ops, { errors }) => (
        <div className="yct-admin-prizes" data-testid="lottery-prizes">
          <div className="yct-admin-prizes__row yct-admin-prizes__head">
            <span>位置</span>
            <span>类型</span>
            <span>奖品名称</span>
            <span>奖品内容</span>
            <span>中奖权重</span>
            <span>库存</span>
            <span>中奖率</span>
          </div>
          {fields.map((field, i) => {
            const kind = prizes[i]?.kind;
            const share = total ? (((Number(prizes[i]?.weight) || 0) * 100) / total).toFixed(2) : '0.00';
            return (
              <div key={field.key} className="yct-admin-prizes__row" data-testid="prize-row">
                <span className="yct-admin-prizes__slot">{i + 1}</span>
                <Form.Item name={[field.name, 'kind']} noStyle>
                  <Select options={KINDS} style={{ width: 96 }} data-testid={`prize-kind-${i}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'name']} rules={[zodRule(prize.name)]}>
                  <Input maxLength={30} style={{ width: 150 }} data-testid={`prize-name-${i}`} />
                </Form.Item>
                <div className="yct-admin-prizes__value">
                  {kind === 'points' ? (
                    <Form.Item name={[field.name, 'points']} rules={[{ required: true, message: '请输入积分数' }]}>
                      <InputNumber min={1} max={1_000_000} precision={0} suffix="积分" style={{ width: 150 }} />
                    </Form.Item>
                  ) : kind === 'red_packet' ? (
                    <Form.Item name={[field.name, 'amount']} rules={[{ required: true, message: '请输入红包金额' }]}>
                      <Input prefix="¥" style={{ width: 150 }} />
                    </Form.Item>
                  ) : kind === 'coupon' ? (
                    <Form.Item name={[field.name, 'coupon_id']} rules={[{ required: true, message: '请选择优惠券' }]}>
                      <CouponPick />
                    </Form.Item>
                  ) : kind === 'goods' ? (
                    <Form.Item name={[field.name, 'image']} rules={[zodRule(prize.image)]}>
                      <PictureField compact data-testid={`prize-image-${i}`} />
                    </Form.Item>
                  ) : (
                    <span className="yct-admin-muted">不发放奖品</span>
                  )}
                </div>
                <Form.Item name={[field.name, 'weight']} rules={[{ required: true, message: '请输入中奖权重' }, zodRule(prize.weight)]}>
                  <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 100 }} data-testid={`prize-weight-${i}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'stock']} rules={[{ required: true, message: '请输入库存' }, zodRule(prize.stock)]}>
                  <InputNumber min={0} precision={0} disabled={kind === 'none'} style={{ width: 100 }} data-testid={`prize-stock-${i}`} />
                </Form.Item>
                <span className="yct-admin-prizes__share" data-testid={`prize-share-${i}`}>
                  {share}%
                </span>
              </div>
            );
          })}
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

/** The window's two server fields show under its one range picker. */
const fieldPath = (field: string) => (field === 'starts_at' || field === 'ends_at' ? ['period'] : dottedPath(field));

export function LotteryModal({ target, onClose }: { target: LotteryTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveLottery();
  const editing = target && target !== 'new' ? target : null;
  const costKind = Form.useWatch('cost_kind', form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target !== 'new') form.setFieldsValue(fromActivity(target));
  }, [form, target]);

  const submit = async (v: Values): Promise<string> => {
    const body = {
      name: v.name,
      remarks: v.remarks ?? '',
      rules: v.rules ?? '',
      starts_at: v.period[0].format(MINUTE),
      ends_at: v.period[1].format(MINUTE),
      cost_kind: v.cost_kind,
      cost_points: v.cost_kind === 'points' ? v.cost_points : 0,
      draws_per_order: v.cost_kind === 'orders' ? v.draws_per_order : 0,
      daily_limit: v.daily_limit,
      total_limit: v.total_limit ?? 0,
      ads: v.ads ?? [],
      is_show: v.is_show,
      prizes: v.prizes.map((p) => ({
        kind: p.kind,
        name: p.name,
        points: p.kind === 'points' ? p.points : 0,
        amount: p.kind === 'red_packet' ? p.amount : '0',
        coupon_id: p.kind === 'coupon' ? p.coupon_id : 0,
        image: p.image ?? '',
        weight: p.weight,
        stock: p.kind === 'none' ? 0 : p.stock,
      })),
    };
    await save.mutateAsync({ id: editing?.id ?? null, body });
    return editing ? `已保存抽奖活动：${v.name}` : `已新增抽奖活动：${v.name}`;
  };

  return (
    <EditModal
      noun="抽奖活动"
      open={Boolean(target)}
      editing={editing?.name ?? null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      mapField={fieldPath}
      width={980}
      labelWidth={110}
      testId="lottery"
      initialValues={{
        remarks: '',
        rules: '',
        period: [chinaPickerValue().startOf('hour'), chinaPickerValue().startOf('hour').add(30, 'day')],
        cost_kind: 'points',
        cost_points: 20,
        draws_per_order: 1,
        daily_limit: 3,
        total_limit: 0,
        ads: [],
        is_show: true,
        prizes: STARTER,
      }}
    >
      <div className="yct-admin-lottery__cols">
        <div>
          <Form.Item name="name" label="活动名称" rules={[zodRule(shape.name)]}>
            <Input maxLength={40} placeholder="如 每日幸运抽奖" data-testid="lottery-name" />
          </Form.Item>
          <Form.Item name="remarks" label="活动简介" rules={[zodRule(shape.remarks)]} extra="弹窗中名称下的一句话">
            <Input maxLength={60} placeholder="如 每天3次机会，积分、红包等你拿" />
          </Form.Item>
          <Form.Item name="period" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={MINUTE} allowClear={false} />
          </Form.Item>
          <Form.Item name="is_show" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
        <div>
          <Form.Item name="cost_kind" label="抽奖方式">
            <Radio.Group
              options={[
                { value: 'points', label: '消耗积分' },
                { value: 'orders', label: '支付订单送次数' },
              ]}
            />
          </Form.Item>
          {costKind === 'orders' ? (
            <Form.Item name="draws_per_order" label="每笔订单送" rules={[zodRule(shape.draws_per_order)]}>
              <InputNumber min={1} max={100} precision={0} suffix="次" style={{ width: 140 }} />
            </Form.Item>
          ) : (
            <Form.Item name="cost_points" label="每次消耗" rules={[zodRule(shape.cost_points)]}>
              <InputNumber min={1} max={100000} precision={0} suffix="积分" style={{ width: 140 }} data-testid="lottery-cost" />
            </Form.Item>
          )}
          <Form.Item name="daily_limit" label="每人每日" rules={[zodRule(shape.daily_limit)]}>
            <InputNumber min={1} max={100} precision={0} suffix="次" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="total_limit" label="每人总计" rules={[zodRule(shape.total_limit)]} extra="0 为不限，仅受每日次数限制">
            <InputNumber min={0} max={10000} precision={0} suffix="次" style={{ width: 140 }} />
          </Form.Item>
        </div>
      </div>
      <Form.Item label="九宫格奖品" required extra="8 个奖品按顺时针排列在九宫格中；只在有库存的奖品中按权重抽取，奖品抽完即视为“谢谢参与”">
        <PrizeRows />
      </Form.Item>
      <Form.Item name="ads" label="弹窗图片" extra="抽奖弹窗中轮播的图片，最多 5 张，第一张最先展示">
        <ImagesField max={5} first="首张" data-testid="lottery-ads" />
      </Form.Item>
      <Form.Item name="rules" label="活动规则" rules={[zodRule(shape.rules)]}>
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
    </EditModal>
  );
}
