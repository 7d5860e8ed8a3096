/**
 * A QR code of a text (a deposit address), drawn as SVG from uqr's module matrix: crisp at any
 * size, dark modules on a light square in both themes (scanners want that contrast), with the
 * text itself as its accessible name.
 */
import { encode } from 'uqr';
import { useMemo } from 'react';
import styles from './QrCode.module.css';

export function QrCode({ value, size = 176, label, testId }: { value: string; size?: number; label: string; testId?: string }) {
  const path = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 2 });
    const parts: string[] = [];
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { d: parts.join(''), modules: data.length };
  }, [value]);
  return (
    <svg className={styles.qr} role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${path.modules} ${path.modules}`} shapeRendering="crispEdges" data-testid={testId} data-value={value}>
      <rect width={path.modules} height={path.modules} fill="#ffffff" />
      <path d={path.d} fill="#111111" />
    </svg>
  );
}
