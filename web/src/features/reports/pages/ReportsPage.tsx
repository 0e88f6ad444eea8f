/**
 * /zjbg 药检报告查询, the page the header's 质检报告查询 link opens: a buyer types a goods' name (or its pinyin
 * initials) and the batch number printed on the box, and opens the batch's 检验报告书 with the site's
 * 质量管理专用章. Only batches the site sells are found; a guest is sent to log in.
 */
import { FileProtectOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportBatch } from '@core/schemas/quality';
import { isApiError } from '@/api/client';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { reportUrl, useReportSearch, type ReportQuery } from '../api/reports';
import '../reports.css';

const columns: TableColumnsType<ReportBatch> = [
  {
    title: '药品名称',
    key: 'name',
    render: (_, r) => (
      <div className="yct-zj-goods">
        <b>{r.name}</b>
        <span>
          {r.ypgg} · {r.sccj}
        </span>
      </div>
    ),
  },
  { title: '批号', dataIndex: 'batch_no', width: 140, render: (n: string) => <b className="yct-zj-mono">{n}</b> },
  { title: '生产日期', dataIndex: 'scrq', width: 120, render: (d: string) => <span className="yct-zj-mono">{d}</span> },
  { title: '有效期至', dataIndex: 'xq', width: 120, render: (d: string) => <span className="yct-zj-mono">{d}</span> },
  {
    title: '检验报告书',
    key: 'report',
    width: 150,
    render: (_, r) =>
      r.has_report ? (
        <a href={reportUrl(r)} target="_blank" rel="noreferrer" className="yct-zj-open" data-testid="report-open">
          <FileProtectOutlined /> 查看报告
        </a>
      ) : (
        <Tag>报告待上传</Tag>
      ),
  },
];

export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<ReportQuery>();
  const keyword = params.get('keyword')?.trim() ?? '';
  const batchNo = params.get('batch_no')?.trim() ?? '';
  const query = keyword && batchNo ? { keyword, batch_no: batchNo } : null;
  const [touched, setTouched] = useState(false);
  const search = useReportSearch(query);
  const failure = search.error && isApiError(search.error) ? search.error.message : null;

  return (
    <div className="yct-zj" data-testid="reports-page">
      <div className="yct-zj__head">
        <FileProtectOutlined className="yct-zj__icon" />
        <div>
          <h1>药检报告查询</h1>
          <p>输入药品名称（或拼音首字母）与包装上的批号，查看该批号的药品检验报告书。报告均加盖本公司质量管理专用章，可打印留存备查。</p>
        </div>
      </div>
      <Form
        form={form}
        layout="inline"
        className="yct-zj__form"
        initialValues={{ keyword, batch_no: batchNo }}
        onFinish={(v) => {
          setTouched(true);
          setParams({ keyword: v.keyword.trim(), batch_no: v.batch_no.trim() });
        }}
      >
        <Form.Item name="keyword" rules={[{ required: true, whitespace: true, message: '请输入药品名称' }]}>
          <Input allowClear placeholder="药品名称或拼音首字母，如 阿莫西林、amxl" style={{ width: 320 }} maxLength={40} data-testid="report-keyword" />
        </Form.Item>
        <Form.Item name="batch_no" rules={[{ required: true, whitespace: true, message: '请输入批号' }]}>
          <Input allowClear placeholder="批号，如 20250312" style={{ width: 220 }} maxLength={32} data-testid="report-batch" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={search.isFetching} data-testid="report-search">
            查询
          </Button>
        </Form.Item>
      </Form>
      <div className="yct-zj__result">
        {!query ? (
          <EmptyState description={touched ? '请输入药品名称与批号' : '请输入药品名称与批号查询药检报告'} />
        ) : search.isError ? (
          failure ? (
            <EmptyState description={failure} />
          ) : (
            <ErrorState onRetry={() => void search.refetch()} retrying={search.isFetching} />
          )
        ) : (
          <Table<ReportBatch>
            rowKey={(r) => `${r.goods_id}-${r.batch_no}`}
            columns={columns}
            dataSource={search.data ?? []}
            loading={search.isPending}
            pagination={false}
            locale={{ emptyText: <EmptyState compact description={`未找到「${keyword}」批号 ${batchNo.toUpperCase()} 的药检报告，请核对批号`} /> }}
            data-testid="report-results"
          />
        )}
      </div>
      <ul className="yct-zj__notes">
        <li>仅可查询本站在售批号；您采购过的批号也可在「我的订单 › 订单详情」中直接查看药检报告。</li>
        <li>批号由字母、数字和短横线组成，请以药品最小包装上印刷的批号为准。</li>
      </ul>
    </div>
  );
}
