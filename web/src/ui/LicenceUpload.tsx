/** One licence picture (or PDF) as a form control whose value is the uploaded file's URL. */
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import { useState } from 'react';
import { UPLOAD_MAX_BYTES } from '@core/constants';
import type { Uploaded } from '@core/schemas/user';
import { isApiError } from '@/api/client';
import { uploadFile } from '@/lib/upload';
import { useToast } from '@/lib/use-toast';

type Props = {
  value?: string;
  onChange?: (url: string | undefined) => void;
  testId?: string;
};

const ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.pdf,image/jpeg,image/png,image/gif,image/webp,application/pdf';
const ALLOWED = /\.(jpe?g|png|gif|webp|pdf)$/i;

export function LicenceUpload({ value, onChange, testId }: Props) {
  const toast = useToast();
  const [files, setFiles] = useState<UploadFile<Uploaded>[]>(() =>
    value ? [{ uid: value, name: value.split('/').pop() ?? value, status: 'done', url: value }] : [],
  );
  const uploading = files.some((f) => f.status === 'uploading');

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!ALLOWED.test(file.name)) {
      void toast.error('仅支持 JPG、PNG、GIF、WEBP 图片或 PDF 文件');
      return Upload.LIST_IGNORE;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      void toast.error('文件不能超过10MB');
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<Uploaded>['customRequest'] = ({ file, onSuccess, onError }) => {
    const blob = file as File;
    uploadFile(blob, blob.name)
      .then((result) => onSuccess?.(result))
      .catch((error: unknown) => {
        const message = isApiError(error) ? error.message : '上传失败';
        onError?.(Object.assign(new Error(message), { status: isApiError(error) ? error.status : 0 }));
      });
  };

  const handleChange: UploadProps<Uploaded>['onChange'] = ({ file, fileList }) => {
    const next = fileList.slice(-1).map((f) => (f.status === 'done' && f.response ? { ...f, url: f.response.url, thumbUrl: f.response.url } : f));
    setFiles(next);
    if (file.status === 'done' && file.response) onChange?.(file.response.url);
    if (file.status === 'removed' || file.status === 'error') onChange?.(undefined);
  };

  return (
    <div data-testid={testId}>
      <Upload<Uploaded>
        listType="picture-card"
        accept={ACCEPT}
        maxCount={1}
        fileList={files}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={handleChange}
      >
        {files.length >= 1 ? null : (
          <div style={{ color: '#888' }}>
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 6, fontSize: 13 }}>上传图片</div>
          </div>
        )}
      </Upload>
    </div>
  );
}
