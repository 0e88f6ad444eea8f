import { QRCodeSVG } from 'qrcode.react';

type Props = {
  /** The URL the code opens; nothing to encode shows a grey box with 暂未开放. */
  value: string | null | undefined;
  size?: number;
  caption?: string;
  className?: string;
  'data-testid'?: string;
};

/** A QR code drawn in the browser from a URL, with an optional caption under it. */
export function QrCode({ value, size = 112, caption, className, ...rest }: Props) {
  return (
    <figure className={`yct-qr${className ? ` ${className}` : ''}`} data-testid={rest['data-testid']}>
      {value ? (
        <QRCodeSVG value={value} size={size} level="M" marginSize={1} title={caption} />
      ) : (
        <div className="yct-qr__none" style={{ width: size, height: size }}>
          暂未开放
        </div>
      )}
      {caption ? <figcaption className="yct-qr__caption">{caption}</figcaption> : null}
    </figure>
  );
}
