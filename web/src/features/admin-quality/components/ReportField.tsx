/** A batch's inspection report in a form: one PDF or JPG/PNG picture, uploaded as it is chosen. */
import { FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { errorText } from '@/lib/admin/http';
import { uploadReport } from '../api/batches';

const MAX_BYTES = 10 * 1024 * 1024;

type Props = { value?: string; onChange?: (url: string) => void; 'data-testid'?: string };

export function ReportField({ value, onChange, ...rest }: Props) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [name, setName] = useState('');
  const testId = rest['data-testid'] ?? 'report';
  const send = async (file: File) => {
    if (file.size > MAX_BYTES) return void message.error('文件不能超过10MB');
    setUploading(true);
    try {
      const saved = await uploadReport(file);
      setName(saved.name || file.name);
      onChange?.(saved.url);
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Space size={8} wrap>
      <Upload
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} data-testid={`${testId}-upload`}>
          {value ? '重新上传' : '上传药检报告'}
        </Button>
      </Upload>
      {value ? (
        <span className="yct-aq-file" data-testid={`${testId}-name`}>
          <FilePdfOutlined /> {name || '已上传'}
        </span>
      ) : (
        <span className="yct-muted">PDF 或 JPG、PNG 图片，不超过10MB</span>
      )}
    </Space>
  );
}
