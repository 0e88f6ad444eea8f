/**
 * 新增活动 and 编辑活动 in one modal: the type (fixed once created), name, rules text, the window, a flash sale's
 * daily session, 月月惠's member days, 全场折扣's rate, 满减 / 满返 tiers, 买赠's gift and threshold, and 换购's
 * threshold. Checked with core's schema first; the server's answer on a field shows under it.
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { activityBody, ACTIVITY_TYPE_TEXT, EDITABLE_ACTIVITY_TYPES, GIFT_MAX_NUMBER, type AdminActivity } from '@core/schemas/admin-promotions';
import { dottedPath, zodRule } from '@/lib/form';
import { EditModal } from '@/ui/admin/EditModal';
import { SearchSelect, type SearchOption } from '@/ui/admin/SearchSelect';
import { findGoods, useSaveActivity } from '../api/activities';

/** What the modal edits: an activity, `new`, or nothing (closed). */
export type ActivityTarget = AdminActivity | 'new' | null;

type Values = {
  type: (typeof EDITABLE_ACTIVITY_TYPES)[number];
  name: string;
  description: string;
  period: [Dayjs, Dayjs];
  session?: [Dayjs, Dayjs];
  rate?: number;
  days: number[];
  tiers: { amount: string; value: string }[];
  gift: { goods_id?: number; number: number; per: 'line' | 'activity'; by: 'number' | 'amount'; threshold: string; repeat: 0 | 1 };
  threshold?: string;
  is_show: boolean;
  sort: number;
};

const goodsOptions = async (keyword: string, signal: AbortSignal): Promise<SearchOption[]> =>
  (await findGoods(keyword, signal)).data.map((g) => ({ value: g.id, label: `${g.name} ${g.ypgg}（${g.sccj}）¥${g.base_price}` }));

const shape = activityBody.shape;
const MINUTE = 'YYYY-MM-DD HH:mm';
const CLOCK = 'HH:mm';
const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: `${i + 1}日` }));

/** The window's and a session's two server fields each show under their one range picker. */
function fieldPath(field: string) {
  if (field === 'starts_at' || field === 'ends_at') return ['period'];
  if (field === 'daily_start' || field === 'daily_end') return ['session'];
  return dottedPath(field);
}

