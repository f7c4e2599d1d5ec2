import { useMemo } from 'react';
import QRCode from 'qrcode';

/** A QR code drawn as SVG squares by React (never as markup from a string). */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const modules = useMemo(() => QRCode.create(value, { errorCorrectionLevel: 'M' }).modules, [value]);
  const size = modules.size;
  const cells: string[] = [];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (modules.get(x, y)) cells.push(`M${x} ${y}h1v1h-1z`);
  return (
    <svg role="img" aria-label={label} viewBox={`-2 -2 ${size + 4} ${size + 4}`} className={className} shapeRendering="crispEdges">
      <rect x={-2} y={-2} width={size + 4} height={size + 4} fill="#ffffff" />
      <path d={cells.join('')} fill="#000000" />
    </svg>
  );
}
