/**
 * One picture as a form control (a points goods, a prize, a banner): its preview, 上传图片 through
 * POST /api/admin/images, and the address itself, which can also be typed (a picture the site draws, such as
 * `/api/img/banner.svg?...`, or one on a CDN). The value is the address; empty is no picture.
 */
import { DeleteOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Input, Upload } from 'antd';
import { useState } from 'react';
import { PICTURE_MAX_BYTES } from '@core/schemas/admin-goods';
import { uploadImage } from '@/lib/admin/upload-image';
import './admin-ui.css';

const PICTURE_TYPES = /^image\/(jpeg|png|gif|webp)$/;
const SHOWN = /^(https?:\/\/|\/)/;

type Props = {
  value?: string;
  onChange?: (url: string) => void;
  /** The preview's size in px, width by height (a banner is wide). */
  size?: [number, number];
  placeholder?: string;
  /** A thumbnail and an upload button only, for a row of a table-like form (a prize). */
  compact?: boolean;
  'data-testid'?: string;
};

export function PictureField({ value = '', onChange, size = [72, 72], placeholder = '上传图片，或填写图片地址', compact = false, ...rest }: Props) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const testId = rest['data-testid'] ?? 'picture';
  const upload = async (file: File) => {
    if (!PICTURE_TYPES.test(file.type)) return void message.error('仅支持 JPG、PNG、GIF、WEBP 图片');
    if (file.size > PICTURE_MAX_BYTES) return void message.error('图片不能超过2MB');
    setUploading(true);
    try {
      onChange?.((await uploadImage(file)).url);
    } catch {
      // Shown by the call itself.
    } finally {
      setUploading(false);
    }
  };
  const [width, height] = compact ? [32, 32] : size;
  const button = (
    <Upload
      accept=".jpg,.jpeg,.png,.gif,.webp"
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button size="small" icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={uploading} data-testid={`${testId}-upload`}>
        {uploading ? '上传中' : value ? '更换图片' : '上传图片'}
      </Button>
    </Upload>
  );
  const preview = (
    <div className="yct-admin-picture__preview" style={{ width, height }}>
      {value && SHOWN.test(value) ? (
        <Image src={value} width={width} height={height} alt="图片预览" data-testid={`${testId}-preview`} />
      ) : (
        <span className="yct-admin-picture__none">{compact ? '无' : '暂无图片'}</span>
      )}
    </div>
  );
  if (compact)
    return (
      <div className="yct-admin-picture is-compact" data-testid={testId}>
        {preview}
        {button}
      </div>
    );
  return (
    <div className="yct-admin-picture" data-testid={testId}>
      {preview}
      <div className="yct-admin-picture__side">
        <div className="yct-admin-picture__actions">
          {button}
          {value ? (
            <Button size="small" type="text" icon={<DeleteOutlined />} onClick={() => onChange?.('')} aria-label="移除图片">
              移除
            </Button>
          ) : null}
        </div>
        <Input size="small" value={value} onChange={(e) => onChange?.(e.target.value)} placeholder={placeholder} allowClear data-testid={`${testId}-url`} />
        <span className="yct-admin-muted">JPG、PNG、GIF、WEBP，不超过2MB</span>
      </div>
    </div>
  );
}
