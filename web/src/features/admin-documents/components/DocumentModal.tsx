/**
 * 上传/更新 one document: its number, 发证日期 (the site's documents), 有效期至 when its kind ends, its files and a
 * remark (the site's documents). The server checks it with the core schema and answers each field's message.
 */
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { EditModal } from '@/ui/admin/EditModal';
import type { DocumentFile } from '../api/documents';
import { DocumentFilesField } from './DocumentFilesField';

export type DocumentValues = { number: string; valid_from: string; valid_until: string; files: DocumentFile[]; remark: string };

/** What the dialog edits: the kind's words and what it was. */
export type Editing = {
  kindName: string;
  numberLabel: string;
  expiry: 'required' | 'optional' | 'none';
  hint: string;
  values: DocumentValues;
  /** The site's documents also have 发证日期 and a remark. */
  site: boolean;
  isNew: boolean;
};

const dateProps = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : ''),
};

type Props = { editing: Editing | null; saving: boolean; onSave: (values: DocumentValues) => Promise<string>; onClose: () => void };

export function DocumentModal({ editing, saving, onSave, onClose }: Props) {
  const [form] = Form.useForm<DocumentValues>();
  useEffect(() => {
    if (editing) form.setFieldsValue(editing.values);
  }, [editing, form]);
  return (
    <EditModal<DocumentValues>
      noun={editing?.isNew ? editing.kindName : '资料'}
      open={editing !== null}
      editing={editing?.isNew ? null : (editing?.kindName ?? null)}
      form={form}
      saving={saving}
      onSave={onSave}
      onClose={onClose}
      width={620}
      labelWidth={110}
      testId="doc"
      initialValues={editing?.values}
    >
      {editing ? <p className="yct-adoc-hint">{editing.hint}</p> : null}
      <Form.Item name="number" label={editing?.numberLabel ?? '证号'}>
        <Input maxLength={60} placeholder="选填" data-testid="doc-number" />
      </Form.Item>
      {editing?.site ? (
        <Form.Item name="valid_from" label="发证日期" {...dateProps}>
          <DatePicker style={{ width: 200 }} placeholder="YYYY-MM-DD" data-testid="doc-valid-from" />
        </Form.Item>
      ) : null}
      {editing?.expiry !== 'none' ? (
        <Form.Item
          name="valid_until"
          label="有效期至"
          required={editing?.expiry === 'required'}
          extra={editing?.expiry === 'optional' ? '长期有效请留空' : '到期前30天起在工作台提醒'}
          {...dateProps}
        >
          <DatePicker style={{ width: 200 }} placeholder="YYYY-MM-DD" data-testid="doc-valid-until" />
        </Form.Item>
      ) : null}
      <Form.Item
        name="files"
        label="资料文件"
        required
        // A list as wide as the dialog: with the form's `auto` it would drop below its label.
        wrapperCol={{ flex: '1 1 0' }}
        extra="PDF 或图片，单个不超过10MB，每份资料最多10个文件；证照复印件请加盖公章后扫描"
        // Checked again as files come and go, so that the server's 请上传资料文件 goes once one is added.
        rules={[{ validator: (_, v?: DocumentFile[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error('请上传资料文件'))) }]}
      >
        <DocumentFilesField />
      </Form.Item>
      {editing?.site ? (
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={200} rows={2} placeholder="选填，如换证进度" data-testid="doc-remark" />
        </Form.Item>
      ) : null}
    </EditModal>
  );
}
