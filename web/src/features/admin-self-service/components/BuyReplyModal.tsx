/**
 * 回复 of a variety request: what was asked, the state it is set to (待处理, 已回复, 已上架 with the goods picked from
 * the catalogue, 无法采购) and the reply the buyer reads in 我的消息. A ready sentence per state can be filled in.
 */
import { Alert, App, Button, Descriptions, Form, Input, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { BuyRequestStatus, BUY_STATUS_TEXT, buyReplyBody, type AdminBuyRequest } from '@core/schemas/self-service';
import { applyServerErrors, zodRule } from '@/lib/form';
import { SearchSelect, type SearchOption } from '@/ui/admin/SearchSelect';
import { findGoods, useReplyBuyRequest } from '../api/buy-requests';
import { timeText } from '../lib/labels';

type Values = { status: number; reply: string; goods_id?: number };

const shape = buyReplyBody.shape;
const STATES = Object.entries(BUY_STATUS_TEXT).map(([value, label]) => ({ value: Number(value), label }));

const TEMPLATES: Record<number, string[]> = {
  0: ['您好，已收到您的求购，正在联系厂家确认货源，请耐心等待。'],
  1: ['您好，该品种已联系厂家，预计7个工作日内到货，到货后将第一时间上架并通知您。', '您好，该品种目前厂家缺货，到货时间待定，我们会持续跟进。'],
  2: ['已为您引进该品种并上架，欢迎选购。首批库存有限，建议尽早下单。'],
  3: ['很抱歉，该品种厂家已停产，暂时无法采购。', '很抱歉，该品种属于国家特殊管理药品，本平台暂不经营。', '很抱歉，该品种暂无合规供货渠道，无法采购。'],
};

export function BuyReplyModal({ request, onClose }: { request: AdminBuyRequest | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const reply = useReplyBuyRequest();
  const { message } = App.useApp();
  const status = Form.useWatch('status', form);

  useEffect(() => {
    if (!request) return;
    form.resetFields();
    form.setFieldsValue({
      status: request.status === BuyRequestStatus.pending ? BuyRequestStatus.replied : request.status,
      reply: request.reply,
      goods_id: request.goods?.id,
    });
  }, [form, request]);

  // The goods of the request first: an empty search looks for its name.
  const goodsOptions = async (keyword: string, signal: AbortSignal): Promise<SearchOption[]> =>
    (await findGoods(keyword || request?.name || '', signal)).data.map((g) => ({ value: g.id, label: `${g.name} ${g.ypgg}（${g.sccj}）` }));

  const submit = async (v: Values) => {
    if (!request) return;
    try {
      await reply.mutateAsync({
        id: request.id,
        body: { status: v.status, reply: v.reply, ...(v.status === BuyRequestStatus.listed ? { goods_id: v.goods_id } : {}) },
      });
      void message.success(`已回复：${request.name}（${request.company}），买家将收到站内消息`);
      onClose();
    } catch (e) {
      const left = applyServerErrors(form, e);
      if (left.length) void message.error(left[0]);
    }
  };

  return (
    <Modal
      open={request !== null}
      title="回复品种求购"
      okText="保存并通知买家"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reply.isPending}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': 'buy-reply-save' }}
    >
      {request ? (
        <Descriptions
          size="small"
          bordered
          column={2}
          className="yct-admin-ss__ask"
          items={[
            { key: 'name', label: '求购品种', children: `${request.name} ${request.ypgg}`, span: 2 },
            { key: 'sccj', label: '生产厂家', children: request.sccj || '不限', span: 2 },
            { key: 'number', label: '数量', children: `${request.number} ${request.bzdw}` },
            { key: 'price', label: '期望价格', children: request.expected_price ? `¥${request.expected_price}` : '未填写' },
            { key: 'buyer', label: '客户', children: `${request.company}（${request.username}）`, span: 2 },
            { key: 'contact', label: '联系人', children: `${request.contact} ${request.phone}`, span: 2 },
            ...(request.remark ? [{ key: 'remark', label: '备注', children: request.remark, span: 2 }] : []),
            { key: 'at', label: '提交时间', children: timeText(request.created_at), span: 2 },
          ]}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="buy-reply-form" style={{ marginTop: 16 }}>
        <Form.Item name="status" label="处理结果" rules={[zodRule(shape.status)]}>
          <Radio.Group optionType="button" buttonStyle="solid" options={STATES} data-testid="buy-reply-status" />
        </Form.Item>
        {status === BuyRequestStatus.listed ? (
          <Form.Item name="goods_id" label="上架商品" rules={[{ required: true, message: '请选择已上架的商品' }]} extra="买家可从求购详情直接进入该商品页下单">
            <SearchSelect
              find={goodsOptions}
              hint="输入商品名称、厂家或批准文号查找"
              placeholder="查找并选择已上架的商品"
              labelRender={({ value, label }) =>
                label ?? (request?.goods?.id === value ? `${request.goods.name} ${request.goods.ypgg}（${request.goods.sccj}）` : `商品 #${String(value)}`)
              }
              data-testid="buy-reply-goods"
            />
          </Form.Item>
        ) : null}
        {status === BuyRequestStatus.unavailable ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="设为无法采购后，请在回复中说明原因，买家会在“我的消息”中看到。" />
        ) : null}
        <Form.Item name="reply" label="回复内容" rules={[zodRule(shape.reply)]}>
          <Input.TextArea maxLength={500} showCount rows={4} placeholder="买家会在求购详情和“我的消息”中看到此回复" data-testid="buy-reply-text" />
        </Form.Item>
        <div className="yct-admin-ss__templates">
          {(TEMPLATES[status ?? 1] ?? []).map((t) => (
            <Button
              key={t}
              type="link"
              size="small"
              onClick={() => {
                form.setFieldsValue({ reply: t });
                form.validateFields(['reply']).catch(() => undefined);
              }}
            >
              {t.length > 24 ? `${t.slice(0, 24)}…` : t}
            </Button>
          ))}
        </div>
      </Form>
    </Modal>
  );
}
