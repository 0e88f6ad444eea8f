/** 发票信息: none, an electronic ordinary invoice or a VAT special invoice, with the title, tax number and e-mail. */
import { Form, Input, Radio } from 'antd';
import type { z } from 'zod';
import type { Confirm, invoiceInput } from '@core/schemas/trade';
import type { InvoiceField } from '../lib/checkout';

/** The invoice as the form holds it: every field of the order's `invoice`, as the server reads them. */
export type InvoiceValue = z.output<typeof invoiceInput>;

type Props = {
  types: Confirm['invoice_types'];
  value: InvoiceValue;
  onChange: (next: InvoiceValue) => void;
  errors: Partial<Record<InvoiceField, string>>;
};

export function InvoiceBox({ types, value, onChange, errors }: Props) {
  const set = (patch: Partial<InvoiceValue>) => onChange({ ...value, ...patch });
  const field = (name: InvoiceField) =>
    errors[name] ? { validateStatus: 'error' as const, help: <span data-testid={`invoice-error-${name}`}>{errors[name]}</span> } : {};
  return (
    <section className="yct-co-section" data-testid="invoice-section">
      <header className="yct-co-section__head">
        <h2>发票信息</h2>
      </header>
      <Radio.Group
        className="yct-co-invoice__types"
        optionType="button"
        value={value.type}
        onChange={(e) => set({ type: e.target.value as InvoiceValue['type'] })}
        options={types.map((t) => ({ value: t.type, label: t.name }))}
        data-testid="invoice-types"
      />
      {value.type !== 0 ? (
        <Form layout="horizontal" labelCol={{ flex: '96px' }} className="yct-co-invoice__form" component="div">
          <Form.Item label="发票抬头" required {...field('title')}>
            <Input
              value={value.title}
              onChange={(e) => set({ title: e.target.value })}
              maxLength={60}
              placeholder="单位全称，与营业执照一致"
              data-testid="invoice-title"
            />
          </Form.Item>
          <Form.Item label="纳税人识别号" required={value.type === 2} {...field('tax_no')}>
            <Input
              value={value.tax_no}
              onChange={(e) => set({ tax_no: e.target.value.toUpperCase() })}
              maxLength={20}
              placeholder={value.type === 2 ? '15-20位税号（数字或大写字母）' : '选填，15-20位税号'}
              data-testid="invoice-tax-no"
            />
          </Form.Item>
          <Form.Item label="收票邮箱" {...field('email')}>
            <Input
              value={value.email}
              onChange={(e) => set({ email: e.target.value })}
              maxLength={64}
              placeholder="选填，电子发票将发送至此邮箱"
              data-testid="invoice-email"
            />
          </Form.Item>
          {value.type === 2 ? <p className="yct-co-hint">增值税专用发票需企业已在“账户中心”登记开票资料，开具后随货寄出。</p> : null}
        </Form>
      ) : null}
      {errors.type ? <p className="yct-co-field-error">{errors.type}</p> : null}
    </section>
  );
}
