/**
 * 导入Excel: pick a file in the export's columns, 检查文件 runs the server's dry run (nothing written) and lists
 * every wrong row with its Chinese message; only a file without errors can be imported, all rows or none.
 */
import { CheckCircleFilled, InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Space, Table, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { GOODS_IMPORT_MAX_ROWS, type ImportProblem, type ImportReport } from '@core/schemas/admin-goods';
import { errorText } from '@/lib/admin/http';
import { refusedRows, useImportGoods } from '../api/goods-excel';

const MAX_BYTES = 10 * 1024 * 1024;

const problemColumns: TableColumnsType<ImportProblem> = [
  { title: '行号', dataIndex: 'row', width: 70, align: 'center' },
  { title: '列', dataIndex: 'column', width: 120 },
  { title: '错误信息', dataIndex: 'message' },
];

type Props = { open: boolean; onClose: () => void };

export function ImportModal({ open, onClose }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const importGoods = useImportGoods();
  const { message } = App.useApp();

  const reset = () => {
    setFile(null);
    setReport(null);
    setFailure(null);
  };
  const finish = () => {
    reset();
    onClose();
  };
  const close = () => {
    if (!importGoods.isPending) finish();
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    try {
      const answer = await importGoods.mutateAsync({ file, dryRun });
      if (dryRun) {
        setReport(answer);
        return;
      }
      void message.success(`导入完成：新增 ${answer.created} 件，更新 ${answer.updated} 件`);
      finish();
    } catch (e) {
      const rows = refusedRows(e);
      if (rows) setReport({ dry_run: 1, total: report?.total ?? 0, created: 0, updated: 0, errors: rows });
      else setFailure(errorText(e));
    }
  };

  const checked = report && !failure;
  const clean = checked && report.errors.length === 0 && report.total > 0;

  return (
    <Modal
      open={open}
      title="导入Excel"
      width={760}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={close} disabled={importGoods.isPending}>
            取消
          </Button>
          <Button onClick={() => void run(true)} disabled={!file} loading={importGoods.isPending && importGoods.variables?.dryRun} data-testid="import-check">
            检查文件
          </Button>
          <Button
            type="primary"
            onClick={() => void run(false)}
            disabled={!clean}
            loading={importGoods.isPending && !importGoods.variables?.dryRun}
            data-testid="import-confirm"
          >
            确认导入
          </Button>
        </Space>
      }
    >
      <div data-testid="import-modal">
        <ul className="yct-admin-goods__import-help">
          <li>文件格式与“导出Excel”相同：可先导出，修改后再导入。有“商品ID”的行更新该商品，没有的行新建商品。</li>
          <li>先检查文件，全部行无误后才能导入；导入时所有行一起写入，任一行出错则全部不写入。</li>
          <li>每次最多 {GOODS_IMPORT_MAX_ROWS.toLocaleString()} 行，文件不超过 10MB；已有商品的库存请在商品编辑页调整。</li>
        </ul>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            if (f.size > MAX_BYTES) void message.error('文件不能超过10MB');
            else {
              setFile(f);
              setReport(null);
              setFailure(null);
            }
            return Upload.LIST_IGNORE;
          }}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : '点击或拖拽 Excel 文件（.xlsx）到此处'}</p>
          <p className="ant-upload-hint">{file ? `${(file.size / 1024).toFixed(1)} KB，点击可重新选择` : '仅支持 .xlsx 格式'}</p>
        </Upload.Dragger>
        {failure ? <Alert type="error" showIcon title="检查失败" description={failure} className="yct-admin-goods__import-result" /> : null}
        {checked ? (
          <div className="yct-admin-goods__import-result" data-testid="import-report">
            {report.errors.length ? (
              <>
                <Alert
                  type="error"
                  showIcon
                  title={`共 ${report.total} 行，发现 ${report.errors.length} 处错误，请修改文件后重新检查`}
                  description="导入为全部成功或全部不写入：修正以下所有错误前，不会导入任何一行。"
                />
                <Table<ImportProblem>
                  size="small"
                  rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
                  columns={problemColumns}
                  dataSource={report.errors}
                  pagination={report.errors.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
                  className="yct-admin-goods__import-errors"
                  data-testid="import-errors"
                />
              </>
            ) : report.total ? (
              <Alert
                type="success"
                showIcon
                icon={<CheckCircleFilled />}
                title={`检查通过：共 ${report.total} 行，将新增 ${report.created} 件、更新 ${report.updated} 件商品`}
                description="点击“确认导入”写入全部行。"
              />
            ) : (
              <Alert type="warning" showIcon title="文件中没有商品行" />
            )}
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
