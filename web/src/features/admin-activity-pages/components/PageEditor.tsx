/**
 * 新建 and 编辑 an activity page in a drawer: kind, title, theme colour, period and 上线, then the blocks in
 * order, each added by kind, moved up or down, removed, with its own form. Saved whole; the server's 422 on a
 * block's field (`blocks.2.goods_ids`) shows under that field. A saved page can be previewed in the storefront
 * with `preview=1` before it goes live.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, ColorPicker, DatePicker, Drawer, Dropdown, Empty, Form, Input, Select, Space, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { ACTIVITY_PAGE_KIND_TEXT, ACTIVITY_PAGE_KINDS, BLOCK_KIND_TEXT, BLOCK_KINDS, type AdminBlockPage, type BlockInput } from '@core/schemas/activity-pages';
import { chinaPickerValue } from '@/lib/china-time';
import { applyServerErrors, dottedPath } from '@/lib/form';
import { previewUrl, useSavePage, type PageBody } from '../api/activity-pages';
import { BlockFields, emptyBlock } from './BlockFields';

/** What the drawer edits: a page, `new`, or nothing (closed). */
export type PageTarget = AdminBlockPage | 'new' | null;

type Values = {
  kind: AdminBlockPage['kind'];
  title: string;
  theme: string;
  period: [Dayjs, Dayjs];
  is_show: boolean;
  blocks: Record<string, unknown>[];
};

const MINUTE = 'YYYY-MM-DD HH:mm';

/** `blocks.2.links.0.url` → ['blocks', 2, 'links', 0, 'url']; the period's two ends → the range picker. */
const fieldPath = (field: string) => (field === 'starts_at' || field === 'ends_at' ? ['period'] : dottedPath(field));

/** An empty optional id is left out rather than sent as null. */
const cleanBlock = (b: Record<string, unknown>) => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== null && v !== undefined));

