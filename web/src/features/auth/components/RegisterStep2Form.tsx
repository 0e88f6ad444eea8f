/** Registration step 2 (填写企业信息): company, type, contact, region, address, business scope. */
import { Alert, Button, Checkbox, Form, Input, Select, Skeleton } from 'antd';
import type { z } from 'zod';
import { COMPANY_TYPES, type CompanyType } from '@core/constants';
import { registerStep2Body } from '@core/schemas/user';
import type { UserBase } from '@core/schemas/user';
import { applyServerErrors, zodRule } from '@/lib/form';
import { RegionFields } from '@/ui/RegionFields';
import { useJyfw } from '../api/get-jyfw';
import { useRegisterStep2 } from '../api/register';
import styles from '../auth.module.css';

type Step2 = z.output<typeof registerStep2Body>;
/** The form's fields: the step's body, the regions empty until picked. */
type Values = Pick<Step2, 'company' | 'type' | 'name' | 'contact_phone' | 'address' | 'jyfw'> & Partial<Pick<Step2, 'province' | 'city' | 'district'>>;

type Props = {
  /** Set when a chain headquarters registers a sub-store. */
  chain?: { parent: number; storeId: number };
  user?: UserBase;
  onDone: (type: CompanyType) => void;
};

const shape = registerStep2Body.shape;

const BUYER_TYPES = COMPANY_TYPES.filter((t) => t !== '连锁门店');
const isBuyerType = (t: string | undefined): t is CompanyType => (BUYER_TYPES as readonly string[]).includes(t ?? '');

export function RegisterStep2Form({ chain, user, onDone }: Props) {
  const [form] = Form.useForm<Values>();
  const mutation = useRegisterStep2();
  const jyfw = useJyfw();

  const typeOptions = (chain ? (['连锁门店'] as const) : BUYER_TYPES).map((t) => ({ label: t, value: t }));
  const own = !chain && user?.show === 1 ? user : undefined;
  const filledBefore = Boolean(own && own.register_step >= 2);
  const initialValues: Partial<Values> = {
    type: chain ? '连锁门店' : filledBefore && isBuyerType(own?.company_type) ? own?.company_type : undefined,
    company: (filledBefore && own?.company) || undefined,
    name: (filledBefore && own?.name) || undefined,
    contact_phone: own?.phone || undefined,
    jyfw: [],
  };

  const onFinish = async (values: Values) => {
    try {
      await mutation.mutateAsync({
        company: values.company.trim(),
        type: values.type,
        name: values.name.trim(),
        contact_phone: values.contact_phone.trim(),
        province: values.province ?? '',
        city: values.city ?? '',
        district: values.district ?? '',
        address: values.address.trim(),
        jyfw: values.jyfw,
        ...(chain ? { parent: chain.parent, store_id: chain.storeId } : {}),
      });
      onDone(values.type);
    } catch (error) {
      applyServerErrors(form, error, (field) => {
        if (field.startsWith('jyfw')) return ['jyfw'];
        if (field === 'parent' || field === 'store_id') return null;
        return [field];
      });
    }
  };

  return (
    <Form<Values>
      form={form}
      className={styles.formBox}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: '1', style: { minWidth: 0 } }}
      size="large"
      initialValues={initialValues}
      onFinish={onFinish}
      autoComplete="off"
    >
      <Form.Item label={chain ? '门店名称' : '企业名称'} name="company" required rules={[zodRule(shape.company)]}>
        <Input placeholder="请与营业执照上的名称保持一致" maxLength={60} data-testid="register-company" />
      </Form.Item>
      <Form.Item label="企业类型" name="type" required rules={[zodRule(shape.type)]}>
        <Select placeholder="请选择企业类型" options={typeOptions} disabled={Boolean(chain)} data-testid="register-type" />
      </Form.Item>
      <Form.Item label="联系人" name="name" required rules={[zodRule(shape.name)]}>
        <Input placeholder="请输入采购负责人姓名" maxLength={20} data-testid="register-contact" />
      </Form.Item>
      <Form.Item label="联系电话" name="contact_phone" required rules={[zodRule(shape.contact_phone)]}>
        <Input placeholder="手机号或座机（区号-号码）" maxLength={20} data-testid="register-contact-phone" />
      </Form.Item>
      <RegionFields rules={{ province: [zodRule(shape.province)], city: [zodRule(shape.city)], district: [zodRule(shape.district)] }} testId="register" />
      <Form.Item label="详细地址" name="address" required rules={[zodRule(shape.address)]}>
        <Input.TextArea placeholder="街道、门牌号等，用于收货与资质核验" maxLength={100} autoSize={{ minRows: 2, maxRows: 3 }} data-testid="register-address" />
      </Form.Item>
      {jyfw.data ? (
        <Form.Item label="经营范围" name="jyfw" required rules={[zodRule(shape.jyfw)]}>
          <Checkbox.Group data-testid="register-jyfw" options={jyfw.data.map((s) => ({ label: s.name, value: s.id }))} />
        </Form.Item>
      ) : (
        <Form.Item label="经营范围" required>
          {jyfw.isError ? (
            <Alert
              type="error"
              showIcon
              title="经营范围加载失败"
              action={
                <Button size="small" onClick={() => void jyfw.refetch()}>
                  重试
                </Button>
              }
            />
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          )}
        </Form.Item>
      )}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="register-next">
          下一步，上传资质
        </Button>
      </Form.Item>
    </Form>
  );
}
