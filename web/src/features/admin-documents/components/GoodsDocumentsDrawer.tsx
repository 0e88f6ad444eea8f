/** One goods' four documents (注册证或批件, 说明书, 质量标准, 包装图), each with its state, files, 上传/更新 and 删除. */
import { Button, Descriptions, Drawer, Skeleton, Space } from 'antd';
import { useState } from 'react';
import type { GoodsDocument } from '@core/schemas/documents';
import { chinaMinute } from '@/lib/china-time';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { useGoodsDocuments, useRemoveGoodsDocument, useSaveGoodsDocument } from '../api/documents';
import { DocumentModal, type Editing } from './DocumentModal';
import { FileLinks, StateTag } from './DocumentParts';

function Body({ goodsId }: { goodsId: number }) {
  const docs = useGoodsDocuments(goodsId);
  const save = useSaveGoodsDocument(goodsId);
  const remove = useRemoveGoodsDocument(goodsId);
  const [editing, setEditing] = useState<(Editing & { kind: GoodsDocument['kind'] }) | null>(null);
  if (docs.isError) return <LoadFailed error={docs.error} onRetry={() => void docs.refetch()} retrying={docs.isFetching} />;
  if (!docs.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { goods, documents } = docs.data;
  return (
    <>
      <Descriptions size="small" column={2} bordered className="yct-adoc-brief">
        <Descriptions.Item label="商品">{goods.name}</Descriptions.Item>
        <Descriptions.Item label="规格">{goods.ypgg}</Descriptions.Item>
        <Descriptions.Item label="生产厂家">{goods.sccj}</Descriptions.Item>
        <Descriptions.Item label="批准文号">{goods.pzwh || '—'}</Descriptions.Item>
      </Descriptions>
      <div className="yct-adoc-cards">
        {documents.map((d) => (
          <div key={d.kind} className={`yct-adoc-card is-${d.state}`} data-testid="goods-doc" data-kind={d.kind}>
            <div className="yct-adoc-card__head">
              <b>{d.name}</b>
              <StateTag state={d.state} text={d.state_text} />
              <Space size={4} className="yct-adoc-card__ops">
                <Button
                  type="link"
                  size="small"
                  data-testid="goods-doc-edit"
                  onClick={() =>
                    setEditing({
                      kind: d.kind,
                      kindName: d.name,
                      numberLabel: d.number_label,
                      expiry: d.expiry,
                      hint: d.hint,
                      site: false,
                      isNew: d.state === 'missing',
                      values: { number: d.number, valid_from: '', valid_until: d.valid_until ?? '', files: d.files, remark: '' },
                    })
                  }
                >
                  {d.state === 'missing' ? '上传' : '更新'}
                </Button>
                {d.state !== 'missing' ? (
                  <ConfirmButton type="link" size="small" danger title={`删除「${d.name}」？`} onConfirm={() => remove.mutateAsync(d.kind)}>
                    删除
                  </ConfirmButton>
                ) : null}
              </Space>
            </div>
            {d.state === 'missing' ? (
              <p className="yct-muted yct-adoc-card__empty">{d.hint}</p>
            ) : (
              <div className="yct-adoc-card__facts">
                <span>
                  {d.number_label}：{d.number || '—'}
                </span>
                {d.expiry !== 'none' ? <span>有效期至：{d.valid_until ?? '长期'}</span> : null}
                <span>
                  文件：
                  <FileLinks files={d.files} />
                </span>
                <span className="yct-muted">
                  {d.updated_by} {chinaMinute(d.updated_at)}
                </span>
              </div>
            )}
          </div>
        ))}
      </div>
      <DocumentModal
        editing={editing}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={async (v) => {
          await save.mutateAsync({ kind: editing!.kind, number: v.number, valid_until: v.valid_until, files: (v.files ?? []).map((f) => f.url) });
          return `已保存「${editing!.kindName}」`;
        }}
      />
    </>
  );
}

export function GoodsDocumentsDrawer({ goodsId, onClose }: { goodsId: number | null; onClose: () => void }) {
  return (
    <Drawer open={goodsId !== null} onClose={onClose} title="商品首营资料" size={720} destroyOnHidden data-testid="goods-docs-drawer">
      {goodsId !== null ? <Body goodsId={goodsId} /> : null}
    </Drawer>
  );
}
