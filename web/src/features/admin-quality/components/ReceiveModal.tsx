/** 入库登记: a batch of a goods comes into the warehouse as 待验, with its dates, quantity, supplier and report. */
import { DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { receiveBody, RECEIVE_MAX } from '@core/schemas/quality';
import { zodRule } from '@/lib/form';
import { ActionFormModal } from '@/ui/admin/ActionFormModal';
import { SearchSelect, type SearchOption } from '@/ui/admin/SearchSelect';
import { findGoods, useReceive } from '../api/batches';
import { ReportField } from './ReportField';

type Values = z.input<typeof receiveBody>;
const shape = receiveBody.shape;

const dateProps = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : ''),
};

const goodsOptions = async (keyword: string, signal: AbortSignal): Promise<SearchOption[]> =>
  (await findGoods(keyword, signal)).map((g) => ({ value: g.id, label: `${g.name} ${g.ypgg}（${g.sccj}）` }));

export function ReceiveModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const receive = useReceive();
  return (
    <ActionFormModal<Values>
      open={open}
      title="入库登记"
      okText="确认入库"
      width={640}
      onClose={onClose}
      submit={(v) => receive.mutateAsync(v)}
      done={(v) => `批号 ${String(v.batch_no).toUpperCase()} 已入库，待质管验收放行后上架销售`}
      note="入库的批次状态为「待验」，不计入可售库存；质管验收合格放行后方可销售。"
      testId="receive"
    >
      <Form.Item name="goods_id" label="商品" rules={[zodRule(shape.goods_id)]} required>
        <SearchSelect find={goodsOptions} hint="输入商品名称、厂家或批准文号查找" placeholder="查找商品" data-testid="receive-goods" />
      </Form.Item>
      <Form.Item name="batch_no" label="批号" rules={[zodRule(shape.batch_no)]} required extra="按包装上印刷的批号填写，如 20250312、B2409017">
        <Input maxLength={32} style={{ width: 240 }} data-testid="receive-batch-no" />
      </Form.Item>
      <Form.Item label="生产日期 / 效期至" required style={{ marginBottom: 0 }}>
        <Form.Item name="scrq" rules={[zodRule(shape.scrq)]} {...dateProps} style={{ display: 'inline-block', marginRight: 12 }}>
          <DatePicker placeholder="生产日期" data-testid="receive-scrq" />
        </Form.Item>
        <Form.Item name="xq" rules={[zodRule(shape.xq)]} {...dateProps} style={{ display: 'inline-block' }}>
          <DatePicker placeholder="效期至" data-testid="receive-xq" />
        </Form.Item>
      </Form.Item>
      <Form.Item name="quantity" label="入库数量" rules={[zodRule(shape.quantity)]} required>
        <InputNumber min={1} max={RECEIVE_MAX} precision={0} style={{ width: 200 }} data-testid="receive-quantity" />
      </Form.Item>
      <Form.Item name="supplier" label="供货单位" rules={[zodRule(shape.supplier)]} required>
        <Input maxLength={100} placeholder="生产企业或上游批发企业名称" data-testid="receive-supplier" />
      </Form.Item>
      <Form.Item name="report" label="药检报告">
        <ReportField data-testid="receive-report" />
      </Form.Item>
    </ActionFormModal>
  );
}
