/**
 * Adding or changing a receiving address in a dialog: receiver, phone (mobile or landline), province, city
 * and district pickers, street address and 设为默认. Checked in the browser with the server's own schema;
 * the server's 422 messages land under their fields. The address book and the confirm page (step 2) both show it.
 */
import { Checkbox, Form, Input, Modal, type FormRule } from 'antd';
import { useEffect } from 'react';
import type { z, ZodType } from 'zod';
import { addressBody } from '@core/schemas/trade';
import type { Address } from '@core/schemas/trade';
import { useCreateAddress, type AddressInput } from '@/lib/address/create-address';
import { useUpdateAddress } from '@/lib/address/update-address';
import { applyServerErrors, zodRule } from '@/lib/form';
import { RegionFields } from './RegionFields';

type Body = z.output<typeof addressBody>;
/** The form's fields: the address body, the regions empty until picked and the default as the checkbox holds it. */
type Values = Pick<Body, 'name' | 'phone' | 'address'> & Partial<Pick<Body, 'province' | 'city' | 'district'>> & { is_default: boolean };

type Props = {
  open: boolean;
  /** The address to change; a new one when absent. */
  address?: Address | null;
  onClose: () => void;
  /** Called with the saved address (after the address list was invalidated). */
  onSaved?: (address: Address) => void;
};

const shape = addressBody.shape;

/** A picker left empty asks to pick (请选择省份); what was picked is checked with the server's schema. */
const picked = (label: string, schema: ZodType): FormRule[] => [{ required: true, message: `请选择${label}` }, zodRule(schema)];
const REGION_RULES = { province: picked('省份', shape.province), city: picked('城市', shape.city), district: picked('区县', shape.district) };

const valuesOf = (a: Address | null | undefined): Partial<Values> =>
  a
    ? { name: a.name, phone: a.phone, province: a.province, city: a.city, district: a.district, address: a.address, is_default: a.is_default === 1 }
    : { is_default: false };

export function AddressFormModal({ open, address, onClose, onSaved }: Props) {
  const [form] = Form.useForm<Values>();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const editing = Boolean(address);
  const wasDefault = address?.is_default === 1;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(address));
  }, [open, address, form]);

  const submit = async (values: Values) => {
    const input: AddressInput = {
      name: values.name.trim(),
      phone: values.phone.trim(),
      province: values.province ?? '',
      city: values.city ?? '',
      district: values.district ?? '',
      address: values.address.trim(),
      is_default: values.is_default ? 1 : 0,
    };
    try {
      const saved = address ? await update.mutateAsync({ id: address.id, input }) : await create.mutateAsync(input);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑收货地址' : '新增收货地址'}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      width={560}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'address-save' }}
    >
      <Form<Values>
        form={form}
        labelCol={{ flex: '84px' }}
        wrapperCol={{ flex: '1', style: { minWidth: 0 } }}
        onFinish={submit}
        autoComplete="off"
        data-testid="address-form"
      >
        <Form.Item label="收货人" name="name" required rules={[zodRule(shape.name)]}>
          <Input placeholder="收货人姓名" maxLength={20} data-testid="address-name" />
        </Form.Item>
        <Form.Item label="联系电话" name="phone" required rules={[zodRule(shape.phone)]}>
          <Input placeholder="手机号，或座机：区号-号码" maxLength={20} data-testid="address-phone" />
        </Form.Item>
        <RegionFields rules={REGION_RULES} validateFirst testId="address" />
        <Form.Item label="详细地址" name="address" required rules={[zodRule(shape.address)]}>
          <Input.TextArea placeholder="街道、门牌号、仓库等" maxLength={100} autoSize={{ minRows: 2, maxRows: 3 }} data-testid="address-street" />
        </Form.Item>
        <Form.Item label=" " colon={false} name="is_default" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox disabled={wasDefault} data-testid="address-default">
            设为默认收货地址
          </Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
