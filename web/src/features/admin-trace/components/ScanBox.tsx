/**
 * The box a handheld scanner types into: a code and Enter, some twenty characters in a few milliseconds. It keeps
 * what is being typed to itself, so that a keystroke draws the box alone and not the order's lines and scans
 * around it (a hundred boxes scanned re-drew the page 2,100 times); Enter hands the code over and empties it.
 */
import { ScanOutlined } from '@ant-design/icons';
import { Input, type InputRef } from 'antd';
import { useState, type Ref } from 'react';

type Props = {
  /** Takes a code as typed (checked and queued by the page). */
  onScan: (code: string) => void;
  /** Called when the box loses the focus: the page gives it back unless another field took it. */
  onBlur: () => void;
  ref?: Ref<InputRef>;
};

export function ScanBox({ onScan, onBlur, ref }: Props) {
  const [value, setValue] = useState('');
  return (
    <Input
      ref={ref}
      size="large"
      autoFocus
      autoComplete="off"
      inputMode="numeric"
      prefix={<ScanOutlined />}
      placeholder="请用扫码枪扫描药品追溯码（20位），或手工输入后按回车"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onPressEnter={() => {
        onScan(value);
        setValue('');
      }}
      onBlur={onBlur}
      data-testid="scan-input"
      aria-label="追溯码"
    />
  );
}
