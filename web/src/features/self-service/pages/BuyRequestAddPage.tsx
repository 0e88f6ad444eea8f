/**
 * /zzfw/pzqg/add 发布求购: the goods asked for (name, maker, spec, quantity and unit, the price expected per unit),
 * who to call back, and a remark. Each field is checked as it is left with the schema the server checks it with;
 * the server's field messages land under the same fields. Filed, the request opens on its own page.
 */
import '../self-service.css';
import { AutoComplete, Button, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BUY_MAX_QUANTITY, BUY_UNITS, buyRequestBody, type BuyRequestInput } from '@core/schemas/self-service';
import { isApiError } from '@/api/client';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useUserBase } from '@/lib/session/get-user-base';
import { useToast } from '@/lib/use-toast';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { RequireMember } from '@/ui/account/RequireMember';
import { useFileBuyRequest } from '../api/buy-requests';
import { detailPath } from '../lib/labels';

const shape = buyRequestBody.shape;
const UNIT_OPTIONS = BUY_UNITS.map((u) => ({ value: u }));

type Values = Omit<BuyRequestInput, 'number'> & { number?: number | null };

function RequestForm() {
  const [form] = Form.useForm<Values>();
  const file = useFileBuyRequest();
  const toast = useToast();
  const navigate = useNavigate();
  const { data: user } = useUserBase();
  const [error, setError] = useState('');
  const unit = Form.useWatch('bzdw', form) || '单位';

  const submit = (values: Values) => {
    setError('');
    file.mutate(
      { ...values, number: values.number ?? '' },
      {
        onSuccess: (saved) => {
          void toast.success(saved.already ? '该求购刚刚已提交，无需重复提交' : '求购已提交，采购专员会尽快回复您');
          void navigate(detailPath(saved.id));
        },
        onError: (e) => {
          const rest = applyServerErrors(form, e);
          if (isApiError(e) && e.code === 422) setError(rest[0] ?? '');
        },
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '96px' }}
      className="yct-ss-form"
      initialValues={{ bzdw: '盒', contact: user?.name ?? '', phone: user?.phone ?? '' }}
      onFinish={submit}
      onValuesChange={() => setError('')}
      data-testid="buy-form"
    >
      <h3 className="yct-acct-sec__title">求购品种</h3>
      <Form.Item label="药品名称" name="name" required rules={[zodRule(shape.name)]} validateTrigger="onBlur">
        <Input maxLength={60} placeholder="通用名或商品名，如 甲钴胺片" data-testid="buy-name" />
      </Form.Item>
      <Form.Item label="生产厂家" name="sccj" rules={[zodRule(shape.sccj)]} validateTrigger="onBlur">
        <Input maxLength={60} placeholder="如 卫材（中国）药业有限公司，不限厂家可不填" data-testid="buy-sccj" />
      </Form.Item>
      <Form.Item label="规格" name="ypgg" rules={[zodRule(shape.ypgg)]} validateTrigger="onBlur">
        <Input maxLength={60} placeholder="如 0.5mg*20片" data-testid="buy-ypgg" />
      </Form.Item>
      <Form.Item label="求购数量" required className="yct-ss-form__pair">
        <Form.Item name="number" noStyle rules={[zodRule(shape.number)]} validateTrigger="onBlur">
          <InputNumber min={1} max={BUY_MAX_QUANTITY} precision={0} placeholder="数量" style={{ width: 160 }} data-testid="buy-number" />
        </Form.Item>
        <Form.Item name="bzdw" noStyle rules={[zodRule(shape.bzdw)]} validateTrigger="onBlur">
          <AutoComplete options={UNIT_OPTIONS} style={{ width: 100 }} placeholder="单位" data-testid="buy-unit" />
        </Form.Item>
      </Form.Item>
      <Form.Item label="期望价格" name="expected_price" rules={[zodRule(shape.expected_price)]} validateTrigger="onBlur" extra="选填，便于采购专员按价格寻源">
        <Input prefix="¥" suffix={`元/${unit}`} maxLength={9} placeholder="单价" style={{ width: 270 }} data-testid="buy-price" />
      </Form.Item>

      <h3 className="yct-acct-sec__title">联系方式</h3>
      <Form.Item label="联系人" name="contact" required rules={[zodRule(shape.contact)]} validateTrigger="onBlur">
        <Input maxLength={20} placeholder="采购负责人姓名" style={{ width: 270 }} data-testid="buy-contact" />
      </Form.Item>
      <Form.Item label="联系电话" name="phone" required rules={[zodRule(shape.phone)]} validateTrigger="onBlur">
        <Input maxLength={20} placeholder="手机号或 区号-座机号" style={{ width: 270 }} data-testid="buy-phone" />
      </Form.Item>
      <Form.Item label="备注" name="remark" rules={[zodRule(shape.remark)]} validateTrigger="onBlur">
        <Input.TextArea maxLength={200} showCount rows={3} placeholder="如用途、到货时间要求、是否长期采购等" data-testid="buy-remark" />
      </Form.Item>
      {error ? <p className="yct-form-error">{error}</p> : null}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={file.isPending} className="yct-ss-submit" data-testid="buy-submit">
          提交求购
        </Button>
        <Link to="/zzfw/pzqg" className="yct-ss-cancel">
          取消
        </Link>
      </Form.Item>
    </Form>
  );
}

function Tips() {
  return (
    <aside className="yct-ss-tips" data-testid="buy-tips">
      <h4>求购说明</h4>
      <ol>
        <li>请尽量填写准确的药品名称、规格和生产厂家，便于采购专员快速寻源。</li>
        <li>采购专员会在 1 个工作日内回复，结果通过“我的消息”通知您。</li>
        <li>品种上架后，可在“品种求购”中直接前往商品页采购。</li>
        <li>麻醉药品、精神药品等国家特殊管理药品不在平台经营范围内。</li>
      </ol>
    </aside>
  );
}

export default function BuyRequestAddPage() {
  return (
    <AccountLayout
      title="新增求购"
      extra={
        <Link to="/zzfw/pzqg" className="yct-acct__titlelink">
          ‹ 返回求购列表
        </Link>
      }
    >
      <RequireMember>
        <div className="yct-ss-add-page">
          <RequestForm />
          <Tips />
        </div>
      </RequireMember>
    </AccountLayout>
  );
}
