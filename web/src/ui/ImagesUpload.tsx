/**
 * Up to `max` pictures as a form control whose value is the list of uploaded paths (POST /api/upload): the
 * pictures of a return or after-sales request, of feedback.
 */
import './images-upload.css';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Upload, type UploadFile, type UploadProps } from 'antd';
import { useState } from 'react';
import { UPLOAD_MAX_BYTES } from '@core/constants';
import type { Uploaded } from '@core/schemas/user';
import { isApiError } from '@/api/client';
import { uploadFile } from '@/lib/upload';

type Props = {
  value?: string[];
  onChange?: (urls: string[]) => void;
  max?: number;
  testId?: string;
};

export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
const IMAGE_NAME = /\.(jpe?g|png|gif|webp)$/i;

/** Refuses in the browser what the server would refuse: not a picture, or over 10 MB. The message, or null. */
export function imageProblem(file: { name: string; size: number }): string | null {
  if (!IMAGE_NAME.test(file.name)) return '仅支持 JPG、PNG、GIF、WEBP 图片';
  if (file.size > UPLOAD_MAX_BYTES) return '图片不能超过10MB';
  return null;
}

export function ImagesUpload({ value, onChange, max = 6, testId }: Props) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile<Uploaded>[]>(() =>
    (value ?? []).map((url) => ({ uid: url, name: url.split('/').pop() ?? url, status: 'done', url })),
  );
  const uploading = files.some((f) => f.status === 'uploading');

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = imageProblem(file);
    if (problem) {
      void message.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<Uploaded>['customRequest'] = ({ file, onSuccess, onError }) => {
    const blob = file as File;
    uploadFile(blob, blob.name)
      .then((result) => onSuccess?.(result))
      .catch((error: unknown) => onError?.(new Error(isApiError(error) ? error.message : '上传失败')));
  };

  const handleChange: UploadProps<Uploaded>['onChange'] = ({ fileList }) => {
    const next = fileList
      .filter((f) => f.status !== 'error')
      .slice(0, max)
      .map((f) => (f.status === 'done' && f.response ? { ...f, url: f.response.url, thumbUrl: f.response.url } : f));
    setFiles(next);
    onChange?.(next.filter((f) => f.status === 'done' && f.url).map((f) => f.url!));
  };

  return (
    <div className="yct-images-upload" data-testid={testId}>
      <Upload<Uploaded>
        listType="picture-card"
        accept={IMAGE_ACCEPT}
        multiple
        maxCount={max}
        fileList={files}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
      >
        {files.length >= max ? null : (
          <div className="yct-images-upload__add">
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <div>上传图片</div>
          </div>
        )}
      </Upload>
      <p className="yct-images-upload__hint">
        最多 {max} 张，支持 JPG、PNG、GIF、WEBP，单张不超过 10MB（已上传 {files.filter((f) => f.status === 'done').length} 张）
      </p>
    </div>
  );
}
