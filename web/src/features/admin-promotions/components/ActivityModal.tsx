/**
 * 新增活动 and 编辑活动 in one modal: the type (fixed once created), name, rules text, the window, a flash sale's
 * daily session, 月月惠's member days, 全场折扣's rate, 满减 / 满返 tiers, 买赠's gift and threshold, and 换购's
 * threshold. Checked with core's schema first; the server's answer on a field shows under it.
 */
import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { activityBody, ACTIVITY_TYPE_TEXT, EDITABLE_ACTIVITY_TYPES, type AdminActivity } from '@core/schemas/admin-promotions';
import { zodRule } from '@/lib/form';
import { EditModal } from '@/ui/admin/EditModal';
import { useSaveActivity } from '../api/activities';
import { activityRequest, activityValues, CLOCK, fieldPath, MINUTE, newActivityValues, type ActivityValues as Values } from '../lib/activity-form';
import { ActivityRuleFields } from './ActivityRuleFields';

/** What the modal edits: an activity, `new`, or nothing (closed). */
export type ActivityTarget = AdminActivity | 'new' | null;

const shape = activityBody.shape;

export function ActivityModal({ target, onClose }: { target: ActivityTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveActivity();
  const editing = target && target !== 'new' ? target : null;
  const type = Form.useWatch('type', form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target !== 'new') form.setFieldsValue(activityValues(target));
  }, [form, target]);

  const submit = async (v: Values): Promise<string> => {
    await save.mutateAsync({ id: editing?.id ?? null, body: activityRequest(v) });
    return editing ? `已保存活动：${v.name}` : `已新增活动：${v.name}，请在“商品”中添加活动商品`;
  };

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
      initialValues={newActivityValues()}
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
      <ActivityRuleFields type={type} editing={editing} />
      <Form.Item name="sort" label="排序" extra="同类活动同时进行时，数字小的优先展示">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="is_show" label="启用" valuePropName="checked">
        <Switch data-testid="activity-show" />
      </Form.Item>
    </EditModal>
  );
}
