/**
 * Step 2 核对列: each column of the list with the field it is taken for (remembered, from its header or from its
 * cells; or not recognised), which the buyer corrects; the first rows as they will be read, and the rows the
 * reader left out with why.
 */
import { Alert, Button, Select, Tag } from 'antd';
import { PURCHASE_LIST_FIELDS, PURCHASE_LIST_FIELD_TEXT, type PurchaseListField, type PurchaseListSheet } from '@core/schemas/purchase-lists';
import { FROM_TEXT, mappingProblem, setColumn, type Mapping } from '../lib/columns';

const PREVIEW_ROWS = 5;
const OPTIONS = PURCHASE_LIST_FIELDS.map((f) => ({ value: f, label: PURCHASE_LIST_FIELD_TEXT[f] }));

type Props = {
  sheet: PurchaseListSheet;
  mapping: Mapping;
  onMapping: (m: Mapping) => void;
  matching: boolean;
  error: string | null;
  onMatch: () => void;
  onRestart: () => void;
};

function FromTag({ sheet, mapping, index }: { sheet: PurchaseListSheet; mapping: Mapping; index: number }) {
  const field = mapping[index];
  if (field !== sheet.mapping[index]) return <Tag color="gold">已修改</Tag>;
  const from = sheet.mapping_from[index];
  if (!field || !from) return <Tag color="orange">未识别</Tag>;
  return <Tag color={FROM_TEXT[from].colour}>{FROM_TEXT[from].text}</Tag>;
}

export function ColumnsStep({ sheet, mapping, onMapping, matching, error, onMatch, onRestart }: Props) {
  const problem = mappingProblem(mapping);
  const used = (i: number) => mapping[i] && mapping[i] !== 'ignore';
  return (
    <div className="yct-pl__columns" data-testid="pl-columns">
      <div className="yct-pl__file">
        <span>
          文件：<b data-testid="pl-file-name">{sheet.file_name}</b>，共 <b>{sheet.rows.length}</b> 行数据、{sheet.headers.length} 列
        </span>
        <span className="yct-muted">请核对每一列对应的内容，未识别或无需导入的列选择“不导入”。您的设置会被记住，下次导入同样表头时自动套用。</span>
      </div>
      <div className="yct-pl__grid-wrap">
        <table className="yct-pl__grid" data-testid="pl-mapping">
          <thead>
            <tr>
              <th className="yct-pl__rowno">表头</th>
              {sheet.headers.map((h, i) => (
                <th key={i} className={used(i) ? undefined : 'is-off'} data-testid="pl-column">
                  <div className="yct-pl__header" title={h}>
                    {h || `（第${i + 1}列无表头）`}
                  </div>
                  <Select<PurchaseListField>
                    size="small"
                    value={mapping[i] ?? undefined}
                    placeholder="请选择"
                    showSearch={{ optionFilterProp: 'label' }}
                    options={OPTIONS}
                    onChange={(f) => onMapping(setColumn(mapping, i, f))}
                    popupMatchSelectWidth={false}
                    className="yct-pl__field"
                    aria-label={`“${h}”列对应`}
                    data-testid={`pl-field-${i}`}
                  />
                  <FromTag sheet={sheet} mapping={mapping} index={i} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.slice(0, PREVIEW_ROWS).map((r) => (
              <tr key={r.row}>
                <td className="yct-pl__rowno">第{r.row}行</td>
                {sheet.headers.map((_, i) => (
                  <td key={i} className={used(i) ? undefined : 'is-off'}>
                    {r.cells[i] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {sheet.rows.length > PREVIEW_ROWS ? (
        <p className="yct-muted yct-pl__more">
          仅预览前{PREVIEW_ROWS}行，其余 {sheet.rows.length - PREVIEW_ROWS} 行将一并匹配
        </p>
      ) : null}
      {sheet.skipped.length ? (
        <Alert
          type="info"
          showIcon
          className="yct-pl__skipped"
          title={`读取时跳过了 ${sheet.skipped.length} 行`}
          description={
            <ul data-testid="pl-skipped">
              {sheet.skipped.slice(0, 20).map((s) => (
                <li key={s.row}>
                  第{s.row}行：{s.message}
                </li>
              ))}
              {sheet.skipped.length > 20 ? <li>……等共 {sheet.skipped.length} 行</li> : null}
            </ul>
          }
        />
      ) : null}
      {problem || error ? <Alert type="error" showIcon title={problem ?? error} className="yct-pl__error" data-testid="pl-columns-error" /> : null}
      <div className="yct-pl__actions">
        <Button onClick={onRestart} disabled={matching} data-testid="pl-restart">
          重新导入
        </Button>
        <Button type="primary" disabled={Boolean(problem)} loading={matching} onClick={onMatch} data-testid="pl-match">
          开始匹配（{sheet.rows.length} 行）
        </Button>
      </div>
    </div>
  );
}
