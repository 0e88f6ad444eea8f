/**
 * The fields of an activity that its type asks for: a flash sale's daily session, 月月惠's member days, 全场折扣's
 * rate, 满减 / 满返 tiers, 买赠's gift and threshold, and 换购's threshold.
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Radio, Select, Space, TimePicker } from 'antd';
import { GIFT_MAX_NUMBER, type AdminActivity } from '@core/schemas/admin-promotions';
import { SearchSelect, type SearchOption } from '@/ui/admin/SearchSelect';
import { findGoods } from '../api/activities';
import { CLOCK, type ActivityType, type ActivityValues } from '../lib/activity-form';

const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: `${i + 1}日` }));

const goodsOptions = async (keyword: string, signal: AbortSignal): Promise<SearchOption[]> =>
  (await findGoods(keyword, signal)).data.map((g) => ({ value: g.id, label: `${g.name} ${g.ypgg}（${g.sccj}）¥${g.base_price}` }));

function TierFields({ cashback }: { cashback: boolean }) {
  return (
    <Form.Item
      label="活动档位"
      required
      extra={cashback ? '按单笔订单活动商品实付金额计，订单完成后返账户红包' : '按活动商品金额（94折后）计，取达到的最高一档'}
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
                <span>{cashback ? '返' : '减'}</span>
                <Form.Item name={[field.name, 'value']} noStyle rules={[{ required: true, message: `请输入${cashback ? '返现' : '减免'}金额` }]}>
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
  );
}

function GiftFields({ editing }: { editing: AdminActivity | null }) {
  const form = Form.useFormInstance<ActivityValues>();
  const giftBy = Form.useWatch(['gift', 'by'], form);
  return (
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
  );
}

/** Each type's field is keyed, so that another type mounts a field of its own rather than renaming the one shown. */
export function ActivityRuleFields({ type, editing }: { type: ActivityType | undefined; editing: AdminActivity | null }) {
  switch (type) {
    case 'spike':
      return (
        <Form.Item
          key="session"
          name="session"
          label="每日场次"
          rules={[{ required: true, message: '请选择每日场次时间' }]}
          extra="活动期间每天此时段内可按秒杀价购买"
        >
          <TimePicker.RangePicker format={CLOCK} minuteStep={5} data-testid="activity-session" />
        </Form.Item>
      );
    case 'monthly':
      return (
        <Form.Item
          key="days"
          name="days"
          label="会员日"
          rules={[{ required: true, type: 'array', min: 1, message: '请选择会员日' }]}
          extra="活动期间每月这些日子全天按活动价销售；当月没有的日子（如31日）当月不举行"
        >
          <Select mode="multiple" options={DAYS_OF_MONTH} placeholder="选择每月的会员日" style={{ width: 360 }} data-testid="activity-days" />
        </Form.Item>
      );
    case 'welfare':
      return (
        <Form.Item
          key="rate"
          name="rate"
          label="折扣"
          rules={[{ required: true, message: '请输入折扣（10-99，如 94 为9.4折）' }]}
          extra="支付的百分比，如 94 为 9.4 折"
        >
          <InputNumber min={10} max={99} precision={0} style={{ width: 120 }} data-testid="activity-rate" />
        </Form.Item>
      );
    case 'manjian':
    case 'cashback':
      return <TierFields cashback={type === 'cashback'} />;
    case 'gift':
      return <GiftFields editing={editing} />;
    case 'huangou':
      return (
        <Form.Item
          key="threshold"
          name="threshold"
          label="换购门槛"
          rules={[{ required: true, message: '请输入换购门槛（大于0的金额）' }]}
          extra="一笔订单中参与商品的金额达到门槛后，可按换购价加购换购商品；参与商品和换购商品在“商品”中添加"
        >
          <Input prefix="¥" style={{ width: 160 }} data-testid="activity-threshold" />
        </Form.Item>
      );
    default:
      return null;
  }
}
