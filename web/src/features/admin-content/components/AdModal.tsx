/**
 * 新增广告 and 编辑广告 in one modal, checked with core's schema first; the server's answer on a field shows under it.
 * The picture's preview takes the position's proportions, and the size it shows at is named; the home page's activity
 * entrances (首页活动入口) need the activity ID 125.
 */
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { adBody, HOME_ENTRANCE_BANNER_ID, type AdminAd, type AdminAdPosition } from '@core/schemas/admin-content';
import { zodRule } from '@/lib/form';
import { EditModal } from '@/ui/admin/EditModal';
import { PictureField } from '@/ui/admin/PictureField';
import { useSaveAd } from '../api/ads';
import { AD_POSITION_OPTIONS, AD_SIZES, isAdPosition, previewSize } from '../lib/ad-positions';

/** What the modal edits: an ad, a new one (at a position when the list shows one), or nothing (closed). */
export type AdTarget = AdminAd | { position: AdminAdPosition | undefined } | null;

type Values = { position?: AdminAdPosition; title: string; image: string; url: string; banner_id?: number | null; sort: number; is_show: boolean };

const shape = adBody.shape;
/** Where a banner or nav entry may lead, in two lines so that the dialog's field keeps its width. */
export const LINK_HELP = (
  <>
    站内路径如 /mrtj，站外填 https:// 地址
    <br />
    留空则提示“活动暂未开始”；填 *#文字 则只提示文字、不跳转
  </>
);

export function AdModal({ target, onClose }: { target: AdTarget; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveAd();
  const editing = target && 'id' in target ? target : null;
  const position = Form.useWatch('position', form);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if ('id' in target)
      form.setFieldsValue({
        position: isAdPosition(target.position) ? target.position : undefined,
        title: target.title,
        image: target.image,
        url: target.url,
        banner_id: target.banner_id,
        sort: target.sort,
        is_show: target.is_show === 1,
      });
    else form.setFieldsValue({ position: target.position, banner_id: target.position === 'tile' ? HOME_ENTRANCE_BANNER_ID : null });
  }, [form, target]);

  const submit = async (v: Values): Promise<string> => {
    await save.mutateAsync({
      id: editing?.id ?? null,
      body: { ...v, position: v.position!, banner_id: v.banner_id ?? undefined, is_show: v.is_show ? 1 : 0 },
    });
    const name = v.title || AD_POSITION_OPTIONS.find((o) => o.value === v.position)?.label || '广告';
    return editing ? `已保存：${name}` : `已新增：${name}`;
  };

  const [w, h] = position ? AD_SIZES[position] : [0, 0];
  return (
    <EditModal
      noun="广告"
      open={Boolean(target)}
      editing={editing ? editing.title || editing.position_text : null}
      form={form}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      width={720}
      testId="ad"
      initialValues={{ title: '', image: '', url: '', sort: 0, is_show: true, banner_id: null }}
    >
      <Form.Item name="position" label="广告位" rules={[{ required: true, message: '请选择广告位' }]}>
        <Select
          options={AD_POSITION_OPTIONS}
          placeholder="选择广告位"
          style={{ width: 240 }}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(p: AdminAdPosition) => {
            if (p === 'tile' && !form.getFieldValue('banner_id')) form.setFieldValue('banner_id', HOME_ENTRANCE_BANNER_ID);
          }}
          data-testid="ad-position"
        />
      </Form.Item>
      <Form.Item name="title" label="标题" rules={[zodRule(shape.title)]} extra="图片的替代文字，也用于后台识别">
        <Input maxLength={60} placeholder="如 年终采购节 满1000减50" data-testid="ad-title" />
      </Form.Item>
      <Form.Item
        name="image"
        label="广告图片"
        required
        rules={[{ required: true, whitespace: true, message: '请上传或填写广告图片' }]}
        extra={position ? `前台显示尺寸 ${w}×${h} 像素，请按此比例制作` : '先选择广告位，再上传对应尺寸的图片'}
      >
        <PictureField size={previewSize(position, 320, 120)} data-testid="ad-image" />
      </Form.Item>
      <Form.Item name="url" label="链接地址" rules={[zodRule(shape.url)]} extra={LINK_HELP}>
        <Input placeholder="/mrtj" data-testid="ad-url" />
      </Form.Item>
      {position === 'tile' || editing?.banner_id ? (
        <Form.Item
          name="banner_id"
          label="活动ID"
          rules={position === 'tile' ? [{ required: true, message: `请填写活动ID（首页活动入口为 ${HOME_ENTRANCE_BANNER_ID}）` }] : []}
          extra={`首页活动入口固定为 ${HOME_ENTRANCE_BANNER_ID}`}
        >
          <InputNumber min={1} precision={0} style={{ width: 160 }} data-testid="ad-banner-id" />
        </Form.Item>
      ) : null}
      <Form.Item name="sort" label="排序" rules={[zodRule(shape.sort)]} extra="同一广告位内数字小的排在前面">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="is_show" label="显示" valuePropName="checked">
        <Switch data-testid="ad-is-show" />
      </Form.Item>
    </EditModal>
  );
}