export function ActivityModal({ target, onClose }: { target: ActivityTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveActivity();
  const editing = target && target !== 'new' ? target : null;
  const type = Form.useWatch('type', form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target !== 'new')
      form.setFieldsValue({
        type: target.type as Values['type'],
        name: target.name,
        description: target.description,
        period: [dayjs(target.starts_at, MINUTE), dayjs(target.ends_at, MINUTE)],
        session: target.daily_start && target.daily_end ? [dayjs(target.daily_start, CLOCK), dayjs(target.daily_end, CLOCK)] : undefined,
        rate: target.rate ?? undefined,
        days: target.days,
        tiers: target.tiers,
        gift: target.gift ? { ...target.gift, repeat: target.gift.repeat as 0 | 1 } : { number: 1, per: 'line', by: 'number', threshold: '', repeat: 1 },
        threshold: target.threshold ?? undefined,
        is_show: target.is_show === 1,
        sort: target.sort,
      });
  }, [form, target]);

  const submit = async (v: Values): Promise<string> => {
    const body = {
      type: v.type,
      name: v.name,
      description: v.description ?? '',
      starts_at: v.period[0].format(MINUTE),
      ends_at: v.period[1].format(MINUTE),
      daily_start: v.type === 'spike' ? v.session?.[0].format(CLOCK) : undefined,
      daily_end: v.type === 'spike' ? v.session?.[1].format(CLOCK) : undefined,
      rate: v.type === 'welfare' ? v.rate : undefined,
      days: v.type === 'monthly' ? v.days : [],
      tiers: v.type === 'manjian' || v.type === 'cashback' ? v.tiers : [],
      gift: v.type === 'gift' ? { ...v.gift, goods_id: v.gift.goods_id ?? 0 } : undefined,
      threshold: v.type === 'huangou' ? v.threshold : undefined,
      is_show: v.is_show ? (1 as const) : (0 as const),
      sort: v.sort,
    };
    await save.mutateAsync({ id: editing?.id ?? null, body });
    return editing ? `已保存活动：${v.name}` : `已新增活动：${v.name}，请在“商品”中添加活动商品`;
  };

  const tierWord = type === 'cashback' ? '返' : '减';
  const giftBy = Form.useWatch(['gift', 'by'], form);

  return (
    <EditModal
      noun="活动"
      open={Boolean(target)}
      editing={editing?.name ?? null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      mapField={fieldPath}
      width={680}
      testId="activity"
      initialValues={{
        type: 'manjian',
        description: '',
        period: [dayjs().startOf('minute'), dayjs().add(30, 'day').startOf('minute')],
        tiers: [{ amount: '', value: '' }],
        gift: { number: 1, per: 'line', by: 'number', threshold: '', repeat: 1 },
        days: [],
        is_show: true,
        sort: 0,
      }}
    >
      <Form.Item name="type" label="活动类型" extra={editing ? '活动类型创建后不能修改' : undefined}>
        <Select
          disabled={Boolean(editing)}
          options={EDITABLE_ACTIVITY_TYPES.map((t) => ({ value: t, label: ACTIVITY_TYPE_TEXT[t] }))}
          style={{ width: 200 }}
          data-testid="activity-type"
        />
      </Form.Item>
      <Form.Item name="name" label="活动名称" rules={[zodRule(shape.name)]}>
        <Input maxLength={60} placeholder="如 冬季备货 满返红包" data-testid="activity-name" />
      </Form.Item>
      <Form.Item name="description" label="活动规则" rules={[zodRule(shape.description)]} extra="展示在活动页和购物车的规则说明">
        <Input.TextArea maxLength={500} rows={2} data-testid="activity-description" />
      </Form.Item>
      <Form.Item name="period" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
        <DatePicker.RangePicker showTime={{ format: CLOCK }} format={MINUTE} data-testid="activity-period" />
      </Form.Item>
      {type === 'spike' ? (
        <Form.Item name="session" label="每日场次" rules={[{ required: true, message: '请选择每日场次时间' }]} extra="活动期间每天此时段内可按秒杀价购买">
          <TimePicker.RangePicker format={CLOCK} minuteStep={5} data-testid="activity-session" />
        </Form.Item>
      ) : null}
      {type === 'monthly' ? (
        <Form.Item
          name="days"
          label="会员日"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择会员日' }]}
          extra="活动期间每月这些日子全天按活动价销售；当月没有的日子（如31日）当月不举行"
        >
          <Select mode="multiple" options={DAYS_OF_MONTH} placeholder="选择每月的会员日" style={{ width: 360 }} data-testid="activity-days" />
        </Form.Item>
      ) : null}
      {type === 'welfare' ? (
        <Form.Item name="rate" label="折扣" rules={[{ required: true, message: '请输入折扣（10-99，如 94 为9.4折）' }]} extra="支付的百分比，如 94 为 9.4 折">
          <InputNumber min={10} max={99} precision={0} style={{ width: 120 }} data-testid="activity-rate" />
        </Form.Item>
      ) : null}
      {type === 'manjian' || type === 'cashback' ? (
        <Form.Item
          label="活动档位"
          required
          extra={type === 'cashback' ? '按单笔订单活动商品实付金额计，订单完成后返账户红包' : '按活动商品金额（94折后）计，取达到的最高一档'}
        >
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="center" className="yct-admin-activity__tier" data-testid="activity-tier">
                    <span>满</span>
                    <Form.Item name={[field.name, 'amount']} noStyle rules={[{ required: true, message: '请输入满足金额' }]}>
                      <Input prefix="¥" style={{ width: 130 }} data-testid={`tier-amount-${i}`} />
                    </Form.Item>
                    <span>{tierWord}</span>
                    <Form.Item name={[field.name, 'value']} noStyle rules={[{ required: true, message: `请输入${type === 'cashback' ? '返现' : '减免'}金额` }]}>
                      <Input prefix="¥" style={{ width: 120 }} data-testid={`tier-value-${i}`} />
                    </Form.Item>
                    {fields.length > 1 ? <MinusCircleOutlined onClick={() => remove(field.name)} aria-label="删除档位" /> : null}
                  </Space>
                ))}
                {fields.length < 10 ? (
                  <Button type="dashed" onClick={() => add({ amount: '', value: '' })} icon={<PlusOutlined />} data-testid="tier-add">
                    添加档位
                  </Button>
                ) : null}
              </>
            )}
          </Form.List>
        </Form.Item>
      ) : null}
      {type === 'gift' ? (
        <>
          <Form.Item label="赠送规则" required extra="门槛按件数时计活动商品的购买数量，按金额时计活动商品的金额">
            <Space wrap className="yct-admin-activity__gift">
              <Form.Item name={['gift', 'per']} noStyle>
                <Select
                  options={[
                    { value: 'line', label: '每个商品单独计' },
                    { value: 'activity', label: '活动商品合并计' },
                  ]}
                  style={{ width: 150 }}
                  data-testid="gift-per"
                />
              </Form.Item>
              <Form.Item name={['gift', 'repeat']} noStyle>
                <Select
                  options={[
                    { value: 1, label: '每满' },
                    { value: 0, label: '满' },
                  ]}
                  style={{ width: 80 }}
                  data-testid="gift-repeat"
                />
              </Form.Item>
              <Form.Item name={['gift', 'threshold']} noStyle rules={[{ required: true, message: '请输入赠送门槛' }]}>
                <Input
                  prefix={giftBy === 'amount' ? '¥' : undefined}
                  style={{ width: 110 }}
                  placeholder={giftBy === 'amount' ? '金额' : '件数'}
                  data-testid="gift-threshold"
                />
              </Form.Item>
              <Form.Item name={['gift', 'by']} noStyle>
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 'number', label: '件' },
                    { value: 'amount', label: '元' },
                  ]}
                  data-testid="gift-by"
                />
              </Form.Item>
            </Space>
          </Form.Item>
          <Form.Item label="赠品" required extra="赠品随订单发出，赠品库存不足时该笔订单不再附赠">
            <Space>
              <Form.Item name={['gift', 'goods_id']} noStyle rules={[{ required: true, message: '请选择赠品' }]}>
                <SearchSelect
                  find={goodsOptions}
                  hint="输入商品名称、厂家或批准文号查找"
                  placeholder="查找并选择赠品"
                  labelRender={({ value, label }) => label ?? (editing?.gift?.goods_id === value ? editing.gift.name : `商品 #${String(value)}`)}
                  style={{ width: 340 }}
                  data-testid="gift-goods"
                />
              </Form.Item>
              <Form.Item name={['gift', 'number']} noStyle rules={[{ required: true, message: '请输入赠送数量' }]}>
                <InputNumber min={1} max={GIFT_MAX_NUMBER} precision={0} addonBefore="赠" style={{ width: 130 }} data-testid="gift-number" />
              </Form.Item>
            </Space>
          </Form.Item>
        </>
      ) : null}
      {type === 'huangou' ? (
        <Form.Item
          name="threshold"
          label="换购门槛"
          rules={[{ required: true, message: '请输入换购门槛（大于0的金额）' }]}
          extra="一笔订单中参与商品的金额达到门槛后，可按换购价加购换购商品；参与商品和换购商品在“商品”中添加"
        >
          <Input prefix="¥" style={{ width: 160 }} data-testid="activity-threshold" />
        </Form.Item>
      ) : null}
      <Form.Item name="sort" label="排序" extra="同类活动同时进行时，数字小的优先展示">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="is_show" label="启用" valuePropName="checked">
        <Switch data-testid="activity-show" />
      </Form.Item>
    </EditModal>
  );
}
