/** The filter row of 电子发票: order or invoice number, buyer, status, kind and issue days. */
import { Form, Input, Select } from 'antd';
import { DayRange, FilterForm } from '@/ui/admin/FilterForm';
import { INVOICE_FILTERS } from '../api/invoices';

export function InvoicesFilters() {
  return (
    <FilterForm keys={INVOICE_FILTERS} data-testid="invoices-filters">
      <Form.Item name="order_no" label="订单号">
        <Input placeholder="订单号或发票号码" allowClear style={{ width: 190 }} data-testid="invoices-order-no" />
      </Form.Item>
      <Form.Item name="buyer" label="客户">
        <Input placeholder="客户名称、用户名、手机或抬头" allowClear style={{ width: 200 }} data-testid="invoices-buyer" />
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 100 }}
          options={[
            { value: '0', label: '待开票' },
            { value: '1', label: '已开票' },
            { value: '2', label: '已红冲' },
          ]}
          data-testid="invoices-status"
        />
      </Form.Item>
      <Form.Item name="kind" label="类型">
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 110 }}
          options={[
            { value: 'blue', label: '蓝字发票' },
            { value: 'red', label: '红字发票' },
          ]}
          data-testid="invoices-kind"
        />
      </Form.Item>
      <DayRange label="开票日期" />
    </FilterForm>
  );
}
