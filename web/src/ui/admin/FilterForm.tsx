/**
 * The filter row above a console list. Its fields are the named URL query keys (`Form.Item name` = key):
 * 查询 writes them to the URL (back to page 1), 重置 clears them, and going back in the browser puts the
 * earlier values in the fields again. Field values are strings, as in the URL. `DayRange` is a from-to pair of
 * days among its fields.
 */
import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, type ReactNode } from 'react';
import { useListQuery } from '@/lib/admin/list';
import './admin-ui.css';

type Props = { keys: readonly string[]; children: ReactNode; 'data-testid'?: string };

export function FilterForm({ keys, children, ...rest }: Props) {
  const { filters, setFilters } = useListQuery(keys);
  const [form] = Form.useForm<Record<string, string | undefined>>();
  // Keyed by the names' text, so that a list of keys written inline does not reset what is being typed.
  const names = keys.join(',');
  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(names.split(',').map((k) => [k, filters[k]])));
  }, [form, names, filters]);
  const clear = () => Object.fromEntries(keys.map((k) => [k, undefined]));
  return (
    <Form
      form={form}
      layout="inline"
      className="yct-admin-filters"
      data-testid={rest['data-testid']}
      onFinish={(values) => setFilters(Object.fromEntries(keys.map((k) => [k, values[k]])))}
    >
      {children}
      <Form.Item>
        <Space size={8}>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(clear());
              setFilters(clear());
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A DatePicker whose form value is the `YYYY-MM-DD` text the URL and the API hold. */
const dayField = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v) : undefined }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
};

/** 开始日期 至 结束日期 under one label: the keys `date_from` and `date_to`, both days included. */
export function DayRange({ label }: { label: string }) {
  return (
    <Form.Item label={label} style={{ marginInlineEnd: 12 }}>
      <Space size={4}>
        <Form.Item name="date_from" noStyle {...dayField}>
          <DatePicker placeholder="开始日期" style={{ width: 130 }} />
        </Form.Item>
        <span className="yct-admin-muted">至</span>
        <Form.Item name="date_to" noStyle {...dayField}>
          <DatePicker placeholder="结束日期" style={{ width: 130 }} />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}
