/**
 * The filter row above a console list. Its fields are the named URL query keys (`Form.Item name` = key):
 * 查询 writes them to the URL (back to page 1), 重置 clears them, and going back in the browser puts the
 * earlier values in the fields again. Field values are strings, as in the URL.
 */
import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
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
