/**
 * 设置药品标识码 of a goods the check found not set up (goods:write): 7 digits, the first of every code on its boxes,
 * or 无追溯码 for goods sold without codes. The server's refusals (a prefix another goods holds) show under the box.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Input } from 'antd';
import type { TraceGoodsBody, TraceLine } from '@core/schemas/trace';
import { Code } from '@core/codes';
import { adminHttp } from '@/lib/admin/http';
import { EditModal } from '@/ui/admin/EditModal';

type Values = { prefix: string; without: boolean };

export function GoodsPrefixModal({ line, orderId, onClose }: { line: TraceLine | null; orderId: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: TraceGoodsBody) => adminHttp.post(`/api/admin/trace/goods/${line?.goods_id}`, body, { quiet: [Code.invalid] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'trace', 'order', orderId] }),
  });
  const without = Form.useWatch('without', form);
  return (
    <EditModal<Values>
      noun="药品标识码"
      open={line !== null}
      editing={line ? `${line.name} ${line.ypgg}` : null}
      form={form}
      saving={save.isPending}
      width={480}
      testId="goods-prefix"
      initialValues={{ prefix: line?.prefix ?? '', without: false }}
      onClose={onClose}
      onSave={async (v) => {
        await save.mutateAsync({ prefix: v.without ? '' : v.prefix.trim(), without_codes: v.without ? 1 : 0 });
        return '药品标识码已保存';
      }}
    >
      <Form.Item
        name="prefix"
        label="药品标识码"
        extra="药盒追溯码的前7位，同一商品的每盒相同"
        rules={
          without
            ? []
            : [
                { pattern: /^\d{7}$/, message: '药品标识码应为7位数字' },
                { required: true, message: '请输入药品标识码' },
              ]
        }
      >
        <Input maxLength={7} inputMode="numeric" disabled={without} placeholder="例如 8123456" />
      </Form.Item>
      <Form.Item name="without" valuePropName="checked" label="无追溯码">
        <Checkbox>本商品不赋追溯码（器械、中药饮片、保健食品等）</Checkbox>
      </Form.Item>
    </EditModal>
  );
}
