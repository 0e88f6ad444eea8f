/** Registration step 3 (上传资质): one upload, number and validity per licence the company type needs. */
import { Alert, Button, DatePicker, Form, Input, Skeleton, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { REQUIRED_LICENCES, type CompanyType, type LicenceType } from '@core/constants';
import { licenceInput } from '@core/schemas/user';
import { chinaPickerValue } from '@/lib/china-time';
import { applyServerErrors, zodRule } from '@/lib/form';
import { LicenceUpload } from '@/ui/LicenceUpload';
import { useLicenceTypes } from '../api/get-licence-types';
import { useRegisterStep3 } from '../api/register';
import styles from '../auth.module.css';

type LicenceValues = { image?: string; number?: string; valid_until?: Dayjs | null };
type Values = { licences: Partial<Record<LicenceType, LicenceValues>> };

type Props = {
  companyType: CompanyType;
  chain?: { parent: number; storeId: number };
  onDone: () => void;
  onBack?: () => void;
};

export function RegisterStep3Form({ companyType, chain, onDone, onBack }: Props) {
  const [form] = Form.useForm<Values>();
  const mutation = useRegisterStep3();
  const licenceTypes = useLicenceTypes();
  const [formError, setFormError] = useState<string[]>([]);

  if (licenceTypes.isPending) return <Skeleton active className={styles.wideBox} paragraph={{ rows: 8 }} />;
  if (licenceTypes.isError) {
    return (
      <div className={styles.wideBox}>
        <Alert
          type="error"
          showIcon
          title="资质类型加载失败"
          action={
            <Button size="small" onClick={() => void licenceTypes.refetch()}>
              重试
            </Button>
          }
        />
      </div>
    );
  }

  const names = licenceTypes.data.types;
  const required = licenceTypes.data.required[companyType] ?? REQUIRED_LICENCES[companyType] ?? [];
  const optional = (Object.keys(names) as LicenceType[]).filter((t) => !required.includes(t));

  const onFinish = async (values: Values) => {
    setFormError([]);
    const sent = (Object.keys(names) as LicenceType[])
      .map((type) => ({ type, ...values.licences?.[type] }))
      .filter((l): l is { type: LicenceType } & LicenceValues & { image: string } => Boolean(l.image));
    try {
      await mutation.mutateAsync({
        licences: sent.map((l) => ({
          type: l.type,
          image: l.image,
          number: l.number?.trim() ?? '',
          ...(l.valid_until ? { valid_until: l.valid_until.format('YYYY-MM-DD') } : {}),
        })),
        ...(chain ? { parent: chain.parent, store_id: chain.storeId } : {}),
      });
      onDone();
    } catch (error) {
      const rest = applyServerErrors(form, error, (field) => {
        const match = /^licences\.(\d+)\.(image|number|valid_until|type)$/.exec(field);
        if (!match) return null;
        const licence = sent[Number(match[1])];
        return licence ? ['licences', licence.type, match[2] === 'type' ? 'image' : match[2]] : null;
      });
      setFormError(rest);
    }
  };

  const card = (type: LicenceType, mandatory: boolean) => (
    <div className={styles.licenceCard} key={type}>
      <div className={styles.licenceUpload}>
        <Form.Item name={['licences', type, 'image']} rules={mandatory ? [{ required: true, message: `请上传${names[type]}` }] : []}>
          <LicenceUpload testId={`register-licence-${type}`} />
        </Form.Item>
      </div>
      <div className={styles.licenceFields}>
        <h3>
          {mandatory ? <em>*</em> : null}
          {names[type]}
        </h3>
        <Form.Item label="证件编号" name={['licences', type, 'number']} rules={[zodRule(licenceInput.shape.number)]}>
          <Input placeholder="选填，与证件上的编号一致" maxLength={60} data-testid={`register-licence-${type}-number`} />
        </Form.Item>
        <Form.Item label="有效期至" name={['licences', type, 'valid_until']}>
          <DatePicker
            placeholder="选填，长期有效可不填"
            style={{ width: 240 }}
            disabledDate={(d) => d.isBefore(chinaPickerValue(), 'day')}
            data-testid={`register-licence-${type}-date`}
          />
        </Form.Item>
      </div>
    </div>
  );

  return (
    <Form<Values> form={form} className={styles.wideBox} labelCol={{ flex: '80px' }} onFinish={onFinish}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 20 }}
        title={`${companyType}需上传：${required.map((t) => names[t]).join('、')}`}
        description="请上传清晰的彩色原件照片或扫描件（JPG、PNG、GIF、WEBP 或 PDF，单个不超过10MB），需加盖公章的请盖章后拍照。"
      />
      {required.map((t) => card(t, true))}
      {optional.length ? <div className={styles.sectionTitle}>其他资质（选填）</div> : null}
      {optional.map((t) => card(t, false))}
      {formError.length ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={formError[0]} data-testid="register-error" /> : null}
      <Space size="middle" style={{ display: 'flex', justifyContent: 'center', marginTop: 24 }}>
        {onBack ? (
          <Button size="large" style={{ width: 160 }} onClick={onBack} data-testid="register-back">
            上一步
          </Button>
        ) : null}
        <Button type="primary" size="large" htmlType="submit" style={{ width: 240 }} loading={mutation.isPending} data-testid="register-submit">
          提交审核
        </Button>
      </Space>
    </Form>
  );
}
