import { InputNumber } from 'antd';
import { useState } from 'react';

/**
 * A row's sort number, edited in the table: leaving the field or Enter saves a changed number; the smaller
 * number comes first. A refused one goes back to what is stored (the call has shown why).
 */
export function SortInput({ value, onSave, disabled }: { value: number; onSave: (sort: number) => Promise<unknown>; disabled?: boolean }) {
  const [draft, setDraft] = useState<number | null>(value);
  const [busy, setBusy] = useState(false);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const commit = async () => {
    if (draft === null || draft === value) return setDraft(value);
    setBusy(true);
    try {
      await onSave(draft);
    } catch {
      setDraft(value);
    } finally {
      setBusy(false);
    }
  };
  return (
    <InputNumber
      size="small"
      precision={0}
      min={-100000}
      max={100000}
      value={draft}
      disabled={disabled || busy}
      onChange={setDraft}
      onBlur={() => void commit()}
      onPressEnter={() => void commit()}
      style={{ width: 72 }}
      aria-label="排序"
      data-testid="sort-input"
    />
  );
}
