/**
 * Step 1 导入: a spreadsheet dropped or chosen (.xlsx, .xls, .csv up to 5 MB), or rows pasted from one; the
 * template to start from and the rules. A list that cannot be read says why, in the server's words.
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Upload } from 'antd';
import { useState } from 'react';
import { PURCHASE_LIST_MAX_BYTES, PURCHASE_LIST_MAX_ROWS } from '@core/schemas/purchase-lists';
import { saveFile } from '@/lib/admin/csv';
import { templateCsv } from '../lib/columns';
import type { ListSource } from '../api/read-list';

const KINDS = ['.xlsx', '.xls', '.csv'];

/** What is wrong with a chosen file before it is sent, or null. */
function fileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!KINDS.some((k) => name.endsWith(k))) return `“${file.name}”不是表格文件，请上传 .xlsx、.xls 或 .csv 格式的采购计划`;
  if (file.size === 0) return `“${file.name}”是空文件，请检查后重新上传`;
  if (file.size > PURCHASE_LIST_MAX_BYTES) return `“${file.name}”超过5MB，请删除无关的工作表或分批导入`;
  return null;
}

type Props = {
  reading: boolean;
  /** What the server said was wrong with the last list sent, or a check made here. */
  error: string | null;
  onRead: (source: ListSource) => void;
  onError: (message: string) => void;
};

export function ReadStep({ reading, error, onRead, onError }: Props) {
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [pasting, setPasting] = useState(false);

  return (
    <div className="yct-pl__read" data-testid="pl-read">
      <div className="yct-pl__sources">
        <div className="yct-pl__source" data-testid="pl-file">
          <h3>上传采购计划文件</h3>
          <Upload.Dragger
            accept={KINDS.join(',')}
            maxCount={1}
            showUploadList={false}
            disabled={reading}
            beforeUpload={(file) => {
              const problem = fileProblem(file);
              if (problem) onError(problem);
              else {
                setFileName(file.name);
                setPasting(false);
                onRead({ file });
              }
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{reading && !pasting && fileName ? `正在读取“${fileName}”…` : '点击或将文件拖拽到此处上传'}</p>
            <p className="ant-upload-hint">支持 ERP 导出的 .xlsx、.xls、.csv 文件（含 GBK 编码的 CSV）</p>
          </Upload.Dragger>
        </div>
        <div className="yct-pl__or">或</div>
        <div className="yct-pl__source">
          <h3>粘贴 Excel 中复制的内容</h3>
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={
              '在 Excel 中选中含表头的整块区域，复制后粘贴到这里，例如：\n药品名称\t规格\t生产厂家\t采购数量\n阿莫西林胶囊\t0.25g*24粒\t石药集团欧意药业有限公司\t20'
            }
            autoSize={{ minRows: 6, maxRows: 6 }}
            className="yct-pl__paste"
            disabled={reading}
            data-testid="pl-paste"
          />
          <Button
            type="primary"
            ghost
            block
            disabled={!text.trim()}
            loading={reading && pasting}
            onClick={() => {
              setPasting(true);
              onRead({ text });
            }}
            data-testid="pl-paste-read"
          >
            识别粘贴内容
          </Button>
        </div>
      </div>
      {error ? <Alert type="error" showIcon title="无法导入" description={error} className="yct-pl__error" data-testid="pl-read-error" /> : null}
      <div className="yct-pl__rules">
        <div>
          <b>导入说明</b>
          <ol>
            <li>支持 .xlsx / .xls / .csv，文件不超过5MB、{PURCHASE_LIST_MAX_ROWS}行；第一行为表头。</li>
            <li>可识别的列：药品名称（通用名/商品名）、规格、生产厂家、批准文号、条形码、商品编码、采购数量、单位；其他列不导入。</li>
            <li>按批准文号+规格、条形码、您上次的选择、名称+规格+厂家依次匹配；加入购物车前可逐行核对、修改。</li>
          </ol>
        </div>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => saveFile(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }), '采购计划模板.csv')}
          data-testid="pl-template"
        >
          下载导入模板
        </Button>
      </div>
    </div>
  );
}
