/** The latest codes scanned, newest first: taken (with the goods it counts for), refused with why, or on its way. */
import { CheckCircleFilled, CloseCircleFilled, LoadingOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import type { Scan } from '../lib/scan-feed';

type Props = { recent: readonly Scan[]; nameOf: ReadonlyMap<string, string>; mayScan: boolean; onUndo: (code: string) => void };

export function ScanFeed({ recent, nameOf, mayScan, onUndo }: Props) {
  if (!recent.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未扫描，扫码枪对准药盒上的追溯码即可" />;
  return (
    <ol className="yct-check__feed" data-testid="scan-feed">
      {recent.map((s) => (
        <li key={s.seq} className={`yct-check__scanned yct-check__scanned--${s.state}`} data-testid="scan-row" data-state={s.state}>
          {s.state === 'taken' ? <CheckCircleFilled /> : s.state === 'refused' ? <CloseCircleFilled /> : <LoadingOutlined />}
          <code>{s.code}</code>
          <span className="yct-check__why">{s.state === 'taken' ? (nameOf.get(s.key ?? '') ?? '已计入') : s.message || '提交中'}</span>
          {s.state === 'taken' && mayScan ? (
            <Button size="small" type="link" onClick={() => onUndo(s.code)} data-testid="scan-undo">
              撤销
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
