/** The filter row of an activity's draws: state, prize kind and buyer; 查询 hands the trimmed values on. */
import { Button, Form, Input, Select, type FormInstance } from 'antd';
import type { DrawFilters } from '../api/lotteries';

type Props = {
  /** The drawer's own, so that it can clear the fields when another activity opens. */
  form: FormInstance<DrawFilters>;
  onSearch: (filters: DrawFilters) => void;
};

export function DrawsFilters({ form, onSearch }: Props) {
  return (
    <Form
      form={form}
      layout="inline"
      className="yct-admin-filters"
      onFinish={(v) => onSearch({ status: v.status || undefined, kind: v.kind || undefined, keyword: v.keyword?.trim() || undefined })}
    >
      <Form.Item name="status" label="状态">
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 130 }}
          data-testid="draws-status"
          options={[
            { value: '0', label: '已发放 / 未中奖' },
            { value: '1', label: '待填写地址' },
            { value: '2', label: '待发货' },
            { value: '3', label: '已发货' },
          ]}
        />
      </Form.Item>
      <Form.Item name="kind" label="奖品类型">
        <Select
          allowClear
          placeholder="全部"
          style={{ width: 110 }}
          options={[
            { value: 'points', label: '积分' },
            { value: 'red_packet', label: '红包' },
            { value: 'coupon', label: '优惠券' },
            { value: 'goods', label: '实物' },
            { value: 'none', label: '谢谢参与' },
          ]}
        />
      </Form.Item>
      <Form.Item name="keyword" label="客户">
        <Input placeholder="企业名称 / 用户名 / 手机号" allowClear style={{ width: 200 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="draws-search">
          查询
        </Button>
      </Form.Item>
    </Form>
  );
}
