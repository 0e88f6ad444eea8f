/**
 * 资质审核: every licence side by side (picture, number, validity, state) with what the buyer declared, and
 * the decision: 通过 with the 经营范围 approved (what was declared, ticked by default), or 驳回 with a reason
 * picked from the usual ones or written, which the buyer reads on 资质证件 and in a message.
 */
import { App, Alert, Button, Checkbox, Descriptions, Form, Image, Input, Radio, Select, Tag } from 'antd';
import { useEffect } from 'react';
import { REJECT_REASONS, reviewBody, type AdminUserDetail } from '@core/schemas/admin-users';
import { applyServerErrors, zodRule } from '@/lib/form';
import { formatTime } from '@/lib/admin/format';
import { useCan } from '@/lib/admin/me';
import { useReview } from '../api/users';

const LICENCE_COLOR = { 0: 'orange', 1: 'green', 2: 'red' } as const;

type Values = { is_passed: 1 | 2; presets: string[]; note: string; scope_ids: number[] };

function LicenceCards({ user }: { user: AdminUserDetail }) {
  if (!user.licences.length) return <Alert type="warning" showIcon message="该客户尚未上传任何资质证照" />;
  return (
    <div className="yct-admin-user__licences" data-testid="user-licences">
      {user.licences.map((l) => (
        <div key={l.id} className="yct-admin-user__licence" data-testid="user-licence">
          <div className="yct-admin-user__licence-name">
            {l.type_name}
            <Tag color={LICENCE_COLOR[l.status as 0 | 1 | 2] ?? 'default'}>{l.status_text}</Tag>
          </div>
          <Image src={l.image} alt={l.type_name} />
          <dl>
            <dt>证照编号</dt>
            <dd>{l.number || '—'}</dd>
            <dt>有效期至</dt>
            <dd>
              {l.valid_until || '长期'}
              {l.expiry === 2 ? (
                <Tag color="red" style={{ marginLeft: 6 }}>
                  已过期
                </Tag>
              ) : l.expiry === 1 ? (
                <Tag color="orange" style={{ marginLeft: 6 }}>
                  {l.days_left}天后到期
                </Tag>
              ) : null}
            </dd>
            <dt>上传时间</dt>
            <dd>{formatTime(l.updated_at)}</dd>
            {l.remark ? (
              <>
                <dt>审核意见</dt>
                <dd>{l.remark}</dd>
              </>
            ) : null}
          </dl>
        </div>
      ))}
    </div>
  );
}

export function ReviewPanel({ user }: { user: AdminUserDetail }) {
  const mayReview = useCan('user:review');
  const review = useReview(user.id);
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const declared = new Set(user.jyfw.map((s) => s.id));
  const decision = Form.useWatch('is_passed', form);

  useEffect(() => {
    form.setFieldsValue({ is_passed: 1, presets: [], note: '', scope_ids: user.is_passed === 1 ? user.scope_ids : user.jyfw.map((s) => s.id) });
  }, [form, user]);

  const submit = async (v: Values) => {
    const reason = [...(v.presets ?? []), (v.note ?? '').trim()].filter(Boolean).join('；');
    try {
      await review.mutateAsync(v.is_passed === 1 ? { is_passed: 1, scope_ids: v.scope_ids } : { is_passed: 2, reason });
      void message.success(v.is_passed === 1 ? `已审核通过：${user.company}` : `已驳回：${user.company}`);
    } catch (e) {
      const rest = applyServerErrors(form, e, (f) => (f === 'reason' ? ['note'] : [f]));
      if (rest.length) void message.error(rest[0]);
    }
  };

  return (
    <div data-testid="review-panel">
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="审核状态">{user.is_passed_text}</Descriptions.Item>
        <Descriptions.Item label="审核时间">{formatTime(user.reviewed_at)}</Descriptions.Item>
        <Descriptions.Item label="缺少证照">
          {user.missing_licences.length ? <span style={{ color: '#cf1322' }}>{user.missing_licences.join('、')}</span> : '无'}
        </Descriptions.Item>
        <Descriptions.Item label="申报经营范围" span={3}>
          {user.jyfw.length ? user.jyfw.map((s) => <Tag key={s.id}>{s.name}</Tag>) : '未填写'}
        </Descriptions.Item>
        {user.reject_reason ? (
          <Descriptions.Item label="驳回原因" span={3}>
            <span style={{ color: '#cf1322' }}>{user.reject_reason}</span>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <LicenceCards user={user} />
      {mayReview ? (
        <div className="yct-admin-user__review">
          {user.register_step < 3 ? (
            <Alert type="info" showIcon message={`该客户尚在注册第${user.register_step}步，上传资质后才能审核通过`} style={{ marginBottom: 12 }} />
          ) : null}
          <Form form={form} layout="horizontal" labelCol={{ flex: '100px' }} onFinish={submit} data-testid="review-form">
            <Form.Item name="is_passed" label="审核结果">
              <Radio.Group
                options={[
                  { value: 1, label: '通过' },
                  { value: 2, label: '驳回' },
                ]}
                optionType="button"
                buttonStyle="solid"
                data-testid="review-decision"
              />
            </Form.Item>
            {decision === 2 ? (
              <>
                <Form.Item name="presets" label="常用原因">
                  <Select
                    mode="multiple"
                    allowClear
                    placeholder="可多选"
                    options={REJECT_REASONS.map((r) => ({ value: r, label: r }))}
                    data-testid="review-presets"
                  />
                </Form.Item>
                <Form.Item
                  name="note"
                  label="补充说明"
                  dependencies={['presets']}
                  rules={[
                    zodRule(reviewBody.shape.reason),
                    ({ getFieldValue }) => ({
                      validator: async (_r, value: string) => {
                        if (!(getFieldValue('presets') as string[] | undefined)?.length && !value?.trim()) throw new Error('驳回时请填写驳回原因');
                      },
                    }),
                  ]}
                >
                  <Input.TextArea rows={2} maxLength={200} showCount placeholder="客户将在“资质证件”页和站内消息中看到驳回原因" data-testid="review-reason" />
                </Form.Item>
              </>
            ) : (
              <Form.Item
                name="scope_ids"
                label="核准经营范围"
                className="yct-admin-user__scopes"
                rules={[
                  {
                    validator: async (_r, v: number[]) => {
                      if (!v?.length) throw new Error('请至少核准一项经营范围');
                    },
                  },
                ]}
                extra="默认勾选客户申报的范围；超出范围的商品客户不能加购和下单"
              >
                <Checkbox.Group
                  options={user.all_scopes.map((s) => ({
                    value: s.id,
                    label: (
                      <>
                        {s.name}
                        {declared.has(s.id) ? <span className="yct-admin-user__declared">申报</span> : null}
                      </>
                    ),
                  }))}
                  data-testid="review-scopes"
                />
              </Form.Item>
            )}
            <Form.Item label=" " colon={false}>
              <Button type="primary" htmlType="submit" loading={review.isPending} danger={decision === 2} data-testid="review-submit">
                {decision === 2 ? '驳回' : '审核通过'}
              </Button>
            </Form.Item>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
