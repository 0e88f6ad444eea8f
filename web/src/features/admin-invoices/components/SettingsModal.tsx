/**
 * 开票设置: the seller every invoice names (名称 and 统一社会信用代码/纳税人识别号) and the 税率 of each goods class.
 * Invoices issued from now on use them; issued ones keep what they were issued with. The form opens once the
 * settings as stored now have been read (a failed read has been shown by the console's HTTP client).
 */
import { Form, Input, Select } from 'antd';
import { TAX_CLASS_KEYS, TAX_CLASSES, TAX_RATES } from '@core/invoice-tax';
import { invoiceSettingsBody, type InvoiceSettings } from '@core/schemas/invoices';
import { zodRule } from '@/lib/form';
import { ActionFormModal } from '@/ui/admin/ActionFormModal';
import { useInvoiceSettings, useSaveInvoiceSettings } from '../api/invoices';

const RATE_OPTIONS = TAX_RATES.map((r) => ({ value: r, label: `${r}%` }));

export function SettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useInvoiceSettings(open);
  const save = useSaveInvoiceSettings();
  return (
    <ActionFormModal<InvoiceSettings, InvoiceSettings>
      // A form of its own for each read, so that it opens with what is stored now, a save just made included.
      key={settings.dataUpdatedAt}
      open={open && settings.data !== undefined && !settings.isFetching}
      title="开票设置"
      okText="保存"
      initialValues={settings.data}
      onClose={onClose}
      submit={(v) => save.mutateAsync(v)}
      done={() => '开票设置已保存，之后开具的发票按新设置开具'}
      note="商品价格含税：开票时按商品类别的税率将每行的价税合计拆分为金额和税额。修改后新开具的发票按新设置开具，已开具的发票不变。"
      width={600}
      testId="invoice-settings"
    >
      <Form.Item name="seller" label="销售方名称" rules={[zodRule(invoiceSettingsBody.shape.seller)]}>
        <Input maxLength={60} data-testid="invoice-settings-seller" />
      </Form.Item>
      <Form.Item name="seller_tax_no" label="统一社会信用代码/纳税人识别号" rules={[zodRule(invoiceSettingsBody.shape.seller_tax_no)]}>
        <Input maxLength={20} placeholder="18位统一社会信用代码" data-testid="invoice-settings-tax-no" />
      </Form.Item>
      <div className="yct-admin-fp__rates">
        {TAX_CLASS_KEYS.map((k) => (
          <Form.Item
            key={k}
            name={`rate_${k}`}
            label={`${TAX_CLASSES[k].name}税率`}
            extra={TAX_CLASSES[k].note}
            rules={[zodRule(invoiceSettingsBody.shape[`rate_${k}`])]}
          >
            <Select options={RATE_OPTIONS} data-testid={`invoice-settings-rate-${k}`} />
          </Form.Item>
        ))}
      </div>
    </ActionFormModal>
  );
}