function BlockCard({ index, count, onMove, onRemove }: { index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const form = Form.useFormInstance<Values>();
  // The kind has no field of its own: watched from the store, which the list's add and move keep.
  const kind = (Form.useWatch(['blocks', index, 'kind'], { form, preserve: true }) ?? form.getFieldValue(['blocks', index, 'kind'])) as
    BlockInput['kind'] | undefined;
  if (!kind) return null;
  return (
    <Card
      size="small"
      className="yct-admin-blocks__card"
      data-testid="block-card"
      data-kind={kind}
      title={
        <Space>
          <Tag color="blue">{index + 1}</Tag>
          {BLOCK_KIND_TEXT[kind]}
        </Space>
      }
      extra={
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            aria-label="上移"
            data-testid="block-up"
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            aria-label="下移"
            data-testid="block-down"
          />
          <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label="删除模块" data-testid="block-remove" />
        </Space>
      }
    >
      <BlockFields kind={kind} name={index} />
    </Card>
  );
}

export function PageEditor({ target, onClose }: { target: PageTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSavePage();
  const { message } = App.useApp();
  // A new page, once saved, goes on being edited as that page (so that it can be previewed).
  const [saved, setSaved] = useState<AdminBlockPage | null>(null);
  const editing = saved ?? (target && target !== 'new' ? target : null);

  useEffect(() => {
    setSaved(null);
    if (!target) return;
    form.resetFields();
    if (target !== 'new')
      form.setFieldsValue({
        kind: target.kind,
        title: target.title,
        theme: target.theme,
        period: [dayjs(target.starts_at, MINUTE), dayjs(target.ends_at, MINUTE)],
        is_show: target.is_show === 1,
        blocks: target.blocks,
      });
  }, [form, target]);

  const submit = async (v: Values) => {
    const body = {
      kind: v.kind,
      title: v.title,
      theme: v.theme,
      starts_at: v.period[0].format(MINUTE),
      ends_at: v.period[1].format(MINUTE),
      is_show: v.is_show ? 1 : 0,
      // The whole store: a block's fields hidden by its kind's form (its `kind`) still belong to it.
      blocks: ((form.getFieldsValue(true) as Values).blocks ?? []).map(cleanBlock),
    } as PageBody;
    try {
      const page = await save.mutateAsync({ id: editing?.id ?? null, body });
      setSaved(page);
      // The refusals of the last save no longer hold.
      form.setFields(form.getFieldsError().flatMap((f) => (f.errors.length ? [{ name: f.name, errors: [] }] : [])));
      void message.success(`${editing ? '已保存' : '已新建'}活动页面：${page.title}${page.is_show ? '' : '（未上线，可先预览）'}`);
    } catch (e) {
      const left = applyServerErrors(form, e, fieldPath);
      if (left.length) void message.error(left[0]);
    }
  };

  return (
    <Drawer
      open={Boolean(target)}
      title={editing ? `编辑活动页面：${editing.title}` : '新建活动页面'}
      width={860}
      onClose={onClose}
      destroyOnHidden
      data-testid="page-editor"
      extra={
        <Space>
          <Button
            icon={<EyeOutlined />}
            disabled={!editing}
            title={editing ? undefined : '保存后可预览'}
            href={editing ? previewUrl(editing.url) : undefined}
            target="_blank"
            data-testid="page-preview"
          >
            预览
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="page-save">
            保存
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={{
          kind: 'hdmb',
          theme: '#e4393c',
          period: [chinaPickerValue().startOf('minute'), chinaPickerValue().add(30, 'day').startOf('minute')],
          is_show: false,
          blocks: [emptyBlock('banner'), emptyBlock('countdown')],
        }}
        onFinish={(v) => void submit(v)}
        data-testid="page-form"
      >
        <Form.Item name="kind" label="页面类型" extra="决定前台地址：活动专区 /yjh/ID，专题专区 /zqmb?id=ID，活动专题 /hdmb?id=ID">
          <Select options={ACTIVITY_PAGE_KINDS.map((k) => ({ value: k, label: ACTIVITY_PAGE_KIND_TEXT[k] }))} style={{ width: 200 }} data-testid="page-kind" />
        </Form.Item>
        <Form.Item name="title" label="页面标题" rules={[{ required: true, message: '请输入页面标题' }]}>
          <Input maxLength={30} placeholder="如 冬季呼吸道用药专区" data-testid="page-title" />
        </Form.Item>
        <Form.Item name="theme" label="主题色" getValueFromEvent={(_, hex: string) => hex} extra="页面背景色带、标题和按钮的颜色">
          <ColorPicker
            showText
            disabledAlpha
            format="hex"
            presets={[{ label: '常用', colors: ['#d7141e', '#e4393c', '#fa541c', '#1677ff', '#3f9d5a', '#722ed1'] }]}
          />
        </Form.Item>
        <Form.Item name="period" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format={MINUTE} data-testid="page-period" />
        </Form.Item>
        <Form.Item name="is_show" label="上线" valuePropName="checked" extra="未上线的页面买家看不到，运营可预览">
          <Switch data-testid="page-show" />
        </Form.Item>
        <Form.List name="blocks">
          {(fields, { add, remove, move }, { errors }) => (
            <div className="yct-admin-blocks" data-testid="page-blocks">
              <div className="yct-admin-blocks__head">
                <b>页面模块</b>
                <span>按顺序从上到下展示，共 {fields.length} 个</span>
              </div>
              {fields.length ? null : <Empty description="还没有模块，请添加" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
              {fields.map((field, i) => (
                <BlockCard key={field.key} index={i} count={fields.length} onMove={(to) => move(i, to)} onRemove={() => remove(i)} />
              ))}
              <Form.ErrorList errors={errors} />
              <Dropdown
                menu={{
                  items: BLOCK_KINDS.map((k) => ({ key: k, label: BLOCK_KIND_TEXT[k] })),
                  onClick: ({ key }) => add(emptyBlock(key as BlockInput['kind'])),
                }}
                trigger={['click']}
                disabled={fields.length >= 30}
              >
                <Button type="dashed" block icon={<PlusOutlined />} data-testid="block-add">
                  添加模块
                </Button>
              </Dropdown>
            </div>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
