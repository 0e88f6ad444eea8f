/** The state of a document as a coloured tag, and its files as links the console opens. */
import { Tag } from 'antd';
import type { DocumentState, SiteDocument } from '@core/schemas/documents';
import { fileUrl } from '../api/documents';

const STATE_COLOR: Record<DocumentState, string> = { missing: 'default', long: 'blue', valid: 'green', expiring: 'orange', expired: 'red' };

export function StateTag({ state, text }: { state: DocumentState; text: string }) {
  return (
    <Tag color={STATE_COLOR[state]} data-testid="doc-state" data-state={state}>
      {text}
    </Tag>
  );
}

export function FileLinks({ files }: { files: SiteDocument['files'] }) {
  if (!files.length) return <span className="yct-muted">—</span>;
  return (
    <div className="yct-adoc-links">
      {files.map((f, i) => (
        <a key={f.url} href={fileUrl(f.url)} target="_blank" rel="noreferrer" title={f.name}>
          {f.mime === 'application/pdf' ? 'PDF' : '图片'}
          {files.length > 1 ? ` ${i + 1}` : ''}
        </a>
      ))}
    </div>
  );
}
