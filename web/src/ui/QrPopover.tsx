import { Popover, type PopoverProps } from 'antd';
import type { ReactElement } from 'react';
import { QrCode } from './QrCode';

type Props = {
  value: string | null | undefined;
  caption: string;
  placement?: PopoverProps['placement'];
  children: ReactElement;
};

/** Shows a QR code (WeChat, mini program) when the pointer rests on `children`. */
export function QrPopover({ value, caption, placement = 'bottom', children }: Props) {
  return (
    <Popover
      placement={placement}
      arrow
      content={<QrCode value={value} size={120} caption={caption} data-testid="qr-popover" />}
      classNames={{ root: 'yct-qr-popover' }}
    >
      {children}
    </Popover>
  );
}
