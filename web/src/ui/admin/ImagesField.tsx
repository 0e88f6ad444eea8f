/**
 * Several pictures as a form control (商品图片, a brand's logo with `max` 1, a lottery's pop-up pictures): the list of
 * picture paths, the first one the main picture where there may be more than one. New pictures go up through
 * POST /api/admin/images; each can be moved left or right, opened large, or removed.
 */
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Image, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { GOODS_IMAGES_MAX, PICTURE_MAX_BYTES } from '@core/schemas/admin-goods';
import { uploadImage } from '@/lib/admin/upload-image';
import './admin-ui.css';

const PICTURE_TYPES = /^image\/(jpeg|png|gif|webp)$/;

type Props = {
  value?: string[];
  onChange?: (urls: string[]) => void;
  disabled?: boolean;
  max?: number;
  /** What the first picture is called where there may be more: 主图 for goods, 首张 for pictures shown in turn. */
  first?: string;
  'data-testid'?: string;
};

export function ImagesField({ value = [], onChange, disabled, max = GOODS_IMAGES_MAX, first = '主图', ...rest }: Props) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const move = (from: number, to: number) => {
    const next = [...value];
    const [url] = next.splice(from, 1);
    next.splice(to, 0, url);
    onChange?.(next);
  };
  // Each picture is added to the list as it arrives, so that several chosen at once all land.
  let latest = value;
  const add = async (file: File) => {
    if (!PICTURE_TYPES.test(file.type)) return void message.error('仅支持 JPG、PNG、GIF、WEBP 图片');
    if (file.size > PICTURE_MAX_BYTES) return void message.error('图片不能超过2MB');
    setUploading((n) => n + 1);
    try {
      const { url } = await uploadImage(file);
      latest = latest.includes(url) ? latest : [...latest, url].slice(0, max);
      onChange?.(latest);
    } catch {
      // Shown by the call itself.
    } finally {
      setUploading((n) => n - 1);
    }
  };
  const room = max - value.length - uploading;
  return (
    <div className="yct-admin-images" data-testid={rest['data-testid'] ?? 'goods-images'}>
      <Image.PreviewGroup>
        {value.map((url, i) => (
          <div key={url} className="yct-admin-images__item" data-testid="goods-image">
            <Image src={url} width={104} height={104} alt={`图片${i + 1}`} />
            {i === 0 && max > 1 ? <span className="yct-admin-images__main">{first}</span> : null}
            {disabled ? null : (
              <div className="yct-admin-images__bar">
                <Tooltip title="前移">
                  <Button type="text" size="small" icon={<ArrowLeftOutlined />} disabled={i === 0} onClick={() => move(i, i - 1)} aria-label="前移" />
                </Tooltip>
                <Tooltip title="删除">
                  <Button
                    type="text"
                    size="small"
                    icon={<DeleteOutlined />}
                    onClick={() => onChange?.(value.filter((u) => u !== url))}
                    aria-label="删除"
                    data-testid="goods-image-remove"
                  />
                </Tooltip>
                <Tooltip title="后移">
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowRightOutlined />}
                    disabled={i === value.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label="后移"
                  />
                </Tooltip>
              </div>
            )}
          </div>
        ))}
      </Image.PreviewGroup>
      {disabled || room <= 0 ? null : (
        <Upload
          accept=".jpg,.jpeg,.png,.gif,.webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <button type="button" className="yct-admin-images__add" data-testid="goods-image-add">
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <span>{uploading ? '上传中' : '上传图片'}</span>
          </button>
        </Upload>
      )}
    </div>
  );
}
