/**
 * Shows a QR code (WeChat, mini program) when the pointer rests on `children` or it has focus. A CSS
 * pop-over: the header and toolbar need no pop-over library on the first load, and the code itself is
 * drawn (and its library loaded) only once somebody looks.
 */
import { useState, type ReactElement } from 'react';
import { LazyQrCode } from './LazyQrCode';

type Props = {
  value: string | null | undefined;
  caption: string;
  placement?: 'bottom' | 'left';
  children: ReactElement;
};

export function QrPopover({ value, caption, placement = 'bottom', children }: Props) {
  const [seen, setSeen] = useState(false);
  return (
    <span className={`yct-qrpop yct-qrpop--${placement}`} onMouseEnter={() => setSeen(true)} onFocus={() => setSeen(true)}>
      {children}
      <span className="yct-qrpop__panel" role="tooltip">
        {seen ? <LazyQrCode value={value} size={120} caption={caption} data-testid="qr-popover" /> : null}
      </span>
    </span>
  );
}
