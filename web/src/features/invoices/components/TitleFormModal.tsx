/**
 * Adding or changing an invoice title in a dialog: company name, tax number, address and phone, bank and
 * account, 设为默认. Each field is checked with the schema the server reads the post with; the server's 422
 * messages land under their fields.
 */
import { App, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { invoiceTitleBody, type InvoiceTitle } from '@core/schemas/invoices';
import { applyServerErrors, zodRule } from '@/lib/form';
import { useSaveTitle } from '../api/save-title';

type Values = { company: string; tax_no: string; address_phone: string; bank_account: string; is_default: boolean };

type Props = {
  open: boolean;
  /** The title to change; a new one when null. */
  title: InvoiceTitle | null;
  /** The first title is the default whatever the box says. */
  first: boolean;
  onClose: () => void;
  onSaved?: (title: InvoiceTitle) => void;
};

const shape = invoiceTitleBody.shape;

const valuesOf = (t: InvoiceTitle | null): Values =>
  t
    ? { company: t.company, tax_no: t.tax_no, address_phone: t.address_phone, bank_account: t.bank_account, is_default: t.is_default === 1 }
    : { company: '', tax_no: '', address_phone: '', bank_account: '', is_default: false };

export function TitleFormModal({ open, title, first, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const save = useSaveTitle();
  const { message } = App.useApp();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(title));
  }, [open, title, form]);

  const submit = async (v: Values) => {
    try {
      const saved = await save.mutateAsync({
        id: title?.id ?? null,
        input: { ...v, company: v.company.trim(), tax_no: v.tax_no.trim().toUpperCase(), is_default: v.is_default || first ? 1 : 0 },
      });
      void message.success(title ? '发票抬头已保存' : '已添加发票抬头');
      onSaved?.(saved);
      onClose();
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  return (
    <Modal
      open={open}
      title={title ? '编辑发票抬头' : '新增发票抬头'}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={560}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'title-save' }}
    >
      <p className="yct-fp-form__tip">请按营业执照填写，开具后的发票将使用此抬头和税号。</p>
      <Form<Values>
        form={form}
        labelCol={{ flex: '100px' }}
        wrapperCol={{ flex: '1', style: { minWidth: 0 } }}
        onFinish={(v) => void submit(v)}
        autoComplete="off"
        data-testid="title-form"
      >
        <Form.Item label="发票抬头" name="company" required rules={[zodRule(shape.company)]}>
          <Input placeholder="单位全称，与营业执照一致" maxLength={60} data-testid="title-company" />
        </Form.Item>
        <Form.Item label="税号" name="tax_no" required rules={[zodRule(shape.tax_no)]} extra="统一社会信用代码或纳税人识别号，15-20位">
          <Input placeholder="如 91330105MA2H7K3X8Q" maxLength={20} data-testid="title-tax-no" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item label="地址、电话" name="address_phone" rules={[zodRule(shape.address_phone)]}>
          <Input placeholder="选填：注册地址 联系电话" maxLength={120} data-testid="title-address-phone" />
        </Form.Item>
        <Form.Item label="开户行及账号" name="bank_account" rules={[zodRule(shape.bank_account)]}>
          <Input placeholder="选填：开户银行 银行账号" maxLength={120} data-testid="title-bank-account" />
        </Form.Item>
        <Form.Item label=" " colon={false} name="is_default" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox disabled={first || title?.is_default === 1} data-testid="title-default">
            {first ? '第一个抬头将设为默认抬头' : '设为默认抬头（订单完成时自动使用）'}
          </Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
