/**
 * A document's files as a form control: each uploaded file with its name, size and 查看, removable, and 上传文件
 * (PDF or a picture, up to 10 MB, at most ten) through POST /api/admin/documents/upload.
 */
import { DeleteOutlined, FilePdfOutlined, FileImageOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { DOCUMENT_FILE_MAX_BYTES, DOCUMENT_FILE_TYPES, DOCUMENT_FILES_MAX } from '@core/schemas/documents';
import { fileUrl, uploadDocumentFile, type DocumentFile } from '../api/documents';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

type Props = { value?: DocumentFile[]; onChange?: (files: DocumentFile[]) => void; 'data-testid'?: string };

export function DocumentFilesField({ value = [], onChange, ...rest }: Props) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const testId = rest['data-testid'] ?? 'doc-files';
  // Files chosen together upload one after another; each lands after those before it.
  let files = value;
  const upload = async (file: File) => {
    if (!DOCUMENT_FILE_TYPES.test(file.type)) return void message.error('仅支持 PDF 或 JPG、PNG、GIF、WEBP 图片');
    if (file.size > DOCUMENT_FILE_MAX_BYTES) return void message.error('文件不能超过10MB');
    if (files.length >= DOCUMENT_FILES_MAX) return void message.error(`每份资料最多${DOCUMENT_FILES_MAX}个文件`);
    setUploading((n) => n + 1);
    try {
      const saved = await uploadDocumentFile(file);
      files = [...files, saved];
      onChange?.(files);
    } catch {
      // Shown by the call itself.
    } finally {
      setUploading((n) => n - 1);
    }
  };
  return (
    <div className="yct-adoc-files" data-testid={testId}>
      {value.map((f) => (
        <div key={f.url} className="yct-adoc-file" data-testid={`${testId}-item`}>
          {f.mime === 'application/pdf' ? <FilePdfOutlined className="yct-adoc-file__icon is-pdf" /> : <FileImageOutlined className="yct-adoc-file__icon" />}
          <a href={fileUrl(f.url)} target="_blank" rel="noreferrer" className="yct-adoc-file__name" title={f.name}>
            {f.name || '未命名文件'}
          </a>
          <span className="yct-adoc-file__size">{sizeText(f.size)}</span>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`移除 ${f.name}`}
            onClick={() => onChange?.(value.filter((x) => x.url !== f.url))}
          />
        </div>
      ))}
      <Upload
        accept=".pdf,.jpg,.jpeg,.png,.gif,.webp"
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading > 0} data-testid={`${testId}-upload`}>
          上传文件
        </Button>
      </Upload>
    </div>
  );
}
