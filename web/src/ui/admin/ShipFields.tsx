/**
 * 发货's two fields, the same for an order, a points order and a lottery prize: the carrier (one of those offered,
 * or another typed) and the waybill, checked with the server's own schema. `{testId}-carrier`, `{testId}-tracking`.
 */
import { AutoComplete, Form, Input } from 'antd';
import { CARRIERS, shipBody } from '@core/schemas/admin-orders';
import { zodRule } from '@/lib/form';

const CARRIER_OPTIONS = CARRIERS.map((c) => ({ value: c }));

export function ShipFields({ testId }: { testId: string }) {
  return (
    <>
      <Form.Item name="carrier" label="物流公司" rules={[zodRule(shipBody.shape.carrier)]} extra="可从列表选择，或直接输入其他物流公司">
        <AutoComplete
          options={CARRIER_OPTIONS}
          placeholder="请选择或输入物流公司"
          style={{ width: 260 }}
          showSearch={{ filterOption: (input, option) => String(option?.value ?? '').includes(input.trim()) }}
          data-testid={`${testId}-carrier`}
        />
      </Form.Item>
      <Form.Item name="tracking_no" label="运单号" rules={[zodRule(shipBody.shape.tracking_no)]}>
        <Input maxLength={40} style={{ width: 260 }} placeholder="6-40位字母、数字或横线" data-testid={`${testId}-tracking`} />
      </Form.Item>
    </>
  );
}

/** What the server is sent: the fields trimmed. */
export const shipValues = (v: { carrier: string; tracking_no: string }) => ({ carrier: v.carrier.trim(), tracking_no: v.tracking_no.trim() });
