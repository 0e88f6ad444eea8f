/**
 * 上传签收单 of an ephedrine order: picks one picture, uploads it (POST /api/upload) and attaches it to the order
 * (POST /api/order/{id}/receipt). A refusal (not paid and shipped yet) is shown by the HTTP client's 温馨提示.
 */
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { uploadFile } from '@/lib/upload';
import { IMAGE_ACCEPT, imageProblem } from '@/ui/ImagesUpload';
import { useUploadReceipt } from '../api/upload-receipt';

type Props = { orderId: number; again?: boolean; size?: 'small' | 'middle'; primary?: boolean };

export function ReceiptUpload({ orderId, again = false, size = 'small', primary = false }: Props) {
  const { message } = App.useApp();
  const attach = useUploadReceipt();
  const [uploading, setUploading] = useState(false);

  const send = async (file: File) => {
    setUploading(true);
    try {
      const { url } = await uploadFile(file, file.name);
      await attach.mutateAsync({ id: orderId, image: url });
      void message.success('签收单已上传');
    } catch {
      // The HTTP client already showed why.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Upload
      accept={IMAGE_ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (problem) void message.error(problem);
        else void send(file);
        return false;
      }}
    >
      <Button size={size} type={primary ? 'primary' : 'default'} loading={uploading} data-testid="receipt-upload" data-order={orderId}>
        {again ? '重新上传' : '上传签收单'}
      </Button>
    </Upload>
  );
}
